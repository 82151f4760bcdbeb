#pragma once

#include "lattice/Lattice.h"
#include "model/Field.h"

namespace rb::io {

// Moves values between a raster (rows north to south, pixels of equal size) and a lattice. The
// raster always covers the lattice's world rectangle [0, worldWidth] × [0, worldHeight] exactly,
// whatever its pixel count; its pixel centres sit at ((i + ½)·worldWidth/W, (j + ½)·worldHeight/H).
// Standard library only, so that the core or a worker thread may use it too.

// Bilinear interpolation between pixel centres; outside them (the outer half pixel) the nearest
// edge value is held (clamped), so a sample never reads outside the raster.
double sampleRaster(const FloatField& raster, double worldWidth, double worldHeight, WorldPoint p);

// Interpolates lattice values at a world point. Square: bilinear between cell centres (the same as
// sampleRaster). Triangle: linear over the lattice triangle that contains the point (barycentric),
// so a function linear in world space is reproduced exactly; points outside the lattice's hull
// (west of the zig-zag rows, beyond the first and last rows) are first moved onto it, horizontally
// and vertically.
double sampleLattice(const FloatField& values, const Lattice& lattice, WorldPoint p);

// The raster sampled at every cell's world position. A square lattice of the raster's own size
// gets the raster unchanged (bit for bit).
FloatField latticeFromRaster(const FloatField& raster, const Lattice& lattice);

// A width × height raster of the lattice's values. For a square lattice of that same size this is
// the field unchanged (bit for bit).
FloatField rasterFromLattice(const FloatField& values, const Lattice& lattice, int width, int height);

} // namespace rb::io
