#pragma once

#include "commands/PatchCommand.h"

namespace rb::commands {

// One terrain stroke (press, drag, release) of a terrain tool: the bed over the rectangle it
// touched, before and after (PatchCommand). The water continues from where it is.
class PaintTerrainCommand : public PatchCommand {
public:
    PaintTerrainCommand(editor::MapDocument* document, const CellRegion& rect, std::vector<float> before,
                        std::vector<float> after, const QString& text, bool applied = true);

protected:
    void write(editor::MapDocument& document, const std::vector<float>& values) const override;
};

} // namespace rb::commands
