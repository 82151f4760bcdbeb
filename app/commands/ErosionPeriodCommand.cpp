#include "commands/ErosionPeriodCommand.h"

#include "document/MapDocument.h"

#include <QCoreApplication>

#include <cmath>
#include <utility>

namespace rb::commands {

namespace {

// Seconds as a designer reads them: 0.25, 12.5, 340, 7 200 (at most 3 significant decimals).
QString seconds(double t)
{
    const double magnitude = std::abs(t);
    const int decimals = magnitude >= 100.0 ? 0 : magnitude >= 10.0 ? 1 : 2;
    QString text = QString::number(t, 'f', decimals);
    if (decimals > 0) {
        while (text.endsWith('0')) text.chop(1);
        if (text.endsWith('.')) text.chop(1);
    }
    return text;
}

} // namespace

ErosionPeriodCommand::ErosionPeriodCommand(editor::MapDocument* document, std::shared_ptr<const editor::ErosionPeriod> period)
    : document_(document), period_(std::move(period))
{
    setText(describe(period_->startTime, period_->endTime));
}

QString ErosionPeriodCommand::describe(double startTime, double endTime)
{
    return QCoreApplication::translate("ErosionPeriodCommand", "Erosion, t = %1…%2 s").arg(seconds(startTime), seconds(endTime));
}

void ErosionPeriodCommand::undo()
{
    document_->setErosionState(period_->before, true);
}

void ErosionPeriodCommand::redo()
{
    document_->setErosionState(period_->after, !std::exchange(firstRedo_, false));
}

} // namespace rb::commands
