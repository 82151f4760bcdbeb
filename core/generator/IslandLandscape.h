#pragma once

#include "generator/Landscape.h"
#include "generator/MixedHills.h"
#include "generator/PresetParams.h"
#include "generator/WarpedOutline.h"

#include <libnoise/noise.h>

namespace rb::gen {

// One island. Its coast is the ellipse inscribed in the map at `island_radius`, pushed in and out
// by turbulent noise; inland of it a beach band, hills (a blend of rounded and ridged noise) and a
// ridged massif that fades to nothing halfway to the edges, so the summit lies in the central half
// of the map whenever 0.55·mountain_height exceeds hill_height + beach_height. Offshore the floor
// falls to min_height over the shelf, and the border is forced under water.
class IslandLandscape : public Landscape {
public:
    IslandLandscape(const CommonParams& common, const IslandParams& island, const MapFrame& frame);
    double elevation(FramePoint p) const override;

private:
    double landElevation(double inland, double centreDistance, double nx, double ny) const;

    CommonParams common_;
    IslandParams island_;
    const MapFrame& frame_;
    WarpedOutline coast_;
    MixedHills<noise::module::Blend> hills_;
    noise::module::RidgedMulti massif_;
};

} // namespace rb::gen
