#pragma once

#include "generator/NoiseSetup.h"

namespace rb::gen {

// Hills rounded in places and ridged in others, as a slow control noise says: the island blends
// the two (noise::module::Blend), the archipelago switches between them with a soft seam
// (noise::module::Select, whose bounds it sets through mix()). Not copyable: the mix points at its
// sources.
template <typename Mix>
class MixedHills {
public:
    struct Shapes {
        FractalShape round;
        FractalShape rocky;
        FractalShape kind; // the control noise
    };

    MixedHills() = default;
    MixedHills(const MixedHills&) = delete;
    MixedHills& operator=(const MixedHills&) = delete;

    void configure(const CommonParams& common, int roundSeed, int rockySeed, int kindSeed, Shapes shapes)
    {
        gen::configure(round_, common, roundSeed, shapes.round);
        gen::configure(rocky_, common, rockySeed, shapes.rocky);
        gen::configure(kind_, common, kindSeed, shapes.kind);
        mix_.SetSourceModule(0, round_);
        mix_.SetSourceModule(1, rocky_);
        mix_.SetControlModule(kind_);
    }
    Mix& mix() { return mix_; }
    double at(double nx, double ny) const { return sampleNoise(mix_, nx, ny); }

private:
    noise::module::Billow round_;
    noise::module::RidgedMulti rocky_;
    noise::module::Perlin kind_;
    Mix mix_;
};

} // namespace rb::gen
