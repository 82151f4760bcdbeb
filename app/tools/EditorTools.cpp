#include "tools/EditorTools.h"

#include "tools/BoundaryTool.h"
#include "tools/DigChannelTool.h"
#include "tools/DyeBrushTool.h"
#include "tools/ErodibilityBrushTool.h"
#include "tools/FlattenTerrainTool.h"
#include "tools/NavigateTool.h"
#include "tools/RaiseLowerTerrainTool.h"
#include "tools/SetHeightTool.h"
#include "tools/SmoothTerrainTool.h"
#include "tools/SourceTool.h"
#include "tools/ToolManager.h"
#include "tools/WaterBrushTool.h"

namespace rb::tools {

void addEditorTools(ToolManager& manager, const ToolContext& context)
{
    manager.addTool(new NavigateTool(context));
    manager.addTool(new RaiseLowerTerrainTool(RaiseLowerTerrainTool::Direction::Raise, context));
    manager.addTool(new RaiseLowerTerrainTool(RaiseLowerTerrainTool::Direction::Lower, context));
    manager.addTool(new DigChannelTool(context));
    manager.addTool(new SmoothTerrainTool(context));
    manager.addTool(new FlattenTerrainTool(context));
    manager.addTool(new SetHeightTool(context));
    manager.addTool(new WaterBrushTool(WaterBrushTool::Direction::Add, context));
    manager.addTool(new WaterBrushTool(WaterBrushTool::Direction::Remove, context));
    manager.addTool(new DyeBrushTool(context));
    manager.addTool(new ErodibilityBrushTool(context));
    manager.addTool(new SourceTool(context));
    manager.addTool(new BoundaryTool(context));
}

} // namespace rb::tools
