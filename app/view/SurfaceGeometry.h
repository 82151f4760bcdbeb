#pragma once

#include "view/MeshVertices.h"

#include <cstdint>
#include <vector>

namespace Qt3DCore {
class QBuffer;
class QComponent;
class QEntity;
}
namespace Qt3DRender {
class QGeometryRenderer;
}

namespace rb::view {

// One drawn mesh (the overlay lines): an entity whose QGeometryRenderer, QGeometry,
// attributes and buffers are replaced as one whenever the mesh changes size.
//
// Why: Qt 3D 6.4's backend ignores a QBuffer::setData when a QBuffer::updateData of the same
// buffer is pending in the same frame (Render::Buffer::syncFromFrontEnd applies only the partial
// updates). A resized buffer then keeps its old size on the GPU while the attributes and index
// buffer describe the new one: the render thread reads past the end (a crash) or every later
// partial update overflows and is dropped (an old map's water drawn until restart). So a live
// buffer never changes size here: new sizes get new buffers, whose data is set before they enter
// the scene, with attributes and a renderer that are born with the matching counts; the old ones
// are deleted once Qt 3D has let go of them (deleteLater; the backend drops them at its next sync).
class SurfaceGeometry {
public:
    enum class Primitive { Triangles, Lines };

    SurfaceGeometry(Qt3DCore::QEntity* parent, Primitive primitive, const std::vector<Qt3DCore::QComponent*>& components);

    // The mesh's first geometry, or a mesh of another size (a new map): new buffers and renderer.
    void replace(const MeshVertices& vertices, const std::vector<std::uint32_t>& indices);
    // The same mesh moved or recoloured: a partial update of the live buffer. Refuses (returns
    // false, changes nothing) vertices of another count than the buffer holds, e.g. a snapshot
    // of a previous map.
    bool updateVertices(const MeshVertices& vertices);
    // Either of the above, whichever the sizes allow (the overlay, rebuilt on every hover).
    void upload(const MeshVertices& vertices, const std::vector<std::uint32_t>& indices);

    void setEnabled(bool enabled);
    std::size_t vertexCount() const { return vertexCount_; }
    std::size_t indexCount() const { return indexCount_; }

private:
    Qt3DCore::QEntity* entity_ = nullptr;
    Primitive primitive_;
    Qt3DRender::QGeometryRenderer* renderer_ = nullptr; // owns the geometry, attributes and buffers
    Qt3DCore::QBuffer* vertexBuffer_ = nullptr;
    Qt3DCore::QBuffer* indexBuffer_ = nullptr;
    std::size_t vertexCount_ = 0;
    std::size_t indexCount_ = 0;
};

} // namespace rb::view
