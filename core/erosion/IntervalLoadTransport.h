#pragma once

#include "lattice/Lattice.h"
#include "model/DyeLedger.h"
#include "transport/DyeTransport.h"
#include "transport/LedgerTape.h"

#include <functional>

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace rb {

// Carries the suspended load over a bed interval (docs/erosion.md, "The bed's interval"):
// Δt = interval·dt with the discharges of the interval's last step held fixed. The donor-cell
// transport DyeTransport takes per step, but backward in time, so that any Courant number is
// stable (the water may cross many cells in an interval). With depths in metres and a = Δt/S·q
// the water a face passes in the interval, the concentration c of the water leaving a cell
// solves, cell by cell,
//     c_i·(h_i + Σ a_out + drain_i) = s_i + brought_i + Σ a_in·c_upwind,
// and then every face moves a·c_upwind from one cell to the other (the same float product in
// both cells, so the load is conserved face by face; `brought` is what inflow edges and springs
// bring). Red-black row sweeps from c = 0, Gauss-Seidel along each row in alternating
// directions, raise c towards the solution without passing it (the update is monotone), so no
// cell ever gives more than it holds, however few the sweeps: they stop when c changes by less
// than kTolerance of its largest value, or after kMaxSweeps.
class IntervalLoadTransport {
public:
    using Flows = std::array<const float*, Lattice::kMaxFamilies>;
    static constexpr int kMaxSweeps = 16;
    static constexpr float kTolerance = 1e-3f;
    static constexpr float kMinimumPassing = 1e-6f; // m

    IntervalLoadTransport(const Lattice& lattice, std::vector<DyeBoundaryEdge> edges, std::vector<DyeSource> sources, int threadCount = 1);

    // Moves `load` (m over each cell, W×H) through water of depth `depth` (W×H) by `flows` (m³/s,
    // padded, at the head cell) over `seconds`, booking what crosses the map's edges, springs and
    // drains in `ledger`. Returns the sweeps it took.
    int carry(const float* depth, const Flows& flows, double seconds, std::vector<float>& load, DyeLedger& ledger);

    // For a distributed run, which steps a band of the map: every later booking also goes on
    // `tape` (null: none); and a sweep's stop is decided from rows [first, last) only, their
    // largest change and concentration first passed through `reduce` (every band's maxima), so
    // every band sweeps as often as one process over the whole map would.
    void setLedgerTape(LedgerTape* tape) { tape_ = tape; }
    using SweepReduce = std::function<void(float& largestChange, float& largestConcentration)>;
    void setSweepScope(int first, int last, SweepReduce reduce);

private:
    struct FaceOffsets { // padded index offsets to each family's tail and head neighbour, per row parity
        std::array<std::ptrdiff_t, Lattice::kMaxFamilies> tail{}, head{};
    };
    struct SweepChange {
        float largestChange = 0.0f;
        float largestConcentration = 0.0f;
    };
    struct RowScratch {
        std::vector<float> a, b;
    };
    struct Drain {
        std::uint32_t cell = 0;
        float water = 0.0f; // m over the cell in the interval
    };

    void bring(const Flows& flows, double seconds, float perArea, std::vector<float>& load, DyeLedger& ledger);
    void gatherRow(int y, const float* depth, const Flows& flows, float perArea);
    SweepChange sweep(const Flows& flows, float perArea, const std::vector<float>& load, bool leftToRight);
    SweepChange sweepRow(int y, const Flows& flows, float perArea, const std::vector<float>& load, bool leftToRight, RowScratch& scratch);
    void addIncoming(int y, const Flows& flows, float perArea, int skippedFamily, float* sum) const;
    void moveRow(int y, const Flows& flows, float perArea, std::vector<float>& load, RowScratch& scratch);
    void bookEdgesAndDrains(const Flows& flows, double seconds, float perArea, std::vector<float>& load, DyeLedger& ledger) const;
    std::size_t paddedSlotOf(std::uint32_t cell) const;
    RowScratch& scratchOfThisThread();

    Lattice lattice_;
    std::vector<DyeBoundaryEdge> edges_;
    std::vector<DyeSource> sources_;
    int threadCount_ = 1;
    std::array<FaceOffsets, 2> offsets_{};
    int alongRowFamily_ = -1;          // the family whose tail and head lie west and east in the row, if any
    std::vector<float> concentration_; // padded, the ghost ring 0 (water from outside comes in through `brought`)
    std::vector<float> reciprocal_;    // 1/(h + Σ a_out + drain), the passing water at least kMinimumPassing
    std::vector<Drain> drains_;        // by cell, this interval's
    std::vector<SweepChange> rowChange_;
    std::vector<double> rowClipped_;
    std::vector<RowScratch> scratch_; // per thread
    LedgerTape* tape_ = nullptr;
    int sweepFirst_ = 0, sweepLast_ = -1; // −1: the map's height
    SweepReduce reduce_;
};

} // namespace rb
