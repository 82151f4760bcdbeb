#include "generator/MapFrame.h"

#include <algorithm>

namespace rb::gen {

MapFrame::MapFrame(const Lattice& lattice)
    : lattice_(&lattice), worldWidth_(lattice.worldWidth()), worldHeight_(lattice.worldHeight())
{
    const double longer = std::max(lattice.width(), lattice.height());
    spanX_ = lattice.width() / longer;
    spanY_ = lattice.height() / longer;
    // A border cell's centre lies less than one cell from its edge (half a cell on the square
    // lattice; on the triangular one, even rows end a whole cell short of the east edge, which is
    // (W + 0.5)·dx away), and one cell is at most 1/longer in noise units.
    borderBand_ = 1.0 / longer;
}

FramePoint MapFrame::at(int x, int y) const
{
    const WorldPoint w = lattice_->worldPosition(x, y);
    return {w.x / worldWidth_, w.y / worldHeight_};
}

double MapFrame::edgeDistance(FramePoint p) const
{
    return std::min({p.u * spanX_, (1.0 - p.u) * spanX_, p.v * spanY_, (1.0 - p.v) * spanY_});
}

double MapFrame::edgeFade(double nominal) const
{
    return std::min(nominal, 0.25 * std::min(spanX_, spanY_));
}

} // namespace rb::gen
