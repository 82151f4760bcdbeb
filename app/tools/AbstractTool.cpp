#include "tools/AbstractTool.h"

#include "document/MapDocument.h"
#include "view/Viewport.h"

#include <QUndoStack>
#include <QWidget>

#include <algorithm>

namespace rb::tools {

AbstractTool::AbstractTool(ToolIdentity identity, ToolContext context, QObject* parent)
    : QObject(parent), identity_(std::move(identity)), context_(std::move(context))
{
}

AbstractTool::~AbstractTool() = default;

QWidget* AbstractTool::optionsWidget()
{
    if (!options_) {
        options_ = createOptions();
        options_->setObjectName(id() + "Options");
    }
    return options_;
}

void AbstractTool::deactivate()
{
    if (isBusy()) cancelInProgress();
    hideFootprint();
}

bool AbstractTool::keyPressed(int key)
{
    if (key != Qt::Key_Escape || !isBusy()) return false;
    cancelInProgress();
    return true;
}

void AbstractTool::showStatus(const QString& text) const
{
    if (context_.showStatus) context_.showStatus(text);
}

void AbstractTool::pushCommand(QUndoCommand* command) const
{
    document()->undoStack()->push(command);
}

void AbstractTool::showFootprint(const std::optional<view::PickResult>& pick)
{
    footprintPick_ = pick;
    viewport()->setBrushOutline(pick ? std::optional(footprintAround(pick->point)) : std::nullopt);
}

void AbstractTool::refreshFootprint()
{
    if (footprintPick_) showFootprint(footprintPick_);
}

void AbstractTool::hideFootprint()
{
    showFootprint(std::nullopt);
}

void AbstractTool::forgetFootprint()
{
    footprintPick_.reset();
}

double AbstractTool::reliefOf(const Map& map)
{
    const auto& values = map.state.bed.values();
    if (values.empty()) return 1.0;
    const auto [lo, hi] = std::minmax_element(values.begin(), values.end());
    return std::max(1.0, static_cast<double>(*hi - *lo));
}

} // namespace rb::tools
