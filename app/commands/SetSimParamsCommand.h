#pragma once

#include "commands/CommandIds.h"
#include "model/SimParams.h"

#include <QUndoCommand>

namespace rb::editor {
class MapDocument;
}

namespace rb::commands {

// One change of the simulation parameters from the Simulation dock. Successive changes of the
// same field (a spin box being scrolled) merge into one undo step.
class SetSimParamsCommand : public QUndoCommand {
public:
    SetSimParamsCommand(editor::MapDocument* document, const SimParams& before, const SimParams& after,
                        const QString& fieldName);

    void undo() override;
    void redo() override;
    int id() const override { return SetSimParamsId; }
    bool mergeWith(const QUndoCommand* other) override;

private:
    editor::MapDocument* document_;
    SimParams before_;
    SimParams after_;
    QString fieldName_;
};

} // namespace rb::commands
