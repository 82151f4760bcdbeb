#pragma once

#include "generator/Landscape.h"
#include "generator/PresetParams.h"
#include "generator/SiteScatter.h"
#include "generator/WarpedOutline.h"

#include <libnoise/noise.h>

#include <vector>

namespace rb::gen {

// Rolling land at sea_level + hills, with closed basins and a raised rim along the map edge. Around
// each basin the land levels out to the height at its centre, so the shore is a closed ring and
// the bowl below it holds about lake_depth of water before it can spill.
class LakesLandscape : public Landscape {
public:
    LakesLandscape(const CommonParams& common, const LakesParams& params, const MapFrame& frame);
    double elevation(FramePoint p) const override;
    // The lake floors, and a shore 0.1 radii wide around them.
    double lakeBed(FramePoint p) const override;

private:
    // The lake whose warped shore is nearest inside, and how far inside (radii; 1 at its centre,
    // negative outside); index lakes_.size() when there are none.
    struct NearestLake {
        std::size_t index;
        double inland;
    };
    NearestLake nearestLake(double nx, double ny) const;
    double landAt(double nx, double ny) const;

    CommonParams common_;
    LakesParams params_;
    const MapFrame& frame_;
    std::vector<Site> lakes_;
    std::vector<double> centreLand_; // land elevation at each lake's centre
    WarpedOutline shore_;
    noise::module::Billow hillsBase_;
    noise::module::ScaleBias hills_;
};

} // namespace rb::gen
