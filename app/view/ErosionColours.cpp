#include "view/ErosionColours.h"

#include <algorithm>
#include <cmath>

namespace rb::view {

namespace {

QColor mixed(const QColor& a, const QColor& b, float t)
{
    const auto lerp = [t](float x, float y) { return x + (y - x) * t; };
    return QColor::fromRgbF(lerp(a.redF(), b.redF()), lerp(a.greenF(), b.greenF()), lerp(a.blueF(), b.blueF()));
}

} // namespace

QColor erodedColour()
{
    return QColor::fromRgbF(0.80f, 0.12f, 0.10f);
}

QColor unchangedColour()
{
    return QColor::fromRgbF(0.94f, 0.94f, 0.92f);
}

QColor depositedColour()
{
    return QColor::fromRgbF(0.10f, 0.28f, 0.85f);
}

QColor erosionColour(float deposition, float scale)
{
    const float t = scale > 0.0f ? std::clamp(deposition / scale, -1.0f, 1.0f) : 0.0f;
    return t >= 0.0f ? mixed(unchangedColour(), depositedColour(), t) : mixed(unchangedColour(), erodedColour(), -t);
}

QColor bedrockColour()
{
    return QColor::fromRgbF(0.33f, 0.34f, 0.40f);
}

QColor looseSoilColour()
{
    return QColor::fromRgbF(0.82f, 0.63f, 0.32f);
}

QColor erodibilityColour(float erodibility)
{
    return mixed(bedrockColour(), looseSoilColour(), std::clamp(erodibility, 0.0f, 1.0f));
}

float depositionScale(const FloatField& deposition)
{
    float largest = 0.0f;
    for (float d : deposition.values())
        if (std::isfinite(d)) largest = std::max(largest, std::abs(d));
    return largest;
}

} // namespace rb::view
