#pragma once

#include "model/CellRegion.h"
#include "model/SedimentLedger.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace rb {
class Solver;
}

namespace rb::editor {

// The erosion state over a rectangle, as an erosion period's undo or redo puts it back: the bed,
// the suspended load and the net deposition (row-major over `rect`) and the whole sediment
// ledger. `rect` is empty when only the ledger changed.
struct ErosionPatch {
    CellRegion rect;
    std::vector<float> bed, sediment, deposition, bedRemainder;
    SedimentLedger ledger;
};

// The solver's whole erosion state at one moment: what a period started from.
struct ErosionState {
    double time = 0.0;
    int width = 0; // the map's, in cells
    std::vector<float> bed, sediment, deposition, bedRemainder;
    SedimentLedger ledger;

    static ErosionState read(const Solver& solver);
};

// One stretch of simulated time with erosion on, from a play (or step) to the pause, or to
// erosion being turned off: the state before and after over the cells it changed.
struct ErosionPeriod {
    double startTime = 0.0, endTime = 0.0; // simulated seconds
    ErosionPatch before, after;
    std::uint64_t mapId = 0; // the runner's id of the map it ran on
};

// The period from `start` to `end`, kept over the smallest rectangle
// that holds every cell whose bed, load or deposition differs bitwise; nullopt when neither a cell
// nor the ledger changed.
std::optional<ErosionPeriod> erosionPeriodBetween(const ErosionState& start, const ErosionState& end);

// The rectangle holding every cell where `a` and `b` (maps `width` cells wide) differ bitwise,
// grown from `rect`.
CellRegion growToDifferences(CellRegion rect, const std::vector<float>& a, const std::vector<float>& b, int width);

} // namespace rb::editor
