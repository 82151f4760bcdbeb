#include "view/WaterMesh.h"

#include "view/FlowSpeed.h"
#include "view/TerrainMesh.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace rb::view {

namespace {

using Rgb = std::array<float, 3>;

Rgb mix(const Rgb& a, const Rgb& b, float t)
{
    return {a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t};
}

Rgb depthColour(float depth)
{
    const float t = 1.0f - std::exp(-depth / 4.0f);
    return mix(Rgb{0.25f, 0.74f, 0.78f}, Rgb{0.05f, 0.27f, 0.55f}, t);
}

// Blue when still, through cyan and yellow to red at 4 m/s and above.
Rgb speedColour(float speed)
{
    const std::array<Rgb, 4> stops{Rgb{0.08f, 0.25f, 0.70f}, Rgb{0.15f, 0.80f, 0.90f}, Rgb{1.0f, 0.90f, 0.20f},
                                   Rgb{0.90f, 0.20f, 0.10f}};
    const float t = std::clamp(speed / 4.0f, 0.0f, 1.0f) * 3.0f;
    const int i = std::min(2, static_cast<int>(t));
    return mix(stops[static_cast<std::size_t>(i)], stops[static_cast<std::size_t>(i) + 1], t - static_cast<float>(i));
}

// Thin films are nearly clear, deep water nearly opaque.
float opacity(float depth)
{
    const float edge = std::clamp((depth - kDryDepth) / 0.25f, 0.0f, 1.0f);
    return edge * (0.45f + 0.4f * (1.0f - std::exp(-depth / 6.0f)));
}

} // namespace

WaterMesh::WaterMesh(const MeshGrid& grid) : grid_(&grid)
{
    vertices_.values.assign(grid.vertexCount() * MeshVertices::kFloatsPerVertex, 0.0f);
}

void WaterMesh::update(const MapState& state, WaterColouring colouring)
{
    wet_ = 0;
    for (int j = 0; j < grid_->rowCount(); ++j)
        for (int i = 0; i < grid_->columnCount(); ++i) {
            const int x = grid_->columns()[static_cast<std::size_t>(i)], y = grid_->rows()[static_cast<std::size_t>(j)];
            const WorldPoint p = state.lattice.worldPosition(x, y);
            const float bed = state.bed(x, y), depth = state.depth(x, y);
            const bool wet = depth >= kDryDepth;
            float* v = vertices_.vertex(grid_->vertex(i, j));
            v[0] = static_cast<float>(p.x);
            v[1] = wet ? bed + depth : bed - 0.25f; // dry: under the terrain, hidden by the depth test
            v[2] = static_cast<float>(p.y);
            const Rgb c = colouring == WaterColouring::Speed ? speedColour(static_cast<float>(cellSpeed(state, x, y)))
                                                             : depthColour(depth);
            std::copy(c.begin(), c.end(), v + MeshVertices::kColourOffset);
            v[MeshVertices::kColourOffset + 3] = wet ? opacity(depth) : 0.0f;
            wet_ += wet ? 1 : 0;
        }
    accumulateNormals(*grid_, vertices_);
}

} // namespace rb::view
