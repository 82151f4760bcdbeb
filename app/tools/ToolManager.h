#pragma once

#include "tools/ToolContext.h"
#include "view/ViewportMouse.h"

#include <QObject>

#include <vector>

class QAction;
class QActionGroup;

namespace rb::tools {

class AbstractTool;

// The editor's tools and which one is active: one checkable action per tool (with its shortcut
// and a tooltip naming it), the brush-size actions '[' and ']', and the routing of the viewport's
// mouse and key events to the active tool.
class ToolManager : public QObject {
    Q_OBJECT
public:
    ToolManager(ToolContext context, QObject* parent = nullptr);

    // Takes ownership; the first tool added becomes the active one.
    void addTool(AbstractTool* tool);
    const std::vector<AbstractTool*>& tools() const { return tools_; }
    AbstractTool* tool(const QString& id) const;
    AbstractTool* activeTool() const { return active_; }
    void setActiveTool(AbstractTool* tool);
    bool isBusy() const; // the active tool is in the middle of a stroke or drag
    QActionGroup* actions() const { return actions_; }
    QAction* actionFor(const AbstractTool* tool) const;
    QAction* smallerAction() const { return smaller_; }
    QAction* largerAction() const { return larger_; }

    void mapReplaced(); // every tool rescales its defaults
    void connectViewport();

signals:
    void activeToolChanged(rb::tools::AbstractTool* tool);

private:
    ToolContext context_;
    std::vector<AbstractTool*> tools_;
    AbstractTool* active_ = nullptr;
    QActionGroup* actions_ = nullptr;
    QAction* smaller_ = nullptr;
    QAction* larger_ = nullptr;
};

} // namespace rb::tools
