#include "view/LodTiles.h"

#include <QVector4D>

#include <algorithm>
#include <array>
#include <cmath>

namespace rb::view {

namespace {

// Whether all eight corners of the box lie beyond one of the six clip planes.
bool outsideFrustum(const QMatrix4x4& viewProjection, float x0, float z0, float x1, float z1, float lowest, float highest)
{
    std::array<QVector4D, 8> corners;
    int n = 0;
    for (float x : {x0, x1})
        for (float y : {lowest, highest})
            for (float z : {z0, z1}) corners[static_cast<std::size_t>(n++)] = viewProjection * QVector4D(x, y, z, 1.0f);
    for (int axis = 0; axis < 3; ++axis)
        for (float side : {-1.0f, 1.0f})
            if (std::all_of(corners.begin(), corners.end(), [&](const QVector4D& c) { return side * c[axis] > c.w(); }))
                return true;
    return false;
}

} // namespace

float LodEye::distanceTo(float px, float pz) const
{
    return std::hypot(std::hypot(px - x, pz - z), vertical);
}

LodTiles::LodTiles(const Lattice& lattice)
    : width_(lattice.width()), height_(lattice.height()), cellSize_(lattice.cellSize()), rowSpacing_(lattice.rowSpacing())
{
    while ((kPatchQuads << topLevel_) < std::max(width_, height_)) ++topLevel_;
}

float LodTiles::range(int level) const
{
    return kRangeInTiles * static_cast<float>(kPatchQuads << level) * static_cast<float>(cellSize_);
}

// Every vertex the tile can place, the triangle lattice's half-cell shift included.
LodTiles::Box LodTiles::worldBox(int x, int y, int level) const
{
    const int side = kPatchQuads << level;
    return {static_cast<float>(x * cellSize_), static_cast<float>(y * rowSpacing_), static_cast<float>((x + side + 1) * cellSize_),
            static_cast<float>((y + side + 1) * rowSpacing_)};
}

std::vector<LodTile> LodTiles::select(const LodEye& eye, const QMatrix4x4& viewProjection, float lowest, float highest) const
{
    std::vector<LodTile> tiles;
    if (width_ > 0 && height_ > 0) visit(0, 0, topLevel_, eye, viewProjection, lowest, highest, tiles);
    return tiles;
}

void LodTiles::visit(int x, int y, int level, const LodEye& eye, const QMatrix4x4& viewProjection, float lowest, float highest,
                     std::vector<LodTile>& tiles) const
{
    if (x >= width_ || y >= height_) return;
    const Box box = worldBox(x, y, level);
    if (outsideFrustum(viewProjection, box.x0, box.z0, box.x1, box.z1, lowest, highest)) return;
    const float nearX = std::clamp(eye.x, box.x0, box.x1), nearZ = std::clamp(eye.z, box.z0, box.z1);
    if (level > 0 && eye.distanceTo(nearX, nearZ) <= range(level - 1)) {
        const int half = kPatchQuads << (level - 1);
        for (int dy : {0, half})
            for (int dx : {0, half}) visit(x + dx, y + dy, level - 1, eye, viewProjection, lowest, highest, tiles);
        return;
    }
    tiles.push_back({x, y, level});
}

} // namespace rb::view
