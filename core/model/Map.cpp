#include "model/Map.h"

#include <algorithm>
#include <cmath>

namespace rb {

std::string Map::validateGeoreference() const
{
    if (!georeference) return {};
    const Georeference& g = *georeference;
    if (!std::isfinite(g.originX) || !std::isfinite(g.originY)) return "the georeference's origin is not finite";
    // CRS units per metre: a few (feet), 1e-5 or so (degrees); far outside, corners overflow or vanish.
    constexpr double kFewest = 1e-12, kMost = 1e12;
    const auto sane = [&](double u) { return std::isfinite(u) && u >= kFewest && u <= kMost; };
    if (!sane(g.unitsPerMetreX) || !sane(g.unitsPerMetreY))
        return "the georeference's units per metre must lie in [1e-12, 1e12]";
    return {};
}

void Map::keepDocumentFields(const Map& document)
{
    generatorSettings = document.generatorSettings;
    georeference = document.georeference;
}

bool Map::usesDye() const
{
    return !state.dye.empty() || dyeChannelsReferenced(boundary, sources) > 0;
}

int dyeChannelsReferenced(const std::vector<BoundarySegment>& segments, const std::vector<PointSource>& sources)
{
    int highest = -1;
    for (const BoundarySegment& s : segments) highest = std::max(highest, s.dye);
    for (const PointSource& s : sources) highest = std::max(highest, s.dye);
    return highest + 1;
}

std::string Map::validate() const
{
    if (auto e = state.validate(); !e.empty()) return e;
    if (auto e = params.validate(); !e.empty()) return e;
    if (auto e = validateBoundary(state.lattice, boundary); !e.empty()) return e;
    if (auto e = validateGeoreference(); !e.empty()) return e;
    return validateSources(state.lattice, sources);
}

} // namespace rb
