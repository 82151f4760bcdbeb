#include "generator/WarpedOutline.h"

#include <algorithm>

namespace rb::gen {

void WarpedOutline::configure(const CommonParams& common, int baseSeed, int warpSeed, FractalShape shape, double warpScale, double power)
{
    gen::configure(base_, common, baseSeed, shape);
    configureWarp(warp_, base_, warpSeed, common.frequency * warpScale, power);
}

double WarpedOutline::at(double nx, double ny) const
{
    return std::clamp(sampleNoise(warp_, nx, ny), -1.0, 1.0);
}

} // namespace rb::gen
