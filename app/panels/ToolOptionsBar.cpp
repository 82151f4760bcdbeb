#include "panels/ToolOptionsBar.h"

#include "tools/AbstractTool.h"

#include <QLabel>
#include <QStackedWidget>

namespace rb::panels {

ToolOptionsBar::ToolOptionsBar(QWidget* parent) : QToolBar(tr("Tool options"), parent)
{
    setObjectName("ToolOptionsBar");
    setMovable(false);
    name_ = new QLabel(this);
    name_->setObjectName("toolName");
    QFont bold = name_->font();
    bold.setBold(true);
    name_->setFont(bold);
    name_->setContentsMargins(6, 0, 6, 0);
    addWidget(name_);
    addSeparator();
    stack_ = new QStackedWidget(this);
    addWidget(stack_);
}

void ToolOptionsBar::showTool(tools::AbstractTool* tool)
{
    tool_ = tool;
    name_->setText(tool ? tool->name() : QString());
    name_->setToolTip(tool ? tool->description() : QString());
    if (!tool) return;
    QWidget* options = tool->optionsWidget();
    if (stack_->indexOf(options) < 0) stack_->addWidget(options); // the stack owns it from now on
    stack_->setCurrentWidget(options);
}

QWidget* ToolOptionsBar::currentOptions() const
{
    return stack_->currentWidget();
}

} // namespace rb::panels
