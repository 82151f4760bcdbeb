#include "io/LayerExport.h"

#include "io/RasterWriter.h"
#include "io/Resampler.h"

#include <algorithm>
#include <cmath>

namespace rb::io {
namespace {

constexpr double kRasterRowsPerTriangleRow = 0.8660254037844386; // √3/2 = rowSpacing / dx

FloatField surface(const MapState& state)
{
    FloatField out = state.bed;
    for (std::size_t i = 0; i < out.size(); ++i)
        if (state.depth[i] > 0.0f) out[i] += state.depth[i];
    return out;
}

} // namespace

std::string_view layerName(Layer layer)
{
    switch (layer) {
    case Layer::Terrain: return "terrain";
    case Layer::WaterDepth: return "water-depth";
    case Layer::WaterSurface: return "surface";
    }
    return "terrain";
}

std::optional<Layer> parseLayer(std::string_view name)
{
    for (Layer layer : {Layer::Terrain, Layer::WaterDepth, Layer::WaterSurface})
        if (layerName(layer) == name) return layer;
    return std::nullopt;
}

FloatField layerOnLattice(const MapState& state, Layer layer)
{
    switch (layer) {
    case Layer::Terrain: return state.bed;
    case Layer::WaterDepth: return state.depth;
    case Layer::WaterSurface: return surface(state);
    }
    return state.bed;
}

GridSize exportRasterSize(const Lattice& lattice)
{
    if (lattice.kind() == LatticeKind::Square) return {lattice.width(), lattice.height()};
    return {lattice.width(), std::max(1, static_cast<int>(std::lround(lattice.height() * kRasterRowsPerTriangleRow)))};
}

FloatField layerRaster(const MapState& state, Layer layer)
{
    const GridSize size = exportRasterSize(state.lattice);
    return rasterFromLattice(layerOnLattice(state, layer), state.lattice, size.width, size.height);
}

bool exportLayer(const MapState& state, Layer layer, const QString& path, QString* error)
{
    if (!rasterFormatFor(path)) {
        if (error) *error = unsupportedRasterFormatMessage(path);
        return false;
    }
    return writeRaster(path, layerRaster(state, layer), error);
}

} // namespace rb::io
