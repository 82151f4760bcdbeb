#pragma once

#include "model/Map.h"

#include <QUndoCommand>

#include <functional>

namespace rb::commands {

// A change of lattice from the Simulation dock (square ↔ triangle): the map resampled by
// io::convertLattice. Undo gives back, bitwise, both the document's map (terrain, initial
// water, boundary, sources, parameters) and the simulation's state as they were at the change;
// redo gives back the resampled map as it was made. The whole maps are kept, since resampling
// cannot be reversed. Never merges (no id): each change of lattice is a decision of its own.
//
// The swap is the session's (EditingSession::swapMap: the document's map, then the simulation's),
// handed in as a function so that commands stay below the session that makes them.
class ChangeLatticeCommand : public QUndoCommand {
public:
    using SwapMap = std::function<void(const Map& document, const Map& live)>;
    ChangeLatticeCommand(SwapMap swapMap, Map documentBefore, Map liveBefore, Map after);

    void undo() override;
    void redo() override;

private:
    SwapMap swapMap_;
    Map documentBefore_;
    Map liveBefore_;
    Map after_;
};

} // namespace rb::commands
