#include "tools/NavigateTool.h"

#include <QHBoxLayout>
#include <QLabel>

namespace rb::tools {

NavigateTool::NavigateTool(ToolContext context, QObject* parent)
    : AbstractTool({"navigate", tr("Navigate"), QKeySequence(Qt::Key_Q), tr("Look around without editing")}, std::move(context), parent)
{
}

QString NavigateTool::statusHint() const
{
    return tr("Navigate: left drag orbits, right or middle drag pans, the wheel zooms towards the cursor, F frames the map, Shift+T looks straight down");
}

QWidget* NavigateTool::createOptions()
{
    auto* widget = new QWidget;
    auto* layout = new QHBoxLayout(widget);
    layout->setContentsMargins(4, 0, 4, 0);
    layout->addWidget(new QLabel(tr("Pick a tool to edit the terrain, the water, springs and drains, or the boundary")));
    layout->addStretch(1);
    return widget;
}

} // namespace rb::tools
