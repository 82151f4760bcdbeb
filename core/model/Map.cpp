#include "model/Map.h"

#include <algorithm>
#include <cmath>

namespace rb {

std::string Map::validateGeoreference() const
{
    if (!georeference) return {};
    const Georeference& g = *georeference;
    if (!std::isfinite(g.originX) || !std::isfinite(g.originY)) return "the georeference's origin is not finite";
    if (!(std::isfinite(g.unitsPerMetreX) && g.unitsPerMetreX > 0.0 && std::isfinite(g.unitsPerMetreY) && g.unitsPerMetreY > 0.0))
        return "the georeference's units per metre must be positive and finite";
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
