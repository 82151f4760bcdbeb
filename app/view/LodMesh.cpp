#include "view/LodMesh.h"

#include "view/MeshAttributes.h"
#include "view/MeshGrid.h"

#include <Qt3DCore/QAttribute>
#include <Qt3DCore/QBuffer>
#include <Qt3DCore/QEntity>
#include <Qt3DCore/QGeometry>
#include <Qt3DRender/QGeometryRenderer>

#include <algorithm>

namespace rb::view {

using Qt3DCore::QAttribute;

namespace {

constexpr int kPatchVertices = LodTiles::kPatchQuads + 1;
constexpr int kFloatsPerTile = 4; // first cell x, y, level, unused

// Patch-local grid coordinates (i, 0, j) of each vertex, in MeshGrid's vertex order. Three
// components, as Qt 3D's bounding-volume job expects of a position attribute.
std::vector<float> patchVertices()
{
    std::vector<float> values;
    for (int j = 0; j < kPatchVertices; ++j)
        for (int i = 0; i < kPatchVertices; ++i) values.insert(values.end(), {static_cast<float>(i), 0.0f, static_cast<float>(j)});
    return values;
}

QAttribute* floatAttribute(Qt3DCore::QBuffer* buffer, const QString& name, uint size, uint count)
{
    auto* attribute = new QAttribute(buffer, name, QAttribute::Float, size, count, 0, size * sizeof(float));
    attribute->setAttributeType(QAttribute::VertexAttribute);
    return attribute;
}

} // namespace

LodMesh::LodMesh(std::vector<Qt3DCore::QEntity*> entities) : entities_(std::move(entities)) {}

// The patch's triangles are the lattice's own at full resolution (MeshGrid of one patch): tiles
// start on even cells, so the row and diagonal parities match the map's, and level 0 draws
// exactly the triangles the Picker intersects.
void LodMesh::rebuild(LatticeKind kind)
{
    const MeshGrid grid(Lattice(kind, kPatchVertices, kPatchVertices, 1.0), kPatchVertices);
    auto* renderer = new Qt3DRender::QGeometryRenderer;
    auto* geometry = new Qt3DCore::QGeometry(renderer);
    auto* vertexBuffer = new Qt3DCore::QBuffer(geometry);
    auto* indexBuffer = new Qt3DCore::QBuffer(geometry);
    auto* tileBuffer = new Qt3DCore::QBuffer(geometry);
    vertexBuffer->setData(bytesOf(patchVertices()));
    indexBuffer->setData(bytesOf(grid.indices()));
    tileBuffer->setData(QByteArray(kMaxTiles * kFloatsPerTile * static_cast<int>(sizeof(float)), '\0'));
    auto* position = floatAttribute(vertexBuffer, QAttribute::defaultPositionAttributeName(), 3, kPatchVertices * kPatchVertices);
    geometry->addAttribute(position);
    auto* tile = floatAttribute(tileBuffer, "tile", kFloatsPerTile, kMaxTiles);
    tile->setDivisor(1); // per instance
    geometry->addAttribute(tile);
    geometry->addAttribute(indexAttribute(indexBuffer, static_cast<uint>(grid.indices().size())));
    renderer->setPrimitiveType(Qt3DRender::QGeometryRenderer::Triangles);
    renderer->setVertexCount(static_cast<int>(grid.indices().size()));
    renderer->setInstanceCount(1);
    renderer->setEnabled(false); // until the first tiles
    renderer->setGeometry(geometry);

    if (renderer_) {
        for (Qt3DCore::QEntity* entity : entities_) entity->removeComponent(renderer_);
        renderer_->deleteLater(); // with its geometry and buffers; the backend releases them at its next sync
    }
    renderer_ = renderer;
    for (Qt3DCore::QEntity* entity : entities_) entity->addComponent(renderer);
    tileBuffer_ = tileBuffer;
    patchTriangles_ = grid.indices().size() / 3;
    tileCount_ = 0;
    uploaded_.clear();
}

void LodMesh::setTiles(const std::vector<LodTile>& tiles)
{
    if (!renderer_) return;
    tileCount_ = static_cast<int>(std::min<std::size_t>(tiles.size(), kMaxTiles));
    std::vector<float> values;
    values.reserve(static_cast<std::size_t>(tileCount_) * kFloatsPerTile);
    for (int i = 0; i < tileCount_; ++i) {
        const LodTile& t = tiles[static_cast<std::size_t>(i)];
        values.insert(values.end(), {static_cast<float>(t.x), static_cast<float>(t.y), static_cast<float>(t.level), 0.0f});
    }
    if (values == uploaded_) return; // the water's ticks mostly leave the tiles as they were
    if (!values.empty()) tileBuffer_->updateData(0, bytesOf(values)); // within the fixed capacity
    uploaded_ = std::move(values);
    renderer_->setInstanceCount(std::max(tileCount_, 1));
    renderer_->setEnabled(tileCount_ > 0); // Qt 3D draws a count of 0 as one instance
}

std::size_t LodMesh::triangleCount() const
{
    return patchTriangles_ * static_cast<std::size_t>(tileCount_);
}

} // namespace rb::view
