#pragma once

#include "commands/CommandIds.h"
#include "commands/PatchCommand.h"

namespace rb::commands {

// One stroke of the erodibility brush: the erodibility over the rectangle it touched, before and
// after (PatchCommand).
class PaintErodibilityCommand : public PatchCommand {
public:
    using PatchCommand::PatchCommand;

    int id() const override { return PaintErodibilityId; }

protected:
    void write(editor::MapDocument& document, const std::vector<float>& values) const override;
};

} // namespace rb::commands
