#include "view/SurfaceGeometry.h"

#include "view/MeshAttributes.h"

#include <Qt3DCore/QAttribute>
#include <Qt3DCore/QBuffer>
#include <Qt3DCore/QEntity>
#include <Qt3DCore/QGeometry>
#include <Qt3DRender/QGeometryRenderer>

namespace rb::view {

using Qt3DCore::QAttribute;

namespace {

QAttribute* vertexAttribute(Qt3DCore::QBuffer* buffer, const QString& name, uint size, uint offsetFloats, uint count)
{
    constexpr uint stride = MeshVertices::kFloatsPerVertex * sizeof(float);
    auto* attribute = new QAttribute(buffer, name, QAttribute::Float, size, count, offsetFloats * sizeof(float), stride);
    attribute->setAttributeType(QAttribute::VertexAttribute);
    return attribute;
}

} // namespace

SurfaceGeometry::SurfaceGeometry(Qt3DCore::QEntity* parent, Primitive primitive, const std::vector<Qt3DCore::QComponent*>& components)
    : entity_(new Qt3DCore::QEntity(parent)), primitive_(primitive)
{
    for (Qt3DCore::QComponent* component : components) entity_->addComponent(component);
}

// Everything is built and filled while it is outside the scene, so Qt 3D first sees the buffers,
// the attributes' counts and the renderer's vertex count together, in one frame.
void SurfaceGeometry::replace(const MeshVertices& vertices, const std::vector<std::uint32_t>& indices)
{
    const auto count = static_cast<uint>(vertices.vertexCount());
    auto* renderer = new Qt3DRender::QGeometryRenderer;
    auto* geometry = new Qt3DCore::QGeometry(renderer);
    auto* vertexBuffer = new Qt3DCore::QBuffer(geometry);
    auto* indexBuffer = new Qt3DCore::QBuffer(geometry);
    vertexBuffer->setData(bytesOf(vertices.values));
    indexBuffer->setData(bytesOf(indices));
    auto* position = vertexAttribute(vertexBuffer, QAttribute::defaultPositionAttributeName(), 3, MeshVertices::kPositionOffset, count);
    geometry->addAttribute(position);
    geometry->addAttribute(vertexAttribute(vertexBuffer, QAttribute::defaultNormalAttributeName(), 3, MeshVertices::kNormalOffset, count));
    geometry->addAttribute(vertexAttribute(vertexBuffer, QAttribute::defaultColorAttributeName(), 4, MeshVertices::kColourOffset, count));
    geometry->addAttribute(indexAttribute(indexBuffer, static_cast<uint>(indices.size())));
    geometry->setBoundingVolumePositionAttribute(position);
    renderer->setPrimitiveType(primitive_ == Primitive::Lines ? Qt3DRender::QGeometryRenderer::Lines : Qt3DRender::QGeometryRenderer::Triangles);
    renderer->setVertexCount(static_cast<int>(indices.size()));
    renderer->setGeometry(geometry);

    if (renderer_) {
        entity_->removeComponent(renderer_);
        renderer_->deleteLater(); // with its geometry and buffers; the backend releases them at its next sync
    }
    renderer_ = renderer;
    entity_->addComponent(renderer); // parents it to the entity: into the scene
    vertexBuffer_ = vertexBuffer;
    indexBuffer_ = indexBuffer;
    vertexCount_ = vertices.vertexCount();
    indexCount_ = indices.size();
}

bool SurfaceGeometry::updateVertices(const MeshVertices& vertices)
{
    if (!vertexBuffer_ || vertices.vertexCount() != vertexCount_) return false;
    vertexBuffer_->updateData(0, bytesOf(vertices.values));
    return true;
}

void SurfaceGeometry::upload(const MeshVertices& vertices, const std::vector<std::uint32_t>& indices)
{
    if (!indexBuffer_ || indices.size() != indexCount_ || !updateVertices(vertices)) return replace(vertices, indices);
    const QByteArray newIndices = bytesOf(indices);
    if (newIndices != indexBuffer_->data()) indexBuffer_->updateData(0, newIndices);
}

void SurfaceGeometry::setEnabled(bool enabled)
{
    entity_->setEnabled(enabled);
}

} // namespace rb::view
