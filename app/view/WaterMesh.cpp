#include "view/WaterMesh.h"

#include "view/FlowSpeed.h"
#include "view/TerrainMesh.h"
#include "view/WaterColourScale.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace rb::view {

namespace {

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
            const Rgb c = colouring == WaterColouring::Speed ? WaterColourScale::speedColour(static_cast<float>(cellSpeed(state, x, y)))
                                                             : WaterColourScale::depthColour(depth);
            std::copy(c.begin(), c.end(), v + MeshVertices::kColourOffset);
            v[MeshVertices::kColourOffset + 3] = wet ? opacity(depth) : 0.0f;
            wet_ += wet ? 1 : 0;
        }
    accumulateNormals(*grid_, vertices_);
}

} // namespace rb::view
