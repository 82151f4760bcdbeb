#pragma once

#include <Qt3DRender/QMaterial>

namespace Qt3DRender {
class QParameter;
}

namespace rb::view {

// The material of both surfaces: the shaders in resources/shaders (per-vertex colour, sun and sky
// lighting). The water variant blends by the vertex alpha and does not write depth, and is drawn
// after the terrain (the Viewport's frame graph orders the two layers). The overlay variant draws
// unlit lines on top of everything (brush footprint, boundary, springs and drains).
class SurfaceMaterial : public Qt3DRender::QMaterial {
public:
    enum class Kind { Terrain, Water, Overlay };
    SurfaceMaterial(Kind kind, Qt3DCore::QNode* parent = nullptr);

    void setHazeDistance(float metres);

private:
    Qt3DRender::QParameter* hazeDistance_ = nullptr;
};

} // namespace rb::view
