#pragma once

#include "generator/Landscape.h"
#include "generator/MixedHills.h"
#include "generator/PresetParams.h"
#include "generator/SiteScatter.h"
#include "generator/WarpedOutline.h"

#include <libnoise/noise.h>

#include <vector>

namespace rb::gen {

// Islands of different sizes spread over the sea by best-candidate sampling. Each coast is a
// circle pushed in and out by turbulent noise; inland, hills switch between rounded and ridged
// (a Select module) and larger islands carry higher ridged peaks. Offshore the floor falls to
// min_height over each island's shelf, and the border is forced under water.
class ArchipelagoLandscape : public Landscape {
public:
    ArchipelagoLandscape(const CommonParams& common, const ArchipelagoParams& params, const MapFrame& frame);
    double elevation(FramePoint p) const override;

private:
    double landElevation(double inland, const Site& island, double nx, double ny) const;

    CommonParams common_;
    ArchipelagoParams params_;
    const MapFrame& frame_;
    std::vector<Site> islands_;
    WarpedOutline coast_;
    MixedHills<noise::module::Select> hills_;
    noise::module::RidgedMulti peaksBase_;
    noise::module::ScaleBias peaks_;
};

} // namespace rb::gen
