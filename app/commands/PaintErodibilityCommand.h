#pragma once

#include "commands/CommandIds.h"
#include "commands/PatchCommand.h"

namespace rb::commands {

// One stroke of the erodibility brush: the erodibility over the rectangle it touched, before and
// after (PatchCommand).
class PaintErodibilityCommand : public PatchCommand {
public:
    PaintErodibilityCommand(editor::MapDocument* document, const CellRegion& rect, std::vector<float> before, std::vector<float> after,
                            const QString& text, bool applied = true);

    int id() const override { return PaintErodibilityId; }

protected:
    void write(editor::MapDocument& document, const std::vector<float>& values) const override;
};

} // namespace rb::commands
