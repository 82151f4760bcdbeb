#include "io/raster/HeightRange.h"

#include <QStringList>

#include <cmath>

namespace rb::io {

std::optional<HeightRange> checkedHeightRange(double low, double high, QString* error)
{
    if (!std::isfinite(low) || !std::isfinite(high) || !(low < high)) {
        *error = QString("the height range %1:%2 must have LO < HI, both finite").arg(low).arg(high);
        return std::nullopt;
    }
    return HeightRange{low, high};
}

std::optional<HeightRange> parseHeightRange(const QString& text, QString* error)
{
    const QStringList parts = text.split(':');
    bool lowOk = false, highOk = false;
    const double low = parts.size() == 2 ? parts[0].toDouble(&lowOk) : 0.0;
    const double high = parts.size() == 2 ? parts[1].toDouble(&highOk) : 0.0;
    if (!lowOk || !highOk) {
        *error = QString("the height range must be LO:HI in metres (e.g. 0:1200), got '%1'").arg(text);
        return std::nullopt;
    }
    return checkedHeightRange(low, high, error);
}

} // namespace rb::io
