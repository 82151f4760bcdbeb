#pragma once

#include "lattice/Lattice.h"
#include "model/DyeLedger.h"
#include "model/Field.h"
#include "model/WetDepth.h"

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
    static constexpr float kWetDepth = water::kWetDepth; // shallower cells are land, as for the currents solver
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

    // A face that carries dye this step: its upwind cell in the map (`from`), the cell it gives to
    // (−1: out through an open side) and |flux|.
    struct OpenFace {
        std::int32_t from = 0;
        std::int32_t to = -1;
        double flux = 0.0; // m³/s
    };
    // An open face as one of its cells sees it (the cell gives when it is `from`).
    struct CellFace {
        std::int32_t from = 0;
        float flux = 0.0f; // |flux|, a float's value (the map stores the current as floats)
    };
    // The columns of a row that the drift reads or writes this substep (first > last: none).
    struct ColumnRange {
        int first = 1;
        int last = 0;
        bool empty() const { return first > last; }
    };

    void collectFaces(const std::vector<FloatField>& flows);
    bool wetCellsChanged(const float* depth);
    void openFaces(const float* depth, double dt);
    void indexCellFaces();
    void setSteadyBounds();
    bool planStillHolds(const float* depth, double dt) const;
    void planSubsteps(const float* depth, double dt);
    void countSubsteps(const float* depth);
    void carry(const float* depth, double dt, std::vector<float>& dyed, DyeLedger& ledger);
    bool scanDye(std::vector<float>& dyed);
    void scanRow(int y, float* dyed);
    void widenRanges();
    void moveOnce(double seconds, std::vector<float>& dyed, DyeLedger& ledger);
    void takeConcentrations(const float* depth, const std::vector<float>& dyed, bool keep);
    bool cellChange(std::size_t cell, double seconds, double& change) const;
    double movedFrom(std::int32_t source, double flux, double seconds) const;
    void keepWithinWater(const float* depth, std::vector<float>& dyed, DyeLedger& ledger) const;
    bool wet(const float* depth, std::int64_t cell) const { return cell < 0 || depth[cell] > kWetDepth; }

    Lattice lattice_;
    std::vector<Face> faces_;
    // What depends only on which cells are wet and on dt, kept until either changes (the sea's cells
    // stay wet from step to step: planning every face each step cost as much as the dye's own step).
    std::vector<std::size_t> faceCells_; // the cells of the faces, ascending
    std::vector<char> wetCells_;    // per cell of faceCells_: above kWetDepth when openFaces() last ran
    double plannedDt_ = -1.0;
    std::vector<OpenFace> openFaces_; // the faces whose cells are both wet, in faces_' order, upwind cell in the map
    std::vector<double> outflow_;   // per cell: m³ its open faces take from it in one step of plannedDt_
    std::vector<std::size_t> sources_; // the cells with an outflow, ascending
    std::vector<std::size_t> sideFaces_; // the open faces out through an open side (positions in openFaces_)
    // Per cell, its open faces in openFaces_' order (cellFaces_[cellStart_[i] .. cellStart_[i+1])):
    // a cell's change sums them in the order the faces come, as moving face by face would.
    std::vector<std::uint32_t> cellStart_;
    std::vector<CellFace> cellFaces_;
    int reach_ = 1; // rows and columns between the two cells of an open face, at most
    // The plan's steady case, checked in one pass over the depths: every wet cell of faceCells_ at
    // least its bound (above kWetDepth, and deep enough to give its outflow in one substep: then one
    // substep and no shares), every dry one still dry.
    struct CellRun {
        std::size_t firstCell = 0;
        std::size_t position = 0; // in faceCells_
        std::size_t length = 0;
    };
    std::vector<CellRun> runs_;
    std::vector<float> steadyBound_;       // per position in faceCells_
    std::vector<std::size_t> dryCells_;    // the cells of faceCells_ dry when openFaces() last ran
    std::vector<float> giveShare_;  // per cell, this step: the share of its outflow it can give (≤ 1)
    bool sharesAllOne_ = false;
    std::vector<float> concentration_;   // per cell; 0 outside the dyed columns between substeps
    std::vector<ColumnRange> dyedColumns_; // per row: where this substep's sources may hold dye
    std::vector<ColumnRange> movedColumns_; // per row: the cells this substep may change
    std::vector<std::size_t> negativeZeros_; // cells the last substep left at −0
    int substeps_ = 1;
};

} // namespace rb
