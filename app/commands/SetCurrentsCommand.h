#pragma once

#include "currents/StoredCurrents.h"

#include <QString>
#include <QUndoCommand>

namespace rb::editor {
class MapDocument;
}

namespace rb::commands {

// The map's stored steady current replaced ("Solve currents" from the Currents dock) or removed
// ("Clear currents"): one undo step that keeps the fields before and after, so undo and redo put
// them back bitwise — in the document's map and, through it, in the running simulation's solver
// (which hands the current back in every state it reads, so changing only the document would be
// overwritten by the next snapshot or save). Never merges: each solve is a decision of its own.
class SetCurrentsCommand : public QUndoCommand {
public:
    SetCurrentsCommand(editor::MapDocument* document, StoredCurrents before, StoredCurrents after, const QString& text);

    void undo() override;
    void redo() override;
    int id() const override;

private:
    editor::MapDocument* document_;
    StoredCurrents before_;
    StoredCurrents after_;
};

} // namespace rb::commands
