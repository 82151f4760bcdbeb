#pragma once

#include <QColor>
#include <QIcon>

namespace rb::view {

// The colour each dye channel tints the water with: one definition for the view's shader, the
// legend and the brush's channel list.
QColor dyeColour(int channel);
// A small square of the channel's colour, for lists and legends.
QIcon dyeSwatch(int channel);

} // namespace rb::view
