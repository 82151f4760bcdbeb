#include "commands/SetFlowModelCommand.h"

#include "document/MapDocument.h"

#include <QCoreApplication>

namespace rb::commands {

SetFlowModelCommand::SetFlowModelCommand(editor::MapDocument* document, FlowModel before, FlowModel after)
    : document_(document), before_(before), after_(after)
{
    setText(after == FlowModel::Momentum ? QCoreApplication::translate("SetFlowModelCommand", "Switch to the momentum model")
                                         : QCoreApplication::translate("SetFlowModelCommand", "Switch to the pipes model"));
}

void SetFlowModelCommand::undo()
{
    apply(before_);
}

void SetFlowModelCommand::redo()
{
    apply(after_);
}

void SetFlowModelCommand::apply(FlowModel model)
{
    SimParams params = document_->map().params;
    params.model = model;
    document_->setParams(params);
}

} // namespace rb::commands
