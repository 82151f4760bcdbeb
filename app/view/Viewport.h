#pragma once

#include "model/CellRegion.h"
#include "model/Map.h"
#include "view/LodTiles.h"
#include "view/ErosionColours.h"
#include "view/OrbitCamera.h"
#include "view/OverlayLines.h"
#include "view/Picker.h"
#include "view/SurfaceGeometry.h"
#include "view/ViewportMouse.h"
#include "view/WaterMesh.h"
#include "view/WaterPreparation.h"

#include <QCursor>
#include <QElapsedTimer>
#include <QPoint>
#include <QTimer>
#include <QWidget>

#include <memory>
#include <optional>

namespace Qt3DCore {
class QEntity;
}
namespace Qt3DExtras {
class Qt3DWindow;
}
namespace Qt3DRender {
class QCamera;
class QFrameGraphNode;
class QRenderSurfaceSelector;
class QLayer;
class QRenderCapture;
class QRenderCaptureReply;
}

namespace rb::view {

class LodMesh;
class NorthArrow;
class ReducedResolution;
class SurfaceMaterial;
class TerrainMesh;
class WaterColourRamp;

// The 3D view of the map, and the only class that knows Qt 3D: terrain and water drawn at full
// resolution near the camera from height textures on a level-of-detail mesh (LodTiles picks the
// tiles for the camera, LodMesh instances one patch per tile), lighting (in the shaders), an orbit
// camera (left drag orbits, right or middle drag pans, wheel zooms), picking of the cell under
// the cursor (on the full-resolution heightfield, Picker), overlays (brush footprint, boundary, springs and drains, river network, current arrows),
// and render captures for tests and screenshots. While an editing tool is active, the left button
// belongs to the tool (its events are reported with what they hit); the middle button or Alt+left
// orbits, the right button pans. A tool's drag always ends with a toolReleased: when the release
// itself is lost (a modal dialog took it, the application lost focus), it is reported as soon as
// the loss shows, at the last position seen (see endToolDrag).
class Viewport : public QWidget {
    Q_OBJECT
public:
    explicit Viewport(QWidget* parent = nullptr);
    ~Viewport() override;

    // New textures (and a new patch for the map's lattice) for a new map.
    void setMap(const Map& map);
    // The newest water. On maps of at least waterPreparedAwayFrom() cells its pass over the map
    // runs on the thread pool (WaterPreparation) and the water is drawn when it ends, so the GUI
    // thread keeps answering the camera; waterState() then changes at that moment (waterShown).
    void setWaterState(std::shared_ptr<const MapState> state);
    static constexpr std::size_t kWaterPreparedAwayFrom = std::size_t{1} << 20; // 1024²: about 0.1 s a pass here
    std::size_t waterPreparedAwayFrom() const { return preparedAwayFrom_; }
    void setWaterPreparedAwayFrom(std::size_t cells) { preparedAwayFrom_ = cells; } // tests: small maps too
    bool preparingWater() const { return waterPreparation_->busy(); }
    // The document's bed changed over `rect` (a terrain edit): the terrain mesh follows at once.
    void updateBed(const FloatField& bed, const CellRegion& rect);
    // The running simulation's bed while erosion changes it: the cells that differ from the
    // terrain drawn are uploaded (the document catches up when the erosion period ends).
    void followBed(const FloatField& bed);
    // Colour the terrain by its net erosion or its erodibility instead of height and slope
    // (view/ErosionColours). The net deposition comes with each water state; the erodibility
    // from the document (updateErodibility).
    void setTerrainColouring(TerrainColouring colouring);
    TerrainColouring terrainColouring() const { return terrainColouring_; }
    float depositionScale() const { return depositionScale_; } // the erosion colours' full scale (m)
    void updateErodibility(const FloatField& erodibility, const CellRegion& rect);
    void updateDeposition(const FloatField& deposition);
    void setWaterColouring(WaterColouring colouring);
    // Tints the water by its dye channels (View › Dye), each channel in its colour (view/DyeColours).
    void setDyeShown(bool shown);
    // The flow particles' streaks to draw over the water (empty: none).
    void setParticleStreaks(std::vector<std::pair<QVector3D, QVector3D>> streaks);
    std::size_t particleStreakCount() const { return particleStreaks_.size(); }
    // The stored current's arrows (View › Currents; view/CurrentArrows), as lines; empty: none.
    void setCurrentArrows(std::vector<std::pair<QVector3D, QVector3D>> lines);
    std::size_t currentArrowLineCount() const { return currentArrows_.size(); }
    std::shared_ptr<const MapState> waterState() const { return waterState_; }
    bool dyeShown() const { return dyeShown_; }

