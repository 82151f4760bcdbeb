#pragma once

#include "model/Map.h"

namespace rb::io {

// The map resampled onto the other kind of lattice over the same world rectangle (terrain and
// water depth interpolated through the export raster, as import/export do), with boundary
// segments stretched to the new side lengths. Flows start still and the clock at 0. If the
// map's dt would be unstable on the new lattice it is lowered to 90 % of the limit. The editor's
// Map › Lattice uses it; it lives here, beside the export and import it goes through, so that it
// needs no GUI and can be tested on its own.
Map convertLattice(const Map& map, LatticeKind kind);

} // namespace rb::io
