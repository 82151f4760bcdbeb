#include "tools/ToolManager.h"

#include "tools/AbstractTool.h"
#include "view/Viewport.h"

#include <QAction>
#include <QActionGroup>

namespace rb::tools {

ToolManager::ToolManager(ToolContext context, QObject* parent) : QObject(parent), context_(std::move(context))
{
    actions_ = new QActionGroup(this);
    actions_->setExclusive(true);
    smaller_ = new QAction(tr("Smaller brush"), this);
    smaller_->setObjectName("brushSmaller");
    smaller_->setShortcut(QKeySequence(Qt::Key_BracketLeft));
    smaller_->setToolTip(tr("Make the brush smaller ([)"));
    connect(smaller_, &QAction::triggered, this, [this] {
        if (active_) active_->resize(-1);
    });
    larger_ = new QAction(tr("Larger brush"), this);
    larger_->setObjectName("brushLarger");
    larger_->setShortcut(QKeySequence(Qt::Key_BracketRight));
    larger_->setToolTip(tr("Make the brush larger (])"));
    connect(larger_, &QAction::triggered, this, [this] {
        if (active_) active_->resize(1);
    });
}

void ToolManager::addTool(AbstractTool* tool)
{
    tool->setParent(this);
    tools_.push_back(tool);
    auto* action = new QAction(tool->name(), actions_);
    action->setObjectName("tool_" + tool->id());
    action->setCheckable(true);
    action->setShortcut(tool->shortcut());
    action->setToolTip(QString("%1 (%2): %3").arg(tool->name(), tool->shortcut().toString(QKeySequence::NativeText), tool->description()));
    action->setStatusTip(tool->description());
    action->setData(QVariant::fromValue(static_cast<QObject*>(tool)));
    connect(action, &QAction::triggered, this, [this, tool] { setActiveTool(tool); });
    if (!active_) setActiveTool(tool);
}

AbstractTool* ToolManager::tool(const QString& id) const
{
    for (AbstractTool* t : tools_)
        if (t->id() == id) return t;
    return nullptr;
}

QAction* ToolManager::actionFor(const AbstractTool* tool) const
{
    for (QAction* action : actions_->actions())
        if (action->data().value<QObject*>() == tool) return action;
    return nullptr;
}

void ToolManager::setActiveTool(AbstractTool* tool)
{
    if (!tool || tool == active_) return;
    if (active_) active_->deactivate();
    active_ = tool;
    if (QAction* action = actionFor(tool)) action->setChecked(true);
    context_.viewport->setToolMode(tool->editsWithLeftButton(), tool->cursor());
    tool->activate();
    if (context_.showStatus) context_.showStatus(tool->statusHint());
    emit activeToolChanged(tool);
}

bool ToolManager::isBusy() const
{
    return active_ && active_->isBusy();
}

void ToolManager::mapReplaced()
{
    for (AbstractTool* t : tools_) t->mapReplaced();
    if (active_) active_->activate();
}

void ToolManager::connectViewport()
{
    view::Viewport* viewport = context_.viewport;
    connect(viewport, &view::Viewport::toolPressed, this, [this](const view::ViewportMouse& m) {
        if (active_) active_->mousePressed(m);
    });
    connect(viewport, &view::Viewport::toolMoved, this, [this](const view::ViewportMouse& m) {
        if (active_) active_->mouseMoved(m);
    });
    connect(viewport, &view::Viewport::toolReleased, this, [this](const view::ViewportMouse& m) {
        if (active_) active_->mouseReleased(m);
    });
    connect(viewport, &view::Viewport::toolHovered, this, [this](const view::ViewportMouse& m) {
        if (active_) active_->mouseHovered(m);
    });
    connect(viewport, &view::Viewport::hoverLeft, this, [this] {
        if (active_) active_->hoverLeft();
    });
    connect(viewport, &view::Viewport::toolKeyPressed, this, [this](int key) {
        if (active_) active_->keyPressed(key);
    });
}

} // namespace rb::tools
