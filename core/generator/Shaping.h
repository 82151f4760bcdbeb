#pragma once

#include <algorithm>

namespace rb::gen {

// Small shaping functions the landscapes share.

inline double clamp01(double t) { return std::clamp(t, 0.0, 1.0); }

inline double lerp(double a, double b, double t) { return a + (b - a) * t; }

// 0 at or below edge0, 1 at or above edge1, a C1 cubic in between. edge1 must exceed edge0.
inline double smoothstep(double edge0, double edge1, double x)
{
    const double t = clamp01((x - edge0) / (edge1 - edge0));
    return t * t * (3.0 - 2.0 * t);
}

// libnoise fractals stay roughly in −1..1; this maps them to 0..1 and cuts the rare overshoot, so
// that the preset heights are true upper bounds.
inline double unitNoise(double noise) { return clamp01(0.5 + 0.5 * noise); }

} // namespace rb::gen

namespace rb::gen {

// Pulls an elevation down to at most `edgeFloor` near the map edge: fully within `band` of it (so
// every border cell, see MapFrame::borderBand) and blending back to `elevation` over `fade` more.
// Lower elevations are left alone.
inline double sinkNearEdge(double elevation, double edgeDistance, double band, double fade, double edgeFloor)
{
    const double w = smoothstep(band, band + fade, edgeDistance);
    return lerp(std::min(elevation, edgeFloor), elevation, w);
}

} // namespace rb::gen
