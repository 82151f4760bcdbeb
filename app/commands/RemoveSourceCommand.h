#pragma once

#include "model/PointSource.h"

#include <QUndoCommand>

#include <cstddef>

namespace rb::editor {
class MapDocument;
}

namespace rb::commands {

// Deletes the spring or drain at `index` of the map's sources (undo puts it back in its place).
class RemoveSourceCommand : public QUndoCommand {
public:
    RemoveSourceCommand(editor::MapDocument* document, std::size_t index);

    void undo() override;
    void redo() override;

private:
    editor::MapDocument* document_;
    std::size_t index_;
    PointSource source_;
};

} // namespace rb::commands
