#pragma once

#include "generator/NoiseSetup.h"

namespace rb::gen {

// The noise that makes an outline wobble (an island's coast, a lake's shore): Perlin noise
// displaced by turbulence, read in [−1, 1]; an outline of radius r is drawn at
// r·(1 + roughness·at(x, y)). Not copyable: the turbulence points at the noise it displaces.
class WarpedOutline {
public:
    WarpedOutline() = default;
    WarpedOutline(const WarpedOutline&) = delete;
    WarpedOutline& operator=(const WarpedOutline&) = delete;

    // The base noise shaped by `shape` with `baseSeed`; the turbulence at `warpScale` times the
    // common frequency, displacing by `power` noise units, with `warpSeed`.
    void configure(const CommonParams& common, int baseSeed, int warpSeed, FractalShape shape, double warpScale, double power);
    double at(double nx, double ny) const;

private:
    noise::module::Perlin base_;
    noise::module::Turbulence warp_;
};

} // namespace rb::gen
