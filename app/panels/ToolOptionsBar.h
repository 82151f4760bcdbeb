#pragma once

#include <QToolBar>

class QLabel;
class QStackedWidget;

namespace rb::tools {
class AbstractTool;
}

namespace rb::panels {

// The bar above the view that shows the active tool's name and settings (its options widget).
class ToolOptionsBar : public QToolBar {
    Q_OBJECT
public:
    explicit ToolOptionsBar(QWidget* parent = nullptr);

    void showTool(tools::AbstractTool* tool);
    QWidget* currentOptions() const;
    tools::AbstractTool* shownTool() const { return tool_; }

private:
    QLabel* name_ = nullptr;
    QStackedWidget* stack_ = nullptr;
    tools::AbstractTool* tool_ = nullptr;
};

} // namespace rb::panels
