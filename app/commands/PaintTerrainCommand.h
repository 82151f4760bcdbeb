#pragma once

#include "commands/PatchCommand.h"

namespace rb::commands {

// One terrain stroke (press, drag, release) of a terrain tool: the bed over the rectangle it
// touched, before and after (PatchCommand). The water continues from where it is.
class PaintTerrainCommand : public PatchCommand {
public:
    using PatchCommand::PatchCommand;

protected:
    void write(editor::MapDocument& document, const std::vector<float>& values) const override;
};

} // namespace rb::commands
