#pragma once

#include "lattice/Lattice.h"

namespace rb::gen {

// A point of the landscape in map-relative coordinates: u from the west edge (0) to the east edge
// (1), v from the north edge (0) to the south edge (1).
struct FramePoint {
    double u = 0.0;
    double v = 0.0;
};

// The coordinates every landscape is defined in. A cell's world position divided by the map's world
// extent gives (u, v), so a square and a triangular map of the same settings sample one landscape,
// and a 256² preview shows the map a 4096² run will make. Noise is evaluated at (u·spanX, v·spanY):
// the longer side spans 1 and the spans follow the cell counts, so features are round in cells.
class MapFrame {
public:
    explicit MapFrame(const Lattice& lattice);

    FramePoint at(int x, int y) const;
    double spanX() const { return spanX_; } // W / max(W, H)
    double spanY() const { return spanY_; } // H / max(W, H)
    double noiseX(FramePoint p) const { return p.u * spanX_; }
    double noiseY(FramePoint p) const { return p.v * spanY_; }

    // Distance to the nearest map edge in noise units (the longer side is 1).
    double edgeDistance(FramePoint p) const;
    // An edge distance every border cell lies below, used to force the border to a known state.
    double borderBand() const { return borderBand_; }
    // A width (noise units) over which something fades in from the edge, at most a quarter of the
    // shorter side: on a long thin strip (64:1) a fixed width reached past its middle and sank the
    // whole island below the sea. Maps up to about 4:1 keep the nominal width.
    double edgeFade(double nominal) const;

private:
    const Lattice* lattice_;
    double worldWidth_;
    double worldHeight_;
    double spanX_;
    double spanY_;
    double borderBand_;
};

} // namespace rb::gen
