#include "view/OverlayLines.h"

#include "lattice/Lattice.h"
#include "model/BorderCell.h"
#include "view/SurfaceTriangles.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace rb::view {

namespace {

constexpr float kOverlayPi = 3.14159265f;

// The segment in force at each position of a side: the last one covering it, else a wall.
BoundaryType typeAt(const std::vector<BoundarySegment>& segments, Side side, int position)
{
    BoundaryType type = BoundaryType::Wall;
    for (const BoundarySegment& s : segments)
        if (s.side == side && position >= s.start && position <= s.end) type = s.type;
    return type;
}

} // namespace

QColor boundaryColour(BoundaryType type)
{
    switch (type) {
    case BoundaryType::Wall: return QColor(90, 90, 90);
    case BoundaryType::Inflow: return QColor(40, 200, 80);
    case BoundaryType::Sea: return QColor(40, 110, 240);
    case BoundaryType::Outflow: return QColor(240, 140, 30);
    }
    return QColor(90, 90, 90);
}

void OverlayLines::clear()
{
    vertices_.values.clear();
}

std::vector<std::uint32_t> OverlayLines::indices() const
{
    std::vector<std::uint32_t> result(vertices_.vertexCount());
    std::iota(result.begin(), result.end(), 0u);
    return result;
}

void OverlayLines::addLine(QVector3D a, QVector3D b, QColor colour)
{
    for (const QVector3D& p : {a, b}) {
        const float v[MeshVertices::kFloatsPerVertex] = {p.x(), p.y(), p.z(), 0.0f, 1.0f, 0.0f,
                                                         colour.redF(), colour.greenF(), colour.blueF(), colour.alphaF()};
        vertices_.values.insert(vertices_.values.end(), v, v + MeshVertices::kFloatsPerVertex);
    }
}

void OverlayLines::addBrush(const Lattice& lattice, const FloatField& bed, const BrushOutline& brush)
{
    const SurfaceTriangles surface(lattice);
    const int segments = 72;
    const auto pointAt = [&](int i) {
        const float angle = 2.0f * kOverlayPi * static_cast<float>(i) / static_cast<float>(segments);
        const float x = brush.centre.x() + brush.radius * std::cos(angle), z = brush.centre.z() + brush.radius * std::sin(angle);
        return QVector3D(x, static_cast<float>(surface.height(bed, x, z)) + 0.05f, z);
    };
    for (int i = 0; i < segments; ++i) addLine(pointAt(i), pointAt(i + 1), brush.colour);
    const float cross = std::min(brush.radius * 0.15f, static_cast<float>(lattice.cellSize()));
    const QVector3D c(brush.centre.x(), static_cast<float>(surface.height(bed, brush.centre.x(), brush.centre.z())) + 0.05f,
                      brush.centre.z());
    addLine(c - QVector3D(cross, 0, 0), c + QVector3D(cross, 0, 0), brush.colour);
    addLine(c - QVector3D(0, 0, cross), c + QVector3D(0, 0, cross), brush.colour);
}

// One cell's stretch of a side, on the map's outline at the cell's bed height.
void OverlayLines::addEdgeCell(const Lattice& lattice, const FloatField& bed, Side side, int position, QColor colour, bool arrow)
{
    const CellCoord cell = borderCell(lattice, side, position);
    const WorldPoint centre = lattice.worldPosition(cell.x, cell.y);
    const float height = bed(cell.x, cell.y) + 0.3f;
    const float dx = static_cast<float>(lattice.cellSize()), row = static_cast<float>(lattice.rowSpacing());
    const float width = static_cast<float>(lattice.worldWidth()), depth = static_cast<float>(lattice.worldHeight());
    QVector3D a, b, inward;
    switch (side) {
    case Side::North:
    case Side::South: {
        const float z = side == Side::North ? 0.0f : depth;
        const float x = static_cast<float>(centre.x);
        a = QVector3D(x - 0.5f * dx, height, z);
        b = QVector3D(x + 0.5f * dx, height, z);
        inward = QVector3D(0, 0, side == Side::North ? 1.0f : -1.0f);
        break;
    }
    case Side::West:
    case Side::East: {
        const float x = side == Side::West ? 0.0f : width;
        const float z = static_cast<float>(centre.y);
        a = QVector3D(x, height, z - 0.5f * row);
        b = QVector3D(x, height, z + 0.5f * row);
        inward = QVector3D(side == Side::West ? 1.0f : -1.0f, 0, 0);
        break;
    }
    }
    addLine(a, b, colour);
    if (!arrow) return;
    const QVector3D mid = 0.5f * (a + b), tip = mid + 1.5f * dx * inward, tail = mid - 1.5f * dx * inward;
    const QVector3D across = (b - a).normalized() * 0.6f * dx;
    addLine(tail, tip, colour);
    addLine(tip, tip - 0.8f * dx * inward + across, colour);
    addLine(tip, tip - 0.8f * dx * inward - across, colour);
}

