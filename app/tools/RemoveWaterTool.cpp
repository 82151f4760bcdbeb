#include "tools/RemoveWaterTool.h"

namespace rb::tools {

RemoveWaterTool::RemoveWaterTool(ToolContext context, QObject* parent)
    : WaterBrushTool("removeWater", tr("Remove water"), QKeySequence(Qt::Key_E), tr("Remove water under the brush"), std::move(context), parent)
{
}

QString RemoveWaterTool::action() const
{
    return tr("to remove water (never below dry)");
}

} // namespace rb::tools
