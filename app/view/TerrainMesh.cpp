#include "view/TerrainMesh.h"

#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <array>
#include <cmath>

namespace rb::view {

namespace {

using Rgb = std::array<float, 3>;

float smoothstep(float edge0, float edge1, float x)
{
    const float t = std::clamp((x - edge0) / (edge1 - edge0), 0.0f, 1.0f);
    return t * t * (3.0f - 2.0f * t);
}

Rgb mix(const Rgb& a, const Rgb& b, float t)
{
    return {a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t};
}

// `above`: metres above sea level; `relative`: height as a fraction of the highest land;
// `steepness`: 1 − normal's up component (0 flat, ~0.3 at 45°).
Rgb terrainColour(float above, float relative, float steepness)
{
    const Rgb seabed{0.42f, 0.40f, 0.30f}, sand{0.86f, 0.79f, 0.56f}, grass{0.36f, 0.55f, 0.22f},
        forest{0.20f, 0.38f, 0.16f}, rock{0.50f, 0.46f, 0.42f}, snow{0.96f, 0.96f, 0.98f};
    if (above < 0.0f) return mix(sand, seabed, smoothstep(0.0f, 25.0f, -above));
    Rgb colour = mix(sand, grass, smoothstep(1.5f, 4.0f, above));
    colour = mix(colour, forest, smoothstep(0.15f, 0.45f, relative));
    colour = mix(colour, rock, std::max(smoothstep(0.12f, 0.30f, steepness), smoothstep(0.50f, 0.70f, relative)));
    return mix(colour, snow, smoothstep(0.78f, 0.90f, relative) * (1.0f - smoothstep(0.25f, 0.45f, steepness)));
}

} // namespace

float seaLevelOf(const Map& map)
{
    for (const BoundarySegment& segment : map.boundary)
        if (segment.type == BoundaryType::Sea) return static_cast<float>(segment.value);
    const QJsonObject settings = QJsonDocument::fromJson(QByteArray::fromStdString(map.generatorSettings)).object();
    return static_cast<float>(settings.value("sea_level").toDouble(0.0));
}

void accumulateNormals(const MeshGrid& grid, MeshVertices& vertices)
{
    for (std::size_t i = 0; i < vertices.vertexCount(); ++i)
        std::fill_n(vertices.vertex(i) + MeshVertices::kNormalOffset, 3, 0.0f);
    const auto& indices = grid.indices();
    for (std::size_t t = 0; t + 2 < indices.size(); t += 3) {
        float* a = vertices.vertex(indices[t]);
        float* b = vertices.vertex(indices[t + 1]);
        float* c = vertices.vertex(indices[t + 2]);
        const float ux = b[0] - a[0], uy = b[1] - a[1], uz = b[2] - a[2];
        const float vx = c[0] - a[0], vy = c[1] - a[1], vz = c[2] - a[2];
        // u × v, oriented up (+y) whatever the winding, weighted by the triangle's area.
        float nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
        if (ny < 0.0f) nx = -nx, ny = -ny, nz = -nz;
        for (float* p : {a, b, c}) {
            p[3] += nx;
            p[4] += ny;
            p[5] += nz;
        }
    }
    for (std::size_t i = 0; i < vertices.vertexCount(); ++i) {
        float* n = vertices.vertex(i) + MeshVertices::kNormalOffset;
        const float length = std::sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
        if (length > 0.0f) n[0] /= length, n[1] /= length, n[2] /= length;
        else n[1] = 1.0f;
    }
}

TerrainMesh::TerrainMesh(const Map& map, int maxVerticesPerSide)
    : grid_(map.state.lattice, maxVerticesPerSide), seaLevel_(seaLevelOf(map))
{
    placeVertices(map.state);
    accumulateNormals(grid_, vertices_);
    colour();
}

void TerrainMesh::placeVertices(const MapState& state)
{
    vertices_.values.assign(grid_.vertexCount() * MeshVertices::kFloatsPerVertex, 0.0f);
    lowest_ = highest_ = state.bed.empty() ? 0.0f : state.bed[0];
    for (int j = 0; j < grid_.rowCount(); ++j)
        for (int i = 0; i < grid_.columnCount(); ++i) {
            const int x = grid_.columns()[static_cast<std::size_t>(i)], y = grid_.rows()[static_cast<std::size_t>(j)];
            const WorldPoint p = state.lattice.worldPosition(x, y);
            const float bed = state.bed(x, y);
            float* v = vertices_.vertex(grid_.vertex(i, j));
            v[0] = static_cast<float>(p.x);
            v[1] = bed;
            v[2] = static_cast<float>(p.y);
            lowest_ = std::min(lowest_, bed);
            highest_ = std::max(highest_, bed);
        }
}

void TerrainMesh::updateBed(const FloatField& bed, const CellRegion& rect)
{
    const auto within = [](int value, int start, int count) { return value >= start && value < start + count; };
    for (int j = 0; j < grid_.rowCount(); ++j) {
        const int y = grid_.rows()[static_cast<std::size_t>(j)];
        if (!within(y, rect.y, rect.height)) continue;
        for (int i = 0; i < grid_.columnCount(); ++i) {
            const int x = grid_.columns()[static_cast<std::size_t>(i)];
            if (within(x, rect.x, rect.width)) vertices_.vertex(grid_.vertex(i, j))[1] = bed(x, y);
        }
    }
    lowest_ = highest_ = vertices_.vertexCount() > 0 ? vertices_.vertex(0)[1] : 0.0f;
    for (std::size_t i = 0; i < vertices_.vertexCount(); ++i) {
        lowest_ = std::min(lowest_, vertices_.vertex(i)[1]);
        highest_ = std::max(highest_, vertices_.vertex(i)[1]);
    }
    accumulateNormals(grid_, vertices_);
    colour();
}

void TerrainMesh::colour()
{
    const float landTop = std::max(highest_ - seaLevel_, 1.0f);
    for (std::size_t i = 0; i < vertices_.vertexCount(); ++i) {
        float* v = vertices_.vertex(i);
        const float above = v[1] - seaLevel_;
        const Rgb c = terrainColour(above, above / landTop, 1.0f - v[4]);
        std::copy(c.begin(), c.end(), v + MeshVertices::kColourOffset);
        v[MeshVertices::kColourOffset + 3] = 1.0f;
    }
}

} // namespace rb::view
