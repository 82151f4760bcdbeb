#pragma once

#include <QString>

#include <functional>

namespace rb::editor {
class MapDocument;
}
namespace rb::view {
class Viewport;
}

namespace rb::tools {

// What a tool works on: the document (every change goes through it, as commands on its undo
// stack), the viewport (for its overlays), and the status bar (for short messages).
struct ToolContext {
    editor::MapDocument* document = nullptr;
    view::Viewport* viewport = nullptr;
    std::function<void(const QString&)> showStatus;
};

} // namespace rb::tools
