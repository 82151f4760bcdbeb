#include "tools/AddWaterTool.h"

namespace rb::tools {

AddWaterTool::AddWaterTool(ToolContext context, QObject* parent)
    : WaterBrushTool("addWater", tr("Add water"), QKeySequence(Qt::Key_W), tr("Add water under the brush"), std::move(context), parent)
{
}

QString AddWaterTool::action() const
{
    return tr("to add water");
}

} // namespace rb::tools
