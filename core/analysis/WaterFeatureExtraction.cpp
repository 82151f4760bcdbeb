#include "analysis/WaterFeatureExtraction.h"

#include "analysis/CellDischarge.h"
#include "analysis/Contours.h"
#include "analysis/LakeFinder.h"
#include "analysis/RiverTracer.h"
#include "analysis/SeaMask.h"
#include "analysis/WaterOrigins.h"

#include <cmath>
#include <cstdlib>
#include <utility>

namespace rb::analysis {

std::optional<RiverThreshold> parseRiverThreshold(const std::string& text, std::string* error)
{
    std::string number = text;
    bool absolute = false;
    for (const char* unit : {"m3/s", "m³/s"}) {
        const std::string suffix(unit);
        if (number.size() > suffix.size() && number.compare(number.size() - suffix.size(), suffix.size(), suffix) == 0) {
            number.erase(number.size() - suffix.size());
            absolute = true;
        }
    }
    while (!number.empty() && number.back() == ' ') number.pop_back();
    char* end = nullptr;
    const double value = number.empty() ? std::nan("") : std::strtod(number.c_str(), &end);
    const bool parsed = end && *end == '\0' && std::isfinite(value);
    if (parsed && absolute && value > 0.0) return RiverThreshold{value, false};
    if (parsed && !absolute && value > 0.0 && value <= 1.0) return RiverThreshold{value, true};
    if (error)
        *error = "expects a fraction of the largest cell discharge in (0, 1] (e.g. 0.1) or a discharge above 0 in m3/s (e.g. 5m3/s), got '"
                 + text + "'";
    return std::nullopt;
}

WaterFeatures extractWaterFeatures(const Map& map, RiverThreshold threshold)
{
    const MapState& state = map.state;
    const Lattice& lattice = state.lattice;
    WaterFeatures features;
    const std::optional<double> level = seaLevel(map);
    features.hasSea = level.has_value();
    features.seaLevel = level.value_or(0.0);
    const std::vector<std::uint8_t> sea = level ? seaMask(map, *level) : std::vector<std::uint8_t>(lattice.cellCount(), 0);

    features.riverThreshold = threshold.relative ? threshold.value * CellDischarge(state).largestOutside(sea) : threshold.value;
    LakeMap lakes = mapLakes(state, sea);
    const WaterOrigins origins(map);
    features.byOrigin = origins.active();
    features.rivers = RiverTracer(state, sea, lakes.cellLake, features.riverThreshold, &origins).trace();
    features.lakes = std::move(lakes.lakes);
    if (level) {
        const ContourWindow wholeMap{0, 0, lattice.width() - 1, lattice.height() - 1};
        features.coast = contourLines(lattice, wholeMap, [&](int x, int y) { return static_cast<double>(state.bed(x, y)); }, *level);
    }
    return features;
}

} // namespace rb::analysis
