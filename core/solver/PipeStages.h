#pragma once

#include "lattice/Lattice.h"
#include "model/BoundarySegment.h"
#include "model/MapState.h"
#include "model/PointSource.h"
#include "model/SimParams.h"
#include "solver/StepTrace.h"

#include <array>
#include <cstdint>
#include <limits>
#include <vector>

namespace rb {

// The numbers one step needs, derived once from the parameters.
struct StepConstants {
    double dtSeconds = 0.0;
    double cellArea = 0.0;
    float dt = 0.0f;
    float gravity = 0.0f;
    float frictionFactor = 1.0f; // (1 − friction)^dt
    float viscosityTerm = 0.0f;  // 3·dt·ν
    bool depthPipes = true;
    float constantArea = 0.0f;
    float dtOverArea = 0.0f;     // dt / S
    float rainDepth = 0.0f;      // rain·dt
    float evaporationDepth = 0.0f;

    static StepConstants from(const SimParams& params, const Lattice& lattice);
    // g·dt/l of a family's interior edges, in the order the step multiplies them (the OpenCL
    // backend takes it from here too, so both round alike).
    float gravityDtOverLength(const EdgeFamily& family) const;
};

// A rectangular window of the map held in arrays of its own (or the whole map in place): cells
// width×height; flows (one array per family) and outflow scales padded by a one-cell ring, an
// edge stored at its head cell. Row parity, which picks the triangle offsets, is the map's.
// The arrays may hold only a ring of `rowSlots` rows: row y lives in slot y mod rowSlots (padded
// row y + 1 in slot (y + 1) mod rowSlots), so a sweep down a tall window keeps just the rows in
// flight, in cache. By default every row has its own slot.
struct GridView {
    const Lattice* lattice = nullptr;
    int width = 0;
    int height = 0;
    int rowOrigin = 0; // map row of local row 0
    unsigned rowSlots = std::numeric_limits<unsigned>::max();
    const float* bed = nullptr;
    float* depth = nullptr;
    std::array<float*, Lattice::kMaxFamilies> flows{};
    float* scale = nullptr; // the ring holds 1: ghost cells are unlimited reservoirs

    std::size_t cell(int x, int y) const { return static_cast<std::size_t>(static_cast<unsigned>(y) % rowSlots) * static_cast<std::size_t>(width) + static_cast<std::size_t>(x); }
    std::size_t padded(int x, int y) const { return static_cast<std::size_t>(static_cast<unsigned>(y + 1) % rowSlots) * static_cast<std::size_t>(width + 2) + static_cast<std::size_t>(x + 1); }
    // The slot of a cell or padded position given as an index into the full window's arrays.
    std::size_t cellSlot(std::uint32_t index) const { return cell(static_cast<int>(index % static_cast<std::uint32_t>(width)), static_cast<int>(index / static_cast<std::uint32_t>(width))); }
    std::size_t paddedSlot(std::uint32_t index) const
    {
        const auto paddedWidth = static_cast<std::uint32_t>(width + 2);
        return padded(static_cast<int>(index % paddedWidth) - 1, static_cast<int>(index / paddedWidth) - 1);
    }
    bool contains(int x, int y) const { return x >= 0 && y >= 0 && x < width && y < height; }
    int mapRow(int y) const { return y + rowOrigin; }
    float& flow(int family, int x, int y) const { return flows[static_cast<std::size_t>(family)][padded(x, y)]; }
};

// A boundary edge in a view's indices. `counted`: its flow is in this view's share of the ledger
// (a window's halo computes edges that another window counts).
struct ViewBoundaryEdge {
    int family = 0;
    std::uint32_t flowIndex = 0;
    std::uint32_t cell = 0;
    float inward = 1.0f;
    BoundaryType type = BoundaryType::Wall;
    float value = 0.0f;
    bool counted = true;
};

struct ViewSource {
    std::uint32_t cell = 0;
    PointSource::Kind kind = PointSource::Kind::Spring;
    double rate = 0.0;
    bool drainAll = false;
    bool counted = true;
};

// Cells [x0, x1) × [y0, y1) of a view whose rain and evaporation count in its ledger.
struct CellRect {
    int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    bool contains(int x, int y) const { return x >= x0 && x < x1 && y >= y0 && y < y1; }
};

// Brings a window's rows into a view just before a sweep's first step needs them and takes them
// out once its last step is done with them. Row y: the cells of row y (if 0 ≤ y < height) and the
// flows headed on it; y runs from −1 to height.
class RowStream {
public:
    virtual ~RowStream() = default;
    virtual void loadRow(int y) = 0;
    virtual void storeRow(int y) = 0;
};

// One step of the virtual-pipes method on a view, in the order docs/solver.md ("One step") gives it. Every stage
// is per cell or per edge, so a window computes exactly what the whole map would in its interior.
class PipeStep {
public:
    PipeStep(const GridView& view, const StepConstants& constants) : view_(view), c_(constants) {}

