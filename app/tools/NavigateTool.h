#pragma once

#include "tools/AbstractTool.h"

namespace rb::tools {

// No editing: the left button orbits the camera as in a plain viewer.
class NavigateTool : public AbstractTool {
    Q_OBJECT
public:
    explicit NavigateTool(ToolContext context, QObject* parent = nullptr);

    QString statusHint() const override;
    QCursor cursor() const override { return Qt::ArrowCursor; }
    bool editsWithLeftButton() const override { return false; }

protected:
    QWidget* createOptions() override;
};

} // namespace rb::tools
