#pragma once

#include "io/MapImport.h"
#include "model/MapState.h"

#include <QString>

#include <optional>
#include <string_view>

namespace rb::io {

enum class Layer {
    Terrain,      // bed elevation b (m)
    WaterDepth,   // h (m), 0 where dry
    WaterSurface, // b + h where h > 0, else b (m)
};

std::string_view layerName(Layer layer); // "terrain", "water-depth", "surface"
std::optional<Layer> parseLayer(std::string_view name);

// The layer's value at every cell of the lattice.
FloatField layerOnLattice(const MapState& state, Layer layer);

// The raster a map exports to, covering the lattice's world rectangle:
//  - square: the lattice's own size, one pixel per cell (values exported unchanged);
//  - triangle: one column per vertex of a row and round(H·√3/2) rows, so pixels are about dx
//    square: ((W + ½)/W)·dx wide and H·rowSpacing/rows tall. (The inverse of importLatticeSize:
//    importing such a raster gives back a lattice of H rows.)
GridSize exportRasterSize(const Lattice& lattice);

// The layer on that raster, rows north to south (triangle lattices interpolated linearly over
// their triangles, see Resampler.h).
FloatField layerRaster(const MapState& state, Layer layer);

// Writes the layer in the format the path's extension names (see RasterWriter.h).
bool exportLayer(const MapState& state, Layer layer, const QString& path, QString* error);

} // namespace rb::io
