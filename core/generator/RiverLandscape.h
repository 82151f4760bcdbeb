#pragma once

#include "generator/Landscape.h"
#include "generator/PresetParams.h"

#include <libnoise/noise.h>

namespace rb::gen {

// Position in the valley's own coordinates: `along` from the entry edge (0) to the opposite edge
// (1), `across` from one side edge (0) to the other (1).
struct ValleyPoint {
    double along = 0.0;
    double across = 0.0;
};

// A winding valley from the entry edge to the opposite one. Its floor falls from source_height
// above sea level at the entry to sea level at the coast (river_end=sea; beyond the coast the sea
// floor falls towards min_height and the whole exit edge lies under water) or to 15% of
// source_height at the exit edge (river_end=outflow). Walls rise valley_depth above the floor,
// hills and ridged mountains stand beyond them. The channel itself is carved afterwards
// (ChannelCarver) along the least-cost path through channelCost().
class RiverLandscape : public Landscape {
public:
    RiverLandscape(const CommonParams& common, const RiverParams& river, const MapFrame& frame);
    double elevation(FramePoint p) const override;

    // Weight of a cell in the least-cost search for the channel: near 1 on the valley floor,
    // growing steeply with height above it, plus meander noise so that the channel winds.
    double channelCost(FramePoint p, double bed) const;

    ValleyPoint toValley(FramePoint p) const;
    double axisAcross(double along) const; // the valley's centre line

private:
    double meanderAcross(double along) const; // the winding line the channel is drawn to
    double coastAlong(double across) const;   // where the sea begins (beyond 1 without a sea)
    double floorElevation(double along, double coast) const;

    CommonParams common_;
    RiverParams river_;
    const MapFrame& frame_;
    double alongSpan_;  // noise units from the entry edge to the exit edge
    double acrossSpan_;
    noise::module::Perlin axis_;
    noise::module::Perlin coast_;
    noise::module::Billow hills_;
    noise::module::RidgedMulti mountains_;
    noise::module::Perlin floorTexture_;
    noise::module::Perlin meander_;
    noise::module::Perlin meanderLine_;
};

} // namespace rb::gen
