#pragma once

#include "commands/CommandIds.h"
#include "commands/MergingCommand.h"
#include "model/SimParams.h"

namespace rb::commands {

// One change of the simulation parameters from the Simulation dock. Successive changes of the
// same field (a spin box being scrolled) merge into one undo step.
class SetSimParamsCommand : public MergingCommand<SimParams> {
public:
    SetSimParamsCommand(editor::MapDocument* document, const SimParams& before, const SimParams& after,
                        const QString& fieldName);

    int id() const override { return SetSimParamsId; }

protected:
    void apply(editor::MapDocument& document, const SimParams& params) const override;
};

} // namespace rb::commands
