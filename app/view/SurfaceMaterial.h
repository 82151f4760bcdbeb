#pragma once

#include <Qt3DRender/QMaterial>

#include <QHash>
#include <QString>
#include <QVariant>

namespace Qt3DRender {
class QParameter;
class QRenderPass;
class QTechnique;
}

namespace rb::view {

// The material of both surfaces: the shaders in resources/shaders (surface.vert places the
// level-of-detail mesh over the height textures; terrain.frag and water.frag colour and light).
// The water variant blends by its alpha and does not write depth, and is drawn after the terrain
// (the Viewport's frame graph orders the two layers). The overlay variant draws unlit lines on
// top of everything (brush footprint, boundary, springs and drains) with overlay.vert.
class SurfaceMaterial : public Qt3DRender::QMaterial {
public:
    enum class Kind { Terrain, Water, Overlay };
    SurfaceMaterial(Kind kind, Qt3DCore::QNode* parent = nullptr);

    void setHazeDistance(float metres);
    // A shader uniform (a number, vector or texture), created on first use.
    void setParameter(const QString& name, const QVariant& value);
    // A technique for OpenGL 3.3 core (the shaders' #version 330) holding `pass`: the view's other
    // materials (ReducedResolution's quad) use it too.
    static Qt3DRender::QTechnique* openGl33Technique(Qt3DRender::QRenderPass* pass);

private:
    Qt3DRender::QParameter* hazeDistance_ = nullptr;
    QHash<QString, Qt3DRender::QParameter*> parameters_;
};

} // namespace rb::view
