#pragma once

#include "commands/CommandIds.h"
#include "model/BoundarySegment.h"

#include <QUndoCommand>

#include <vector>

namespace rb::editor {
class MapDocument;
}

namespace rb::commands {

// A change of the map's boundary segments (the Boundary tool or the Boundary dock): the whole
// list before and after (a handful of segments). Successive changes with the same non-empty
// `mergeKey` (one box of the dock being stepped) merge into one undo step.
class SetBoundaryCommand : public QUndoCommand {
public:
    SetBoundaryCommand(editor::MapDocument* document, std::vector<BoundarySegment> before, std::vector<BoundarySegment> after,
                       const QString& text, const QString& mergeKey = QString());

    void undo() override;
    void redo() override;
    int id() const override { return mergeKey_.isEmpty() ? -1 : SetBoundaryId; }
    bool mergeWith(const QUndoCommand* other) override;

private:
    editor::MapDocument* document_;
    std::vector<BoundarySegment> before_;
    std::vector<BoundarySegment> after_;
    QString mergeKey_;
};

} // namespace rb::commands
