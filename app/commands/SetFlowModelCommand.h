#pragma once

#include "model/SimParams.h"

#include <QUndoCommand>

namespace rb::editor {
class MapDocument;
}

namespace rb::commands {

// A switch between the pipes and the momentum model from the Simulation dock: one undo step that
// changes only SimParams::model (the other parameters stay whatever they are when it is undone or
// redone). Never merges: two switches in a row are two decisions, each worth undoing on its own.
class SetFlowModelCommand : public QUndoCommand {
public:
    SetFlowModelCommand(editor::MapDocument* document, FlowModel before, FlowModel after);

    void undo() override;
    void redo() override;

private:
    void apply(FlowModel model);

    editor::MapDocument* document_;
    FlowModel before_;
    FlowModel after_;
};

} // namespace rb::commands
