#pragma once

#include "generator/PresetParams.h"

#include <libnoise/noise.h>

namespace rb::gen {

// How the common parameters configure a libnoise fractal. `frequencyScale` multiplies the common
// frequency (a coast wobble is coarser than hills), `maxOctaves` caps the common octave count
// for modules whose fine detail would be invisible or too costly.
struct FractalShape {
    double frequencyScale = 1.0;
    int maxOctaves = 30;
};

void configure(noise::module::Perlin& module, const CommonParams& common, int seed, FractalShape shape);
void configure(noise::module::Billow& module, const CommonParams& common, int seed, FractalShape shape);
void configure(noise::module::RidgedMulti& module, const CommonParams& common, int seed, FractalShape shape);

// A wobbly outline: `source` displaced by turbulence of the given frequency (cycles across the
// map) and power (how far, in noise units). Coasts and shores are drawn this way.
void configureWarp(noise::module::Turbulence& warp, const noise::module::Module& source, int seed, double frequency, double power);

// Samples a module on the plane z = kNoisePlane. The plane is off the integer lattice, where
// gradient noise is zero at every octave, so no point of a map is pinned to 0.
constexpr double kNoisePlane = 0.37;
inline double sampleNoise(const noise::module::Module& module, double x, double y)
{
    return module.GetValue(x, y, kNoisePlane);
}

} // namespace rb::gen
