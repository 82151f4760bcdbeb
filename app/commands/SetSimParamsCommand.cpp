#include "commands/SetSimParamsCommand.h"

#include "document/MapDocument.h"

#include <QCoreApplication>

namespace rb::commands {

SetSimParamsCommand::SetSimParamsCommand(editor::MapDocument* document, const SimParams& before, const SimParams& after,
                                         const QString& fieldName)
    : document_(document), before_(before), after_(after), fieldName_(fieldName)
{
    setText(QCoreApplication::translate("SetSimParamsCommand", "Change %1").arg(fieldName));
}

void SetSimParamsCommand::undo()
{
    document_->setParams(before_);
}

void SetSimParamsCommand::redo()
{
    document_->setParams(after_);
}

bool SetSimParamsCommand::mergeWith(const QUndoCommand* other)
{
    const auto* next = static_cast<const SetSimParamsCommand*>(other);
    if (next->fieldName_ != fieldName_ || next->document_ != document_) return false;
    after_ = next->after_;
    return true;
}

} // namespace rb::commands
