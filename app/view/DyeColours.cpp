#include "view/DyeColours.h"

#include "model/DyeLedger.h"

#include <QPixmap>

#include <algorithm>
#include <array>

namespace rb::view {

QColor dyeColour(int channel)
{
    // Far from each other and from the water's blues and the terrain's greens and browns.
    static const std::array<QColor, kMaxDyeChannels> colours{QColor(230, 40, 40), QColor(250, 200, 0), QColor(220, 60, 220), QColor(255, 130, 0)};
    return colours[static_cast<std::size_t>(std::clamp(channel, 0, kMaxDyeChannels - 1))];
}

QIcon dyeSwatch(int channel)
{
    QPixmap square(12, 12);
    square.fill(dyeColour(channel));
    return QIcon(square);
}

} // namespace rb::view
