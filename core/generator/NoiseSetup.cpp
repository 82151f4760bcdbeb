#include "generator/NoiseSetup.h"

#include <algorithm>

namespace rb::gen {
namespace {

int octaveCount(const CommonParams& common, FractalShape shape)
{
    return std::clamp(std::min(common.octaves, shape.maxOctaves), 1, 30);
}

// Perlin and Billow share their fractal settings (libnoise gives them the same setters).
template <typename FractalModule>
void configureFractal(FractalModule& module, const CommonParams& common, int seed, FractalShape shape)
{
    module.SetSeed(seed);
    module.SetFrequency(common.frequency * shape.frequencyScale);
    module.SetOctaveCount(octaveCount(common, shape));
    module.SetPersistence(common.persistence);
    module.SetLacunarity(common.lacunarity);
    module.SetNoiseQuality(noise::QUALITY_STD);
}

} // namespace

void configure(noise::module::Perlin& module, const CommonParams& common, int seed, FractalShape shape)
{
    configureFractal(module, common, seed, shape);
}

void configure(noise::module::Billow& module, const CommonParams& common, int seed, FractalShape shape)
{
    configureFractal(module, common, seed, shape);
}

void configure(noise::module::RidgedMulti& module, const CommonParams& common, int seed, FractalShape shape)
{
    // Ridged multifractal has no persistence: its octave weights come from its own feedback.
    module.SetSeed(seed);
    module.SetFrequency(common.frequency * shape.frequencyScale);
    module.SetOctaveCount(octaveCount(common, shape));
    module.SetLacunarity(common.lacunarity);
    module.SetNoiseQuality(noise::QUALITY_STD);
}

void configureWarp(noise::module::Turbulence& warp, const noise::module::Module& source, int seed, double frequency, double power)
{
    warp.SetSourceModule(0, source);
    warp.SetSeed(seed);
    warp.SetFrequency(frequency);
    warp.SetPower(power);
    warp.SetRoughness(2);
}

} // namespace rb::gen