    void frameMap();
    void topView(); // straight down, north up (View › Top view)
    const NorthArrow* northArrow() const { return northArrow_; }
    OrbitCamera& camera() { return orbit_; }
    void applyCamera(); // after changing camera() directly

    std::optional<PickResult> pickAt(QPoint pixel, PickTarget target = PickTarget::Surface) const; // pixel in this widget
    const Picker& picker() const; // brought up to the newest water first
    // The view ray through a pixel: its origin on the near plane and its (unnormalised) direction.
    std::pair<QVector3D, QVector3D> rayThrough(QPoint pixel) const;

    // An editing tool takes the left button (false: the plain camera), with its cursor.
    void setToolMode(bool toolTakesLeftButton, const QCursor& cursor);
    void setToolCursor(const QCursor& cursor); // feedback while hovering (e.g. over a draggable spring)
    void setBrushOutline(const std::optional<BrushOutline>& brush);
    void setBoundaryOverlay(const std::vector<BoundarySegment>& segments, const std::optional<BoundaryHighlight>& highlight);
    void setSourceMarkers(const std::vector<PointSource>& sources, int selected);
    // The river network drawn over the scene; null hides it. A new map hides it until the next.
    void setWaterFeatures(std::shared_ptr<const analysis::WaterFeatures> features);
    const analysis::WaterFeatures* waterFeatures() const { return waterFeatures_.get(); }
    int overlayVertexCount() const { return static_cast<int>(overlay_.vertexCount()); }
    std::optional<QPoint> projectToPixel(QVector3D world) const; // nullopt behind the camera
    Qt3DRender::QRenderCaptureReply* requestCapture(); // the picture as shown, at the window's size
    // Draw at a quarter of the pixels (ReducedResolution) until switched off: the editor asks for
    // it while the simulation plays on a software renderer, full detail whenever it is still.
    void setReducedResolution(bool on);
    bool reducedResolution() const { return reducedActive_; }
    QSize drawnSize() const; // the pixels the scene is drawn at (device pixels)
    QWindow* renderWindow() const;

    int lodTileCount() const;           // the terrain's patches
    std::size_t drawnTriangles() const; // terrain and water together
    // Distinct pictures per second: Qt 3D frames that followed a change to the scene.
    double framesPerSecond() const { return framesPerSecond_; }
    std::uint64_t picturesDrawn() const { return picturesDrawn_; } // the same pictures, counted since the view was made

signals:
    void cellHovered(const rb::view::PickResult& pick);
    void hoverLeft();
    void toolPressed(const rb::view::ViewportMouse& mouse);
    void toolMoved(const rb::view::ViewportMouse& mouse);    // dragging with the tool's button
    void toolReleased(const rb::view::ViewportMouse& mouse);
    void toolHovered(const rb::view::ViewportMouse& mouse);  // moving with no button held
    void toolKeyPressed(int key);
    void waterShown(double passMs); // a snapshot prepared away from the GUI thread is drawn; its pass took passMs
    void waterOutOfMemory(); // its pass could not get its arrays: the snapshot is not drawn

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void buildFrameGraph();
    Qt3DRender::QRenderCapture* addScenePasses(Qt3DRender::QFrameGraphNode* parent, bool capture);
    std::unique_ptr<SurfaceGeometry> makeSurface(Qt3DRender::QLayer* layer, SurfaceMaterial* material, SurfaceGeometry::Primitive primitive);
    Qt3DCore::QEntity* makeLodSurface(Qt3DRender::QLayer* layer, SurfaceMaterial* material);
    void setSurfaceParameters(const Map& map);
    void setParameterOfSurfaces(const QString& name, const QVariant& value);
    void updateLod();
    void uploadWater();
    void showPreparedWater(WaterPreparation::Prepared prepared);
    void waterChanged(); // what follows the newest water besides its texels
    void countFrame();
    void hover(QPoint pixel);
    ViewportMouse describeMouse(const QMouseEvent& event) const;
    bool handleToolMouse(QEvent* event);
    void endToolDrag(); // the press was lost: report the release the tool is waiting for
    void rebuildOverlay();
    QMatrix4x4 viewProjection() const;

