#pragma once

#include "generator/MapFrame.h"

namespace rb::gen {

// A preset's terrain as a function of position. Implementations hold configured libnoise modules
// and only read them here, so elevation() may run on many threads at once.
class Landscape {
public:
    virtual ~Landscape() = default;
    Landscape() = default;
    Landscape(const Landscape&) = delete; // libnoise modules point at each other
    Landscape& operator=(const Landscape&) = delete;

    // Bed elevation in metres before clamping to the height range.
    virtual double elevation(FramePoint p) const = 0;
    // 0..1: how much the point lies on a lake's floor (sand in the erodibility); no lakes: 0.
    virtual double lakeBed(FramePoint) const { return 0.0; }
};

} // namespace rb::gen
