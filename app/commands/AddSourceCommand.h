#pragma once

#include "model/PointSource.h"

#include <QUndoCommand>

namespace rb::editor {
class MapDocument;
}

namespace rb::commands {

// Places a spring or drain (appended to the map's sources).
class AddSourceCommand : public QUndoCommand {
public:
    AddSourceCommand(editor::MapDocument* document, const PointSource& source);

    void undo() override;
    void redo() override;

private:
    editor::MapDocument* document_;
    PointSource source_;
};

} // namespace rb::commands
