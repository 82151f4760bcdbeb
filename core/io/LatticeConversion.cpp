#include "io/LatticeConversion.h"

#include "io/export/LayerExport.h"
#include "io/import/MapImport.h"
#include "io/raster/Resampler.h"
#include "solver/Stability.h"

#include <algorithm>
#include <cmath>

namespace rb::io {

namespace {

Lattice targetLattice(const Lattice& from, LatticeKind kind)
{
    const GridSize raster = exportRasterSize(from);
    const GridSize size = importLatticeSize(kind, raster.width, raster.height);
    return Lattice(kind, size.width, size.height, from.cellSize());
}

int rescale(int position, int fromLength, int toLength)
{
    const double t = (position + 0.5) / fromLength;
    return std::clamp(static_cast<int>(std::floor(t * toLength)), 0, toLength - 1);
}

std::vector<BoundarySegment> stretchBoundary(const std::vector<BoundarySegment>& segments, const Lattice& from, const Lattice& to)
{
    std::vector<BoundarySegment> stretched;
    for (BoundarySegment segment : segments) {
        const int fromLength = sideLength(from, segment.side), toLength = sideLength(to, segment.side);
        segment.start = rescale(segment.start, fromLength, toLength);
        segment.end = rescale(segment.end, fromLength, toLength);
        if (segment.end == toLength - 1 || segment.end + 1 == fromLength) segment.end = toLength - 1;
        stretched.push_back(segment);
    }
    return stretched;
}

} // namespace

Map convertLattice(const Map& map, LatticeKind kind)
{
    if (map.state.lattice.kind() == kind) return map;
    const Lattice lattice = targetLattice(map.state.lattice, kind);
    Map converted;
    converted.state = MapState(lattice);
    converted.state.bed = latticeFromRaster(layerRaster(map.state, Layer::Terrain), lattice);
    converted.state.depth = latticeFromRaster(layerRaster(map.state, Layer::WaterDepth), lattice);
    for (float& depth : converted.state.depth.values()) depth = std::max(depth, 0.0f);
    converted.params = map.params;
    converted.boundary = stretchBoundary(map.boundary, map.state.lattice, lattice);
    converted.sources = map.sources;
    converted.generatorSettings = map.generatorSettings;
    converted.georeference = map.georeference; // world metres still map onto the same place

    const auto deepest = std::max_element(converted.state.depth.values().begin(), converted.state.depth.values().end());
    const double maxDepth = deepest == converted.state.depth.values().end() ? 0.0 : *deepest;
    if (cflNumber(lattice, converted.params, maxDepth) > 0.9)
        converted.params.dt = 0.9 * stableDtLimit(lattice, converted.params, maxDepth);
    return converted;
}

} // namespace rb::io
