#pragma once

#include "view/Picker.h"

#include <QPoint>

#include <optional>

namespace rb::view {

// A mouse event over the 3D view as the editor's tools get it: where, which buttons, and what the
// ray under the cursor hits (the terrain through the water, and the visible surface).
struct ViewportMouse {
    QPoint pixel;
    Qt::MouseButton button = Qt::NoButton; // the button pressed or released (none for moves)
    Qt::MouseButtons buttons;              // held during the event
    Qt::KeyboardModifiers modifiers;
    std::optional<PickResult> terrain;
    std::optional<PickResult> surface;
};

} // namespace rb::view
