#pragma once

#include "model/Map.h"
#include "view/OrbitCamera.h"
#include "view/Picker.h"
#include "view/WaterMesh.h"

#include <QElapsedTimer>
#include <QPoint>
#include <QWidget>

#include <memory>
#include <optional>

namespace Qt3DCore {
class QBuffer;
class QEntity;
class QGeometry;
}
namespace Qt3DExtras {
class Qt3DWindow;
}
namespace Qt3DRender {
class QCamera;
class QGeometryRenderer;
class QLayer;
class QRenderCapture;
class QRenderCaptureReply;
}

namespace rb::view {

class SurfaceMaterial;
class TerrainMesh;

// The 3D view of the map, and the only class that knows Qt 3D: terrain and water meshes, lighting
// (in the shaders), an orbit camera (left drag orbits, right or middle drag pans, wheel zooms),
// picking of the cell under the cursor, and render captures for tests and screenshots.
class Viewport : public QWidget {
    Q_OBJECT
public:
    explicit Viewport(QWidget* parent = nullptr);
    ~Viewport() override;

    // Rebuilds the terrain (and the water's grid) for a new map, decimated to at most
    // maxVerticesPerSide vertices per side.
    void setMap(const Map& map);
    void setWaterState(std::shared_ptr<const MapState> state);
    void setWaterColouring(WaterColouring colouring);
    void setMaxVerticesPerSide(int count) { maxVerticesPerSide_ = count; }

    void frameMap();
    OrbitCamera& camera() { return orbit_; }
    void applyCamera(); // after changing camera() directly

    std::optional<PickResult> pickAt(QPoint pixel) const;   // pixel in this widget
    std::optional<QPoint> projectToPixel(QVector3D world) const; // nullopt behind the camera
    Qt3DRender::QRenderCaptureReply* requestCapture();
    QWindow* renderWindow() const;

    int meshStride() const;
    // Distinct pictures per second: changes to the scene, capped by the frames Qt 3D ran.
    double framesPerSecond() const { return framesPerSecond_; }

signals:
    void cellHovered(const rb::view::PickResult& pick);
    void hoverLeft();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    struct Surface {
        Qt3DCore::QEntity* entity = nullptr;
        Qt3DCore::QBuffer* vertexBuffer = nullptr;
        Qt3DCore::QBuffer* indexBuffer = nullptr;
        Qt3DRender::QGeometryRenderer* renderer = nullptr;
    };

    void buildFrameGraph();
    Surface makeSurface(Qt3DRender::QLayer* layer, SurfaceMaterial* material);
    void uploadGeometry(Surface& surface, const MeshVertices& vertices, const std::vector<std::uint32_t>& indices);
    void uploadWater();
    void countFrame();
    void hover(QPoint pixel);
    QMatrix4x4 viewProjection() const;

    Qt3DExtras::Qt3DWindow* window_ = nullptr;
    Qt3DCore::QEntity* root_ = nullptr;
    Qt3DRender::QRenderCapture* capture_ = nullptr;
    Qt3DRender::QLayer* terrainLayer_ = nullptr;
    Qt3DRender::QLayer* waterLayer_ = nullptr;
    SurfaceMaterial* terrainMaterial_ = nullptr;
    SurfaceMaterial* waterMaterial_ = nullptr;
    Surface terrain_;
    Surface water_;

    std::unique_ptr<TerrainMesh> terrainMesh_;
    std::unique_ptr<WaterMesh> waterMesh_;
    std::shared_ptr<const MapState> waterState_;
    WaterColouring colouring_ = WaterColouring::Depth;
    Picker picker_;
    OrbitCamera orbit_;
    int maxVerticesPerSide_ = 256; // llvmpipe draws a 256² mesh at a few frames per second
    static constexpr float kFovDegrees = 40.0f;

    QPoint lastMouse_;
    Qt::MouseButtons dragButtons_;
    bool mouseInside_ = false;
    QElapsedTimer frameClock_;
    int engineFrames_ = 0; // Qt 3D frames, drawn or not (it ticks even when idle)
    int viewUpdates_ = 0;  // changes that need a new picture
    double framesPerSecond_ = 0.0;
};

} // namespace rb::view
