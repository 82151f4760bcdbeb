#pragma once

#include "commands/CommandIds.h"
#include "commands/MergingCommand.h"
#include "model/BoundarySegment.h"

#include <vector>

namespace rb::commands {

// A change of the map's boundary segments (the Boundary tool or the Boundary dock): the whole
// list before and after (a handful of segments). Successive changes with the same non-empty
// `mergeKey` (one box of the dock being stepped) merge into one undo step.
class SetBoundaryCommand : public MergingCommand<std::vector<BoundarySegment>> {
public:
    SetBoundaryCommand(editor::MapDocument* document, std::vector<BoundarySegment> before, std::vector<BoundarySegment> after,
                       const QString& text, const QString& mergeKey = QString());

    int id() const override { return mergeKey().isEmpty() ? -1 : SetBoundaryId; }

protected:
    void apply(editor::MapDocument& document, const std::vector<BoundarySegment>& segments) const override;
};

} // namespace rb::commands
