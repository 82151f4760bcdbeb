#pragma once

#include "lattice/Lattice.h"
#include "model/DyeLedger.h"
#include "model/Field.h"

#include <cstdint>
#include <vector>

namespace rb {

// Dye carried by the map's steady sea current (docs/solver.md, "Dye on the currents"). The current
// (MapState::currentFlows, from the currents solver) is a volume flux through every face, free of
// divergence cell by cell; the water's own step does not feel it (the rigid-lid current replaces
// the water it takes away), but the dye rides on it: each face moves F·dt of water at the upwind
// cell's concentration. Conservative, and bounded because a cell never gives more water than it
// holds (substeps) and, the flux being divergence-free, never takes in more than it gives. Water
// coming in through an open side is clean; dye leaving through one is booked as boundaryOut.
class CurrentDrift {
public:
    static constexpr float kWetDepth = 1e-3f; // m: shallower cells are land, as for the currents solver
    static constexpr int kMaxSubsteps = 64;   // beyond, a cell's outflow is scaled to its water

    // `flows`: one padded field per edge family (m³/s, tail → head, stored at the head).
    CurrentDrift(const Lattice& lattice, const std::vector<FloatField>& flows);

    bool empty() const { return faces_.empty(); }
    // Carries every channel over one step of `dt` seconds on the water `depth` (W×H).
    void step(const float* depth, double dt, std::vector<std::vector<float>>& dyed, std::vector<DyeLedger>& ledgers);
    int lastSubsteps() const { return substeps_; }

private:
    struct Face {
        std::int64_t tail = -1; // cell index, −1 outside the map
        std::int64_t head = -1;
        double flux = 0.0;      // m³/s, tail → head
    };

    void collectFaces(const std::vector<FloatField>& flows);
    void planSubsteps(const float* depth, double dt);
    void moveOnce(const float* depth, double seconds, std::vector<float>& dyed, DyeLedger& ledger);
    void keepWithinWater(const float* depth, std::vector<float>& dyed, DyeLedger& ledger) const;
    bool wet(const float* depth, std::int64_t cell) const { return cell < 0 || depth[cell] > kWetDepth; }

    Lattice lattice_;
    std::vector<Face> faces_;
    std::vector<char> open_;        // per face, this step: both its cells in the map are wet
    std::vector<double> outflow_;   // per cell, this step: m³ its open faces take from it
    std::vector<float> giveShare_;  // per cell, this step: the share of its outflow it can give (≤ 1)
    std::vector<float> concentration_;
    std::vector<double> change_;
    int substeps_ = 1;
};

} // namespace rb