    Qt3DExtras::Qt3DWindow* window_ = nullptr;
    Qt3DCore::QEntity* root_ = nullptr;
    Qt3DRender::QRenderCapture* capture_ = nullptr; // the full-resolution graph's
    Qt3DRender::QRenderSurfaceSelector* fullGraph_ = nullptr;
    Qt3DRender::QRenderSurfaceSelector* reducedGraph_ = nullptr;
    std::unique_ptr<ReducedResolution> reduced_;
    bool reducedActive_ = false;
    Qt3DRender::QLayer* terrainLayer_ = nullptr;
    Qt3DRender::QLayer* waterLayer_ = nullptr;
    SurfaceMaterial* terrainMaterial_ = nullptr;
    SurfaceMaterial* waterMaterial_ = nullptr;
    Qt3DRender::QLayer* overlayLayer_ = nullptr;
    SurfaceMaterial* overlayMaterial_ = nullptr;
    Qt3DCore::QEntity* terrainEntity_ = nullptr;
    Qt3DCore::QEntity* waterEntity_ = nullptr;
    std::unique_ptr<LodMesh> terrainLod_;
    std::unique_ptr<LodMesh> waterLod_; // the terrain's tiles less those with no water near
    LodTiles lodTiles_;
    std::unique_ptr<WaterColourRamp> ramp_;
    std::unique_ptr<SurfaceGeometry> overlayLines_;
    MeshVertices overlay_;

    std::unique_ptr<TerrainMesh> terrainMesh_;
    std::unique_ptr<WaterMesh> waterMesh_;
    std::unique_ptr<WaterPreparation> waterPreparation_; // after waterMesh_: gone first, waiting for its pass
    std::size_t preparedAwayFrom_ = kWaterPreparedAwayFrom;
    std::shared_ptr<const MapState> waterState_;
    WaterColouring colouring_ = WaterColouring::Depth;
    TerrainColouring terrainColouring_ = TerrainColouring::Natural;
    float depositionScale_ = 0.0f;
    std::vector<std::pair<QVector3D, QVector3D>> particleStreaks_;
    std::vector<std::pair<QVector3D, QVector3D>> currentArrows_;
    bool dyeShown_ = true; // dye is only on maps that use it, and there it is what the designer looks for
    mutable Picker picker_;
    mutable bool pickerStale_ = false; // waterState_ is newer than the picker's
    Lattice lattice_;
    FloatField bed_; // the document's terrain, for the overlays' heights
    std::optional<BrushOutline> brush_;
    std::vector<BoundarySegment> boundary_;
    std::optional<BoundaryHighlight> boundaryHighlight_;
    std::vector<PointSource> sources_;
    int selectedSource_ = -1;
    std::shared_ptr<const analysis::WaterFeatures> waterFeatures_;
    bool toolMode_ = false;
    bool toolDragging_ = false;
    QTimer dragWatch_;              // while the tool drags: is the left button still held?
    bool ignoreLeftDrag_ = false;   // a drag ended for a lost press while the button stayed down
    OrbitCamera orbit_;
    NorthArrow* northArrow_ = nullptr;
    static constexpr float kFovDegrees = 40.0f;

    QPoint lastMouse_;
    Qt::MouseButtons dragButtons_;
    bool mouseInside_ = false;
    QElapsedTimer frameClock_;
    bool sceneChanged_ = false;       // since Qt 3D's last frame: the next one draws a new picture
    std::uint64_t picturesDrawn_ = 0; // since the view was made
    int picturesInWindow_ = 0;        // in the frames/s figure's current second
    double framesPerSecond_ = 0.0;
};

} // namespace rb::view