void OverlayLines::addBoundary(const Lattice& lattice, const FloatField& bed, const std::vector<BoundarySegment>& segments,
                               const std::optional<BoundaryHighlight>& highlight)
{
    if (lattice.cellCount() == 0) return;
    for (Side side : {Side::North, Side::South, Side::East, Side::West}) {
        const int length = sideLength(lattice, side);
        const int arrowEvery = std::max(2, length / 16);
        for (int p = 0; p < length; ++p) {
            const BoundaryType type = typeAt(segments, side, p);
            const bool selected = highlight && highlight->side == side && p >= std::min(highlight->start, highlight->end) &&
                                  p <= std::max(highlight->start, highlight->end);
            const QColor colour = selected ? QColor(255, 230, 0) : boundaryColour(type);
            addEdgeCell(lattice, bed, side, p, colour, type == BoundaryType::Inflow && p % arrowEvery == arrowEvery / 2);
        }
    }
}

void OverlayLines::addSources(const Lattice& lattice, const FloatField& bed, const std::vector<PointSource>& sources, int selected)
{
    const SurfaceTriangles surface(lattice);
    const float size = 1.5f * static_cast<float>(lattice.cellSize());
    for (std::size_t i = 0; i < sources.size(); ++i) {
        const PointSource& s = sources[i];
        QColor colour = s.kind == PointSource::Kind::Spring ? QColor(60, 160, 255) : QColor(230, 50, 40);
        if (static_cast<int>(i) == selected) colour = QColor(255, 230, 0);
        const float x = static_cast<float>(s.x), z = static_cast<float>(s.y);
        const float ground = static_cast<float>(surface.height(bed, x, z));
        const QVector3D base(x, ground, z), top(x, ground + 3.0f * size, z);
        addLine(base, top, colour);
        addLine(top - QVector3D(size, 0, 0), top + QVector3D(size, 0, 0), colour);
        addLine(top - QVector3D(0, 0, size), top + QVector3D(0, 0, size), colour);
    }
}

} // namespace rb::view

namespace rb::view {

namespace {

// Lines float this far above the water they trace, so the water surface does not hide them.
constexpr float kAboveWater = 0.3f; // m

} // namespace

void OverlayLines::addWaterFeatures(const analysis::WaterFeatures& features)
{
    const QColor river(40, 230, 255), lake(170, 210, 255), coast(235, 200, 120);
    for (const analysis::River& r : features.rivers)
        for (std::size_t i = 1; i < r.points.size(); ++i) {
            const analysis::RiverPoint& a = r.points[i - 1];
            const analysis::RiverPoint& b = r.points[i];
            addLine(QVector3D(static_cast<float>(a.x), static_cast<float>(a.z) + kAboveWater, static_cast<float>(a.y)),
                    QVector3D(static_cast<float>(b.x), static_cast<float>(b.z) + kAboveWater, static_cast<float>(b.y)), river);
        }
    const auto addPolyline = [this](const analysis::Polyline& line, double height, QColor colour) {
        const float y = static_cast<float>(height) + kAboveWater;
        for (std::size_t i = 1; i < line.size(); ++i)
            addLine(QVector3D(static_cast<float>(line[i - 1].x), y, static_cast<float>(line[i - 1].y)),
                    QVector3D(static_cast<float>(line[i].x), y, static_cast<float>(line[i].y)), colour);
    };
    for (const analysis::Lake& l : features.lakes) addPolyline(l.polygon, l.level, lake);
    for (const analysis::Polyline& line : features.coast) addPolyline(line, features.seaLevel, coast);
}

void OverlayLines::addStreaks(const std::vector<std::pair<QVector3D, QVector3D>>& streaks)
{
    const QColor streak(240, 248, 255);
    for (const auto& [tail, head] : streaks) addLine(tail, head, streak);
}

// Violet: no other overlay, dye channel, water or terrain colour uses it.
void OverlayLines::addCurrentArrows(const std::vector<std::pair<QVector3D, QVector3D>>& lines)
{
    const QColor arrow(150, 60, 255);
    for (const auto& [a, b] : lines) addLine(a, b, arrow);
}

} // namespace rb::view