    void run(const std::vector<ViewBoundaryEdge>& edges, const std::vector<ViewSource>& sources, CellRect counted, VolumeLedger& ledger);
    // `steps` steps in one sweep down the view, step s+1 trailing step s by kStepLag rows: each
    // row meets every step while it is still in cache, and the answers are those of `steps` calls
    // of run(). ledgers: one per step.
    // A ring-of-rows view needs a stream, and at least rowsInFlight(steps) slots. traces: null,
    // or one per step to receive each edge's inward flow and each source's change (StepTrace.h).
    void runSteps(int steps, const std::vector<ViewBoundaryEdge>& edges, const std::vector<ViewSource>& sources, CellRect counted,
                  VolumeLedger* ledgers, RowStream* stream = nullptr, StepTrace* traces = nullptr);
    static int rowsInFlight(int steps) { return kStepLag * (steps - 1) + 4; }

    // The stages, by row: each touches only the edges headed on its row (flows) or the cells of
    // its row (scales, depths), so run() can sweep them down the view a few rows apart.
    void setBoundaryFlows(const std::vector<ViewBoundaryEdge>& edges);   // 1. boundary edges from their conditions
    void setBoundaryFlow(const ViewBoundaryEdge& edge) { setBoundaryFlowAt(edge, view_.paddedSlot(edge.flowIndex), view_.cellSlot(edge.cell)); }
    void accelerateFlows(int y);                                         // 2. interior edges down the surface gradient
    void computeOutflowScales(int y);                                    // 3. no cell loses more than it holds...
    void scaleOutflows(int y);                                           //    ...each edge scaled by the cell it leaves
    void recordBoundaryFlows(const std::vector<ViewBoundaryEdge>& edges, VolumeLedger& ledger);
    void updateDepths(int y, CellRect counted, double& rained, double& evaporated); // 4. move the water, rain, evaporation

    // How many rows step s+1 trails step s in runSteps. Step s at row i reads and writes flows
    // headed on rows i−2 .. i, depths of rows i−2 .. i and scales of rows i−2 .. i−1 (see run());
    // two rows behind, step s+1 touches only rows step s has finished with.
    static constexpr int kStepLag = 2;

private:
    // Items (boundary edges by the row their flow is stored on, sources by their cell's row)
    // listed row by row: row r's are order[start[r] .. start[r+1]).
    struct RowIndex {
        std::vector<std::uint32_t> order;
        std::vector<std::uint32_t> start;
    };
    template <class RowOf> static RowIndex indexByRow(std::size_t count, int rows, RowOf rowOf);

    // The same, given where the edge's flow and cell (or the source's cell) live in the arrays.
    void setBoundaryFlowAt(const ViewBoundaryEdge& edge, std::size_t flowSlot, std::size_t cellSlot);
    double applyPointSourceAt(const ViewSource& source, std::size_t cellSlot); // the change of depth it made (m, ≥ 0)

    float pipeArea(float upwindDepth, const EdgeFamily& family) const;
    float viscousDamping(float q, float upwindDepth) const;

    const GridView& view_;
    const StepConstants& c_;
    std::vector<float> row_; // scratch: one value per cell of a row
};

} // namespace rb
