#include "tools/EditorTools.h"

#include "tools/AddWaterTool.h"
#include "tools/BoundaryTool.h"
#include "tools/DigChannelTool.h"
#include "tools/FlattenTerrainTool.h"
#include "tools/LowerTerrainTool.h"
#include "tools/NavigateTool.h"
#include "tools/RaiseTerrainTool.h"
#include "tools/RemoveWaterTool.h"
#include "tools/SetHeightTool.h"
#include "tools/SmoothTerrainTool.h"
#include "tools/SourceTool.h"
#include "tools/ToolManager.h"

namespace rb::tools {

void addEditorTools(ToolManager& manager, const ToolContext& context)
{
    manager.addTool(new NavigateTool(context));
    manager.addTool(new RaiseTerrainTool(context));
    manager.addTool(new LowerTerrainTool(context));
    manager.addTool(new DigChannelTool(context));
    manager.addTool(new SmoothTerrainTool(context));
    manager.addTool(new FlattenTerrainTool(context));
    manager.addTool(new SetHeightTool(context));
    manager.addTool(new AddWaterTool(context));
    manager.addTool(new RemoveWaterTool(context));
    manager.addTool(new SourceTool(context));
    manager.addTool(new BoundaryTool(context));
}

} // namespace rb::tools
