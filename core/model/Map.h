#pragma once

#include "model/BoundarySegment.h"
#include "model/Georeference.h"
#include "model/MapState.h"
#include "model/PointSource.h"
#include "model/SimParams.h"

#include <optional>
#include <string>
#include <vector>

namespace rb {

// Everything a .rbmap file holds: the fields plus how to simulate them.
struct Map {
    MapState state;
    SimParams params;
    std::vector<BoundarySegment> boundary; // empty: walls all round
    std::vector<PointSource> sources;
    std::string generatorSettings;         // free-form JSON text written by the generator
    std::optional<Georeference> georeference; // from an imported georeferenced raster (GDAL import)

    // Empty when the whole map is consistent, else the first problem found.
    std::string validate() const;
    // True when the map holds dye or a boundary segment or spring brings some.
    bool usesDye() const;
    // What a solver does not hold, the generator's settings and the georeference, taken from
    // `document` (the map the run was loaded from): a solver's readMap() leaves them empty.
    void keepDocumentFields(const Map& document);
    bool operator==(const Map&) const = default;

private:
    std::string validateGeoreference() const;
};

// How many dye channels the segments and springs refer to: 1 + the highest channel, 0 for none.
int dyeChannelsReferenced(const std::vector<BoundarySegment>& segments, const std::vector<PointSource>& sources);

} // namespace rb
