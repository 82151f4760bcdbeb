#include "view/CurrentArrows.h"

#include "io/flow/VelocityField.h"

#include <algorithm>
#include <cmath>

namespace rb::view {

namespace {

constexpr float kBarbFraction = 0.3f; // of the arrow's length
constexpr float kBarbAngle = 0.45f;   // rad between a barb and the shaft

bool fitsLattice(const Lattice& lattice, const FloatField& field)
{
    return field.width() == lattice.width() && field.height() == lattice.height();
}

// The shaft direction `d` (unit, horizontal) turned by ±angle about the vertical.
QVector3D turned(QVector3D d, float angle)
{
    const float c = std::cos(angle), s = std::sin(angle);
    return QVector3D(c * d.x() - s * d.z(), 0.0f, s * d.x() + c * d.z());
}

} // namespace

int CurrentArrows::defaultSpacing(const Lattice& lattice)
{
    return std::clamp(std::min(lattice.width(), lattice.height()) / 16, 2, 24);
}

CurrentArrows::CurrentArrows(const Lattice& lattice, const FloatField& bed, const FloatField& depth, const std::vector<FloatField>& currents,
                             int spacingCells)
{
    if (currents.size() != 2 || !fitsLattice(lattice, currents[0]) || !fitsLattice(lattice, currents[1]) || !fitsLattice(lattice, bed) ||
        !fitsLattice(lattice, depth))
        return;
    for (std::size_t i = 0; i < lattice.cellCount(); ++i)
        maxSpeed_ = std::max(maxSpeed_, std::hypot(static_cast<double>(currents[0][i]), static_cast<double>(currents[1][i])));
    gridStep_ = (spacingCells > 0 ? spacingCells : defaultSpacing(lattice)) * lattice.cellSize();
    if (!(maxSpeed_ > 0.0)) return;
    // Grid points at the centres of gridStep-sized squares, from the north-west corner.
    for (double y = 0.5 * gridStep_; y < lattice.worldHeight(); y += gridStep_)
        for (double x = 0.5 * gridStep_; x < lattice.worldWidth(); x += gridStep_) addArrowAt(lattice, bed, depth, currents, {x, y});
}

void CurrentArrows::addArrowAt(const Lattice& lattice, const FloatField& bed, const FloatField& depth, const std::vector<FloatField>& currents,
                               WorldPoint point)
{
    const std::optional<CellCoord> cell = lattice.nearestCell(point);
    if (!cell) return;
    const std::size_t i = lattice.index(cell->x, cell->y);
    const double east = currents[0][i], south = currents[1][i];
    const double speed = std::hypot(east, south);
    if (depth[i] <= io::kWetDepth || !(speed > 0.0)) return; // land, or water the current does not reach
    const double half = 0.5 * speed * metresPerSpeed();
    const float height = bed[i] + depth[i] + kAboveWater;
    const double dx = half * east / speed, dz = half * south / speed;
    arrows_.push_back({QVector3D(static_cast<float>(point.x - dx), height, static_cast<float>(point.y - dz)),
                       QVector3D(static_cast<float>(point.x + dx), height, static_cast<float>(point.y + dz)), speed});
}

std::vector<CurrentArrows::Line> CurrentArrows::lines() const
{
    std::vector<Line> out;
    out.reserve(3 * arrows_.size());
    for (const Arrow& a : arrows_) {
        const QVector3D shaft = a.head - a.tail;
        const QVector3D back = -shaft.normalized() * (kBarbFraction * shaft.length());
        out.push_back({a.tail, a.head});
        out.push_back({a.head, a.head + turned(back, kBarbAngle)});
        out.push_back({a.head, a.head + turned(back, -kBarbAngle)});
    }
    return out;
}

} // namespace rb::view
