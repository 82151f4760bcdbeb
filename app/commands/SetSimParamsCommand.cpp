#include "commands/SetSimParamsCommand.h"

#include "document/MapDocument.h"

#include <QCoreApplication>

namespace rb::commands {

SetSimParamsCommand::SetSimParamsCommand(editor::MapDocument* document, const SimParams& before, const SimParams& after,
                                         const QString& fieldName)
    : MergingCommand(document, before, after, fieldName)
{
    setText(QCoreApplication::translate("SetSimParamsCommand", "Change %1").arg(fieldName));
}

void SetSimParamsCommand::apply(editor::MapDocument& document, const SimParams& params) const
{
    document.setParams(params);
}

} // namespace rb::commands
