#pragma once

#include "commands/CommandIds.h"
#include "document/ErosionPeriod.h"

#include <QUndoCommand>

#include <memory>

namespace rb::editor {
class MapDocument;
}

namespace rb::commands {

// One stretch of simulation with erosion on ("Erosion, t = 0…12.5 s"), pushed when it ends. It
// holds the bed, the suspended load and the net deposition over the rectangle of cells the period
// changed, before and after, and the sediment ledger at both ends. Undo and redo put those exact
// values back (bitwise) in the document and the running simulation; the water stays as it is.
class ErosionPeriodCommand : public QUndoCommand {
public:
    ErosionPeriodCommand(editor::MapDocument* document, std::shared_ptr<const editor::ErosionPeriod> period);

    void undo() override;
    void redo() override;
    int id() const override { return ErosionPeriodId; }

    const editor::ErosionPeriod& period() const { return *period_; }
    // "Erosion, t = a…b s", the times with as many decimals as their size needs.
    static QString describe(double startTime, double endTime);

private:
    editor::MapDocument* document_;
    std::shared_ptr<const editor::ErosionPeriod> period_;
    bool firstRedo_ = true; // QUndoStack::push calls redo(): the simulation is there already
};

} // namespace rb::commands
