#pragma once

#include "tools/ToolContext.h"

namespace rb::tools {

class ToolManager;

// Every tool of the editor, in toolbar order (Navigate first, so it starts active), added to
// `manager`, which owns them.
void addEditorTools(ToolManager& manager, const ToolContext& context);

} // namespace rb::tools
