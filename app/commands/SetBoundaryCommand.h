#pragma once

#include "model/BoundarySegment.h"

#include <QUndoCommand>

#include <vector>

namespace rb::editor {
class MapDocument;
}

namespace rb::commands {

// A change of the map's boundary segments (the Boundary tool or the Boundary dock): the whole
// list before and after (a handful of segments).
class SetBoundaryCommand : public QUndoCommand {
public:
    SetBoundaryCommand(editor::MapDocument* document, std::vector<BoundarySegment> before, std::vector<BoundarySegment> after,
                       const QString& text);

    void undo() override;
    void redo() override;

private:
    editor::MapDocument* document_;
    std::vector<BoundarySegment> before_;
    std::vector<BoundarySegment> after_;
};

} // namespace rb::commands
