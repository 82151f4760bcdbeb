#pragma once

#include <string>

namespace rb {

// Where a map lies on the Earth, kept from an imported georeferenced raster so that exports can
// say it again (docs/map-format.md, "georeference"). World metres (x east, y south from the map's
// north-west corner) map linearly onto the CRS's coordinates:
//     X = originX + x · unitsPerMetreX,   Y = originY − y · unitsPerMetreY.
// For a projected CRS in metres both scales are 1 (or the ratio kept when pixels were resampled);
// for a geographic CRS they are degrees per metre at the raster's centre latitude.
struct Georeference {
    std::string crsWkt;          // the CRS as OGC WKT; empty when the raster had a geotransform only
    double originX = 0.0;        // the north-west corner, in CRS units
    double originY = 0.0;
    double unitsPerMetreX = 1.0; // CRS units per world metre, east
    double unitsPerMetreY = 1.0; // CRS units per world metre, south (Y decreases southwards)

    bool operator==(const Georeference&) const = default;
};

} // namespace rb
