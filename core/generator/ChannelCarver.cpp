#include "generator/ChannelCarver.h"

#include "generator/Shaping.h"

#include <algorithm>
#include <cmath>

namespace rb::gen {
namespace {

constexpr double kBottomRise = 0.3; // the bottom's edge stands this fraction of depth above the centre

// Height above the centre line's bed at horizontal distance d from it.
double crossSection(const ChannelShape& shape, double d)
{
    if (d <= shape.halfWidth) return kBottomRise * shape.depth * (d / shape.halfWidth) * (d / shape.halfWidth);
    const double bank = shape.bankWidth > 0.0 ? smoothstep(shape.halfWidth, shape.halfWidth + shape.bankWidth, d) : 1.0;
    return shape.depth * (kBottomRise + (1.0 - kBottomRise) * bank);
}

std::vector<float> centreLineBeds(const FloatField& bed, const std::vector<CellCoord>& path, double depth)
{
    std::vector<float> beds;
    float lowest = bed(path.front().x, path.front().y);
    for (const CellCoord& c : path) {
        lowest = std::min(lowest, static_cast<float>(bed(c.x, c.y) - depth));
        beds.push_back(lowest);
    }
    return beds;
}

// Lowers every cell within reach of one centre-line point to that point's cross-section.
void stamp(const Lattice& lattice, FloatField& bed, std::vector<std::uint8_t>& bottom, CellCoord centre,
           float centreBed, const ChannelShape& shape)
{
    const double reach = shape.halfWidth + shape.bankWidth;
    const WorldPoint c = lattice.worldPosition(centre.x, centre.y);
    const int rows = static_cast<int>(std::ceil(reach / lattice.rowSpacing())) + 1;
    const int columns = static_cast<int>(std::ceil(reach / lattice.cellSize())) + 1;
    for (int y = std::max(0, centre.y - rows); y <= std::min(lattice.height() - 1, centre.y + rows); ++y)
        for (int x = std::max(0, centre.x - columns); x <= std::min(lattice.width() - 1, centre.x + columns); ++x) {
            const WorldPoint p = lattice.worldPosition(x, y);
            const double d = std::hypot(p.x - c.x, p.y - c.y);
            if (d > reach) continue;
            const float carved = static_cast<float>(centreBed + crossSection(shape, d));
            bed(x, y) = std::min(bed(x, y), carved);
            if (d <= shape.halfWidth) bottom[lattice.index(x, y)] = 1;
        }
}

} // namespace

std::vector<std::uint8_t> carveChannel(const Lattice& lattice, FloatField& bed, const std::vector<CellCoord>& path,
                                       const ChannelShape& shape)
{
    std::vector<std::uint8_t> bottom(lattice.cellCount(), 0);
    if (path.empty()) return bottom;
    const std::vector<float> beds = centreLineBeds(bed, path, shape.depth);
    // Taking the minimum makes the result independent of the order the points are stamped in.
    for (std::size_t i = 0; i < path.size(); ++i) stamp(lattice, bed, bottom, path[i], beds[i], shape);
    // A loop of the channel passing near a later, lower stretch may have cut part of the centre
    // line below its downstream neighbour; one more running minimum restores the descent.
    float lowest = bed(path.front().x, path.front().y);
    for (const CellCoord& c : path) {
        lowest = std::min(lowest, bed(c.x, c.y));
        bed(c.x, c.y) = lowest;
    }
    return bottom;
}

} // namespace rb::gen
