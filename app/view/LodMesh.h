#pragma once

#include "lattice/Lattice.h"
#include "view/LodTiles.h"

#include <vector>

namespace Qt3DCore {
class QBuffer;
class QEntity;
}
namespace Qt3DRender {
class QGeometryRenderer;
}

namespace rb::view {

// The drawn level-of-detail mesh: one small grid patch (LodTiles::kPatchQuads² quads, triangulated
// as the lattice is at full resolution) instanced once per selected tile. The vertex shader
// (surface.vert) places each instance, fetches heights from the surface's texture and morphs
// towards the next level. Terrain and water each have one, with the same tiles (the water's
// without the dry ones), so their triangles coincide and dry water hides under the terrain.
//
// Lifetime: like SurfaceGeometry, a live buffer never changes size. The patch is built whole,
// outside the scene, for each map (rebuild); the instance buffer has a fixed capacity and only
// its contents and the renderer's instance count change as the camera moves.
class LodMesh {
public:
    static constexpr int kMaxTiles = 4096;

    explicit LodMesh(std::vector<Qt3DCore::QEntity*> entities);

    void rebuild(LatticeKind kind); // a new map: the patch in the lattice's triangulation
    void setTiles(const std::vector<LodTile>& tiles);

    int tileCount() const { return tileCount_; }
    std::size_t triangleCount() const; // drawn per surface

private:
    std::vector<Qt3DCore::QEntity*> entities_;
    Qt3DRender::QGeometryRenderer* renderer_ = nullptr; // owns the geometry, attributes and buffers
    Qt3DCore::QBuffer* tileBuffer_ = nullptr;
    std::vector<float> uploaded_; // what the tile buffer holds, up to the instance count
    std::size_t patchTriangles_ = 0;
    int tileCount_ = 0;
};

} // namespace rb::view
