#include "commands/ChangeLatticeCommand.h"

#include <QCoreApplication>

namespace rb::commands {

ChangeLatticeCommand::ChangeLatticeCommand(SwapMap swapMap, Map documentBefore, Map liveBefore, Map after)
    : swapMap_(std::move(swapMap)), documentBefore_(std::move(documentBefore)), liveBefore_(std::move(liveBefore)), after_(std::move(after))
{
    setText(after_.state.lattice.kind() == LatticeKind::Triangle
                ? QCoreApplication::translate("ChangeLatticeCommand", "Resample onto the triangle lattice")
                : QCoreApplication::translate("ChangeLatticeCommand", "Resample onto the square lattice"));
}

void ChangeLatticeCommand::undo()
{
    swapMap_(documentBefore_, liveBefore_);
}

void ChangeLatticeCommand::redo()
{
    swapMap_(after_, after_);
}

} // namespace rb::commands
