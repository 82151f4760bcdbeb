#include "commands/ChangeLatticeCommand.h"

#include "editor/EditingSession.h"

#include <QCoreApplication>

namespace rb::commands {

ChangeLatticeCommand::ChangeLatticeCommand(editor::EditingSession* session, Map documentBefore, Map liveBefore, Map after)
    : session_(session), documentBefore_(std::move(documentBefore)), liveBefore_(std::move(liveBefore)), after_(std::move(after))
{
    setText(after_.state.lattice.kind() == LatticeKind::Triangle
                ? QCoreApplication::translate("ChangeLatticeCommand", "Resample onto the triangle lattice")
                : QCoreApplication::translate("ChangeLatticeCommand", "Resample onto the square lattice"));
}

void ChangeLatticeCommand::undo()
{
    session_->swapMap(documentBefore_, liveBefore_);
}

void ChangeLatticeCommand::redo()
{
    session_->swapMap(after_, after_);
}

} // namespace rb::commands
