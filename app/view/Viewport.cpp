#include "view/Viewport.h"

#include "view/DyeColours.h"

#include "view/FlowSpeed.h"
#include "view/LodMesh.h"
#include "view/NorthArrow.h"
#include "view/ReducedResolution.h"
#include "view/SurfaceMaterial.h"
#include "view/TerrainMesh.h"
#include "view/WaterColourRamp.h"

#include <Qt3DCore/QEntity>
#include <Qt3DExtras/Qt3DWindow>
#include <Qt3DLogic/QFrameAction>
#include <Qt3DRender/QCamera>
#include <Qt3DRender/QCameraSelector>
#include <Qt3DRender/QClearBuffers>
#include <Qt3DRender/QLayer>
#include <Qt3DRender/QLayerFilter>
#include <Qt3DRender/QNoDraw>
#include <Qt3DRender/QRenderCapture>
#include <Qt3DRender/QRenderSettings>
#include <Qt3DRender/QRenderSurfaceSelector>
#include <Qt3DRender/QTexture>
#include <Qt3DRender/QViewport>

#include <QGuiApplication>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QVBoxLayout>
#include <QVector2D>
#include <QWheelEvent>

#include <algorithm>
#include <iterator>

namespace rb::view {

namespace {

const QColor kSky(176, 203, 228);

QWindow* topLevelOf(QWindow* window)
{
    while (window && window->parent()) window = window->parent();
    return window;
}

} // namespace

Viewport::Viewport(QWidget* parent) : QWidget(parent)
{
    window_ = new Qt3DExtras::Qt3DWindow;
    window_->installEventFilter(this);
    QWidget* container = QWidget::createWindowContainer(window_, this);
    container->setMinimumSize(320, 240);
    container->setFocusPolicy(Qt::StrongFocus);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(container);
    northArrow_ = new NorthArrow(this);
    setMouseTracking(true);

    // A tool's drag ends with the release of the left button, but the release can be lost: a modal
    // dialog opening mid-drag (a shortcut, or a background job's message box) blocks this window
    // and takes the rest of the press; so does another application taking the focus. Left open,
    // the drag would never end (a brush keeps dabbing while "held still", nothing reaches the undo
    // stack, undo is refused and the next press is taken for an orbit). So the drag is ended as if
    // released (endToolDrag) as soon as the loss shows, by whichever of these comes first:
    //  - the window is blocked by a modal window (QEvent::WindowBlocked, in eventFilter);
    //  - the application is deactivated, or the focus goes to another top-level window;
    //  - a move reports the left button up (handleToolMouse), or a new left press arrives;
    //  - this watch finds the button up (QGuiApplication::mouseButtons() follows every mouse event
    //    the application gets, the dialog's included), for a loss nothing above reported.
    dragWatch_.setInterval(100);
    connect(&dragWatch_, &QTimer::timeout, this, [this] {
        if (!(QGuiApplication::mouseButtons() & Qt::LeftButton)) endToolDrag();
    });
    connect(qGuiApp, &QGuiApplication::applicationStateChanged, this, [this](Qt::ApplicationState state) {
        if (state != Qt::ApplicationActive) endToolDrag();
    });
    // Focus moving between the main window and this embedded window is normal during a press.
    connect(qGuiApp, &QGuiApplication::focusWindowChanged, this, [this](QWindow* focus) {
        if (toolDragging_ && (!focus || topLevelOf(focus) != topLevelOf(window_))) endToolDrag();
    });

    root_ = new Qt3DCore::QEntity;
    terrainLayer_ = new Qt3DRender::QLayer(root_);
    waterLayer_ = new Qt3DRender::QLayer(root_);
    terrainMaterial_ = new SurfaceMaterial(SurfaceMaterial::Kind::Terrain, root_);
    waterMaterial_ = new SurfaceMaterial(SurfaceMaterial::Kind::Water, root_);
    overlayLayer_ = new Qt3DRender::QLayer(root_);
    overlayMaterial_ = new SurfaceMaterial(SurfaceMaterial::Kind::Overlay, root_);
    terrainEntity_ = makeLodSurface(terrainLayer_, terrainMaterial_);
    waterEntity_ = makeLodSurface(waterLayer_, waterMaterial_);
    terrainLod_ = std::make_unique<LodMesh>(std::vector<Qt3DCore::QEntity*>{terrainEntity_});
    waterLod_ = std::make_unique<LodMesh>(std::vector<Qt3DCore::QEntity*>{waterEntity_});
    ramp_ = std::make_unique<WaterColourRamp>(root_);
    overlayLines_ = makeSurface(overlayLayer_, overlayMaterial_, SurfaceGeometry::Primitive::Lines);
    overlayLines_->setEnabled(false);
    auto* frames = new Qt3DLogic::QFrameAction(root_);
    root_->addComponent(frames);
    connect(frames, &Qt3DLogic::QFrameAction::triggered, this, [this] { countFrame(); });
    frameClock_.start();
    waterPreparation_ = std::make_unique<WaterPreparation>([this](WaterPreparation::Prepared prepared) { showPreparedWater(std::move(prepared)); });

    buildFrameGraph();
    // Redraw only when something changed: a continuously redrawing software renderer would take
    // the CPU the simulation needs.
    window_->renderSettings()->setRenderPolicy(Qt3DRender::QRenderSettings::OnDemand);
    window_->setRootEntity(root_);
}

Viewport::~Viewport() = default;

// Two frame graphs, one active at a time: the full-resolution one, and the reduced one
// (ReducedResolution) the view switches to while the simulation plays on a software renderer.
void Viewport::buildFrameGraph()
{
    using namespace Qt3DRender;
    fullGraph_ = new QRenderSurfaceSelector(window_->renderSettings()); // both stay alive whichever is active
    fullGraph_->setSurface(window_);
    capture_ = addScenePasses(fullGraph_, true);
    reducedGraph_ = new QRenderSurfaceSelector(window_->renderSettings());
    reducedGraph_->setSurface(window_);
    reduced_ = std::make_unique<ReducedResolution>(reducedGraph_, root_);
    addScenePasses(reduced_->drawingParent(), false);
    window_->setActiveFrameGraph(fullGraph_);
}

// Under `parent`: viewport → camera → four leaves, drawn in this order: clear, the opaque terrain,
// then the blended water, which must come after what it lets show through, then the overlay lines
// on top. With `capture`, a capture sits in the water's leaf (returned): Qt 3D grabs the picture at
// the end of the branch that holds it, so captures show the scene without the editing overlays.
Qt3DRender::QRenderCapture* Viewport::addScenePasses(Qt3DRender::QFrameGraphNode* parent, bool capture)
{
    using namespace Qt3DRender;
    auto* viewport = new QViewport(parent);
    auto* cameraSelector = new QCameraSelector(viewport);
    cameraSelector->setCamera(window_->camera());
    auto* clear = new QClearBuffers(cameraSelector);
    clear->setBuffers(QClearBuffers::ColorDepthBuffer);
    clear->setClearColor(kSky);
    new QNoDraw(clear);
    auto* terrainPass = new QLayerFilter(cameraSelector);
    terrainPass->addLayer(terrainLayer_);
    auto* waterPass = new QLayerFilter(cameraSelector);
    waterPass->addLayer(waterLayer_);
    QRenderCapture* grab = capture ? new QRenderCapture(waterPass) : nullptr;
    auto* overlayPass = new QLayerFilter(cameraSelector);
    overlayPass->addLayer(overlayLayer_);
    return grab;
}

// Reduced only while asked for, and never for a capture's picture on the full graph's request.
void Viewport::setReducedResolution(bool on)
{
    if (on == reducedActive_) return;
    reducedActive_ = on;
    reduced_->setWindowSize(window_->size() * window_->devicePixelRatio());
    window_->setActiveFrameGraph(on ? static_cast<Qt3DRender::QFrameGraphNode*>(reducedGraph_) : fullGraph_);
    sceneChanged_ = true;
}

QSize Viewport::drawnSize() const
{
    const QSize window = window_->size() * window_->devicePixelRatio();
    return reducedActive_ ? ReducedResolution::reducedSize(window) : window;
}

std::unique_ptr<SurfaceGeometry> Viewport::makeSurface(Qt3DRender::QLayer* layer, SurfaceMaterial* material, SurfaceGeometry::Primitive primitive)
{
    return std::make_unique<SurfaceGeometry>(root_, primitive, std::vector<Qt3DCore::QComponent*>{material, layer});
}

Qt3DCore::QEntity* Viewport::makeLodSurface(Qt3DRender::QLayer* layer, SurfaceMaterial* material)
{
    auto* entity = new Qt3DCore::QEntity(root_);
    entity->addComponent(material);
    entity->addComponent(layer);
    return entity;
}

void Viewport::setMap(const Map& map)
{
    waterPreparation_->settle(); // no pass may still read the old mesh
    // A new map gets new textures and a new patch, even at the same size: nothing live is
    // resized in place (the old ones go once Qt 3D has let go of them).
    terrainMesh_ = std::make_unique<TerrainMesh>(map, root_);
    waterMesh_ = std::make_unique<WaterMesh>(map.state.lattice.width(), map.state.lattice.height(), root_);
    terrainLod_->rebuild(map.state.lattice.kind());
    waterLod_->rebuild(map.state.lattice.kind());
    lodTiles_ = LodTiles(map.state.lattice);
    const float extent = static_cast<float>(std::max(map.state.lattice.worldWidth(), map.state.lattice.worldHeight()));
    terrainMaterial_->setHazeDistance(4.0f * extent);
    waterMaterial_->setHazeDistance(4.0f * extent);
    waterState_ = std::make_shared<const MapState>(map.state);
    waterMesh_->update(*waterState_, colouring_, dyeShown_);
    setSurfaceParameters(map);
    updateDeposition(map.state.deposition);
    picker_.setState(waterState_);
    pickerStale_ = false;
    lattice_ = map.state.lattice;
    orbit_.setGround([this](float x, float z) { return picker_.surfaceHeight(x, z); }, std::max(1.0f, 0.5f * static_cast<float>(lattice_.cellSize())));
    bed_ = map.state.bed;
    boundary_ = map.boundary;
    sources_ = map.sources;
    boundaryHighlight_.reset();
    brush_.reset();
    selectedSource_ = -1;
    waterFeatures_.reset(); // computed on the old map
    particleStreaks_.clear();
    currentArrows_.clear(); // drawn from the old map's currents
    rebuildOverlay();
    frameMap();
}

void Viewport::updateBed(const FloatField& bed, const CellRegion& rect)
{
    if (!terrainMesh_ || !rect.inside(lattice_) || bed.width() != lattice_.width() || bed.height() != lattice_.height()) return;
    for (int row = rect.y; row < rect.y + rect.height; ++row) // only the edited rows: big maps stay quick
        std::copy_n(&bed(rect.x, row), rect.width, &bed_(rect.x, row));
    terrainMesh_->updateBed(bed, rect); // a partial upload of the edited texels
    terrainMaterial_->setParameter("landTop", std::max(terrainMesh_->highest() - terrainMesh_->seaLevel(), 1.0f));
    sceneChanged_ = true;
    updateLod(); // the height band may have grown
    rebuildOverlay();
}

// Only the cells that differ bitwise from the terrain drawn, as one rectangle: erosion moves a
// river's bed, not the map's.
void Viewport::followBed(const FloatField& bed)
{
    if (!terrainMesh_ || bed.width() != bed_.width() || bed.height() != bed_.height()) return;
    int x0 = bed.width(), y0 = bed.height(), x1 = -1, y1 = -1;
    for (int y = 0; y < bed.height(); ++y) {
        const float* now = &bed(0, y);
        const float* drawn = &bed_(0, y);
        if (std::equal(now, now + bed.width(), drawn)) continue;
        for (int x = 0; x < bed.width(); ++x)
            if (now[x] != drawn[x]) x0 = std::min(x0, x), x1 = std::max(x1, x);
        y0 = std::min(y0, y), y1 = y;
    }
    if (x1 >= 0) updateBed(bed, CellRegion{x0, y0, x1 - x0 + 1, y1 - y0 + 1});
}

void Viewport::setTerrainColouring(TerrainColouring colouring)
{
    terrainColouring_ = colouring;
    terrainMaterial_->setParameter("terrainColouring", static_cast<int>(colouring));
    if (colouring == TerrainColouring::Erosion && waterState_) updateDeposition(waterState_->deposition);
    sceneChanged_ = true;
}

void Viewport::updateDeposition(const FloatField& deposition)
{
    if (!terrainMesh_) return;
    terrainMesh_->updateDeposition(deposition);
    depositionScale_ = deposition.empty() ? 0.0f : view::depositionScale(deposition);
    terrainMaterial_->setParameter("depositionScale", depositionScale_);
    sceneChanged_ = true;
}

void Viewport::updateErodibility(const FloatField& erodibility, const CellRegion& rect)
{
    if (!terrainMesh_ || !rect.inside(lattice_)) return;
    terrainMesh_->updateErodibility(erodibility, rect);
    sceneChanged_ = true;
}

// What the shaders need to place the map's cells, sample its textures and morph between levels.
void Viewport::setSurfaceParameters(const Map& map)
{
    const Lattice& lattice = map.state.lattice;
    setParameterOfSurfaces("bedHeights", QVariant::fromValue<Qt3DRender::QAbstractTexture*>(terrainMesh_->texture().texture()));
    setParameterOfSurfaces("waterValues", QVariant::fromValue<Qt3DRender::QAbstractTexture*>(waterMesh_->texture().texture()));
    setParameterOfSurfaces("dryDepth", kDryDepth);
    setParameterOfSurfaces("mapCells", QVector2D(static_cast<float>(lattice.width()), static_cast<float>(lattice.height())));
    setParameterOfSurfaces("cellStep", QVector2D(static_cast<float>(lattice.cellSize()), static_cast<float>(lattice.rowSpacing())));
    setParameterOfSurfaces("rowShift", lattice.kind() == LatticeKind::Triangle ? 0.5f : 0.0f);
    setParameterOfSurfaces("lodRange0", lodTiles_.baseRange());
    setParameterOfSurfaces("lodMorphStart", LodTiles::kMorphStart);
    setParameterOfSurfaces("lodTopLevel", static_cast<float>(lodTiles_.topLevel()));
    terrainMaterial_->setParameter("bedSlopes", QVariant::fromValue<Qt3DRender::QAbstractTexture*>(terrainMesh_->slopes().texture()));
    terrainMaterial_->setParameter("seaLevel", terrainMesh_->seaLevel());
    terrainMaterial_->setParameter("erosionValues", QVariant::fromValue<Qt3DRender::QAbstractTexture*>(terrainMesh_->erosion().texture()));
    terrainMaterial_->setParameter("terrainColouring", static_cast<int>(terrainColouring_));
    const auto rgb = [](const QColor& c) { return QVector3D(static_cast<float>(c.redF()), static_cast<float>(c.greenF()), static_cast<float>(c.blueF())); };
    terrainMaterial_->setParameter("erodedColour", rgb(erodedColour()));
    terrainMaterial_->setParameter("unchangedColour", rgb(unchangedColour()));
    terrainMaterial_->setParameter("depositedColour", rgb(depositedColour()));
    terrainMaterial_->setParameter("bedrockColour", rgb(bedrockColour()));
    terrainMaterial_->setParameter("looseSoilColour", rgb(looseSoilColour()));
    terrainMaterial_->setParameter("landTop", std::max(terrainMesh_->highest() - terrainMesh_->seaLevel(), 1.0f));
    waterMaterial_->setParameter("colourRamp", QVariant::fromValue<Qt3DRender::QAbstractTexture*>(ramp_->texture()));
    waterMaterial_->setParameter("rampRange", ramp_->range());
    waterMaterial_->setParameter("dyeValues", QVariant::fromValue<Qt3DRender::QAbstractTexture*>(waterMesh_->dyeTexture().texture()));
    waterMaterial_->setParameter("dyeShown", dyeShown_ ? 1 : 0);
    for (int c = 0; c < kMaxDyeChannels; ++c) {
        const QColor colour = dyeColour(c);
        waterMaterial_->setParameter(QString("dyeColour%1").arg(c), QVector3D(static_cast<float>(colour.redF()), static_cast<float>(colour.greenF()),
                                                                              static_cast<float>(colour.blueF())));
    }
}

void Viewport::setParameterOfSurfaces(const QString& name, const QVariant& value)
{
    terrainMaterial_->setParameter(name, value);
    waterMaterial_->setParameter(name, value);
}

// The tiles for the current camera, and the eye the shaders' morph measures from (the same
// numbers, so tiles and morph agree). The height band covers the terrain and the water on it.
void Viewport::updateLod()
{
    if (!terrainMesh_ || !waterMesh_) return;
    const float lowest = terrainMesh_->lowest() - 1.0f;
    const float highest = std::max(terrainMesh_->highest(), waterMesh_->highestSurface()) + 1.0f;
    const QVector3D eye = orbit_.eye();
    const LodEye lodEye{eye.x(), eye.z(), eye.y() > highest ? eye.y() - highest : eye.y() < lowest ? lowest - eye.y() : 0.0f};
    const std::vector<LodTile> tiles = lodTiles_.select(lodEye, viewProjection(), lowest, highest);
    terrainLod_->setTiles(tiles);
    std::vector<LodTile> wetTiles;
    std::copy_if(tiles.begin(), tiles.end(), std::back_inserter(wetTiles), [this](const LodTile& t) { return waterMesh_->wetNear(t); });
    waterLod_->setTiles(wetTiles); // dry ground costs the water's vertex shader nothing
    setParameterOfSurfaces("lodEye", QVector3D(lodEye.x, lodEye.z, lodEye.vertical));
}

void Viewport::setToolMode(bool toolTakesLeftButton, const QCursor& cursor)
{
    toolMode_ = toolTakesLeftButton;
    toolDragging_ = false; // the tool manager has put the old tool away (taking back its drag)
    ignoreLeftDrag_ = false;
    dragWatch_.stop();
    window_->setCursor(cursor);
}

void Viewport::setToolCursor(const QCursor& cursor)
{
    window_->setCursor(cursor);
}

void Viewport::setBrushOutline(const std::optional<BrushOutline>& brush)
{
    if (!brush && !brush_) return;
    brush_ = brush;
    rebuildOverlay();
}

void Viewport::setBoundaryOverlay(const std::vector<BoundarySegment>& segments, const std::optional<BoundaryHighlight>& highlight)
{
    boundary_ = segments;
    boundaryHighlight_ = highlight;
    rebuildOverlay();
}

void Viewport::setSourceMarkers(const std::vector<PointSource>& sources, int selected)
{
    sources_ = sources;
    selectedSource_ = selected;
    rebuildOverlay();
}

void Viewport::setWaterFeatures(std::shared_ptr<const analysis::WaterFeatures> features)
{
    waterFeatures_ = std::move(features);
    rebuildOverlay();
}

void Viewport::setParticleStreaks(std::vector<std::pair<QVector3D, QVector3D>> streaks)
{
    if (streaks.empty() && particleStreaks_.empty()) return;
    particleStreaks_ = std::move(streaks);
    rebuildOverlay();
}

void Viewport::setCurrentArrows(std::vector<std::pair<QVector3D, QVector3D>> lines)
{
    if (lines.empty() && currentArrows_.empty()) return;
    currentArrows_ = std::move(lines);
    rebuildOverlay();
}

void Viewport::rebuildOverlay()
{
    if (bed_.empty()) return;
    OverlayLines lines;
    lines.addBoundary(lattice_, bed_, boundary_, boundaryHighlight_);
    lines.addSources(lattice_, bed_, sources_, selectedSource_);
    if (brush_) lines.addBrush(lattice_, bed_, *brush_);
    if (waterFeatures_) lines.addWaterFeatures(*waterFeatures_);
    if (!particleStreaks_.empty()) lines.addStreaks(particleStreaks_);
    if (!currentArrows_.empty()) lines.addCurrentArrows(currentArrows_);
    overlay_ = lines.vertices();
    overlayLines_->setEnabled(!lines.empty());
    if (!lines.empty()) overlayLines_->upload(overlay_, lines.indices());
    sceneChanged_ = true;
}

// Only the water's texture changes from frame to frame.
void Viewport::setWaterState(std::shared_ptr<const MapState> state)
{
    if (!waterMesh_ || !state || !(state->lattice == waterState_->lattice)) return; // a stale map's snapshot
    if (state->lattice.cellCount() >= preparedAwayFrom_) {
        waterPreparation_->offer(waterMesh_.get(), std::move(state), colouring_, dyeShown_, mouseInside_); // the cursor picks at once
        return;
    }
    waterState_ = std::move(state);
    uploadWater();
    pickerStale_ = true; // the picker's surface (a pass over the map) is made when a pick needs it
    waterChanged();
}

void Viewport::showPreparedWater(WaterPreparation::Prepared prepared)
{
    if (prepared.outOfMemory) {
        emit waterOutOfMemory();
        return;
    }
    if (!waterMesh_ || !(prepared.state->lattice == waterState_->lattice)) return; // prepared for a map since replaced
    waterState_ = std::move(prepared.state);
    sceneChanged_ = true;
    waterMesh_->apply(std::move(prepared.texels));
    updateLod();
    if (prepared.surface) picker_.setState(waterState_, std::move(*prepared.surface));
    pickerStale_ = !prepared.surface; // made when something picks, as on small maps
    waterChanged();
    emit waterShown(prepared.passMs);
}

void Viewport::waterChanged()
{
    if (terrainColouring_ == TerrainColouring::Erosion) updateDeposition(waterState_->deposition);
    if (mouseInside_) hover(lastMouse_);
}

// Drawn here and now: a pass prepared away from the GUI thread is finished first (it keeps the
// same record of what the texture holds).
void Viewport::uploadWater()
{
    waterPreparation_->settle();
    sceneChanged_ = true;
    waterMesh_->update(*waterState_, colouring_, dyeShown_); // same size as its texture: a full, in-place upload
    updateLod();
}

void Viewport::setDyeShown(bool shown)
{
    dyeShown_ = shown;
    waterMaterial_->setParameter("dyeShown", shown ? 1 : 0);
    if (waterMesh_ && waterState_) uploadWater();
}

void Viewport::setWaterColouring(WaterColouring colouring)
{
    colouring_ = colouring;
    ramp_->setColouring(colouring);
    waterMaterial_->setParameter("rampRange", ramp_->range());
    if (waterMesh_ && waterState_) uploadWater();
}

int Viewport::lodTileCount() const
{
    return terrainLod_->tileCount();
}

std::size_t Viewport::drawnTriangles() const
{
    return terrainLod_->triangleCount() + waterLod_->triangleCount();
}

QWindow* Viewport::renderWindow() const
{
    return window_;
}

// Fits what is actually drawn (a sample of the terrain's cells and the map's corners), so a
// tall peak does not leave the sea small in an otherwise empty sky.
void Viewport::frameMap()
{
    if (!terrainMesh_) return;
    const Lattice& lattice = waterState_->lattice;
    const int every = std::max(1, std::max(lattice.width(), lattice.height()) / 64);
    std::vector<QVector3D> points;
    for (int y = 0; y < lattice.height(); y += every)
        for (int x = 0; x < lattice.width(); x += every) {
            const WorldPoint p = lattice.worldPosition(x, y);
            points.emplace_back(static_cast<float>(p.x), std::max(bed_(x, y), terrainMesh_->seaLevel()), static_cast<float>(p.y));
        }
    const float width = static_cast<float>(lattice.worldWidth()), height = static_cast<float>(lattice.worldHeight());
    for (float x : {0.0f, width})
        for (float z : {0.0f, height}) points.emplace_back(x, terrainMesh_->seaLevel(), z);
    const QVector3D target(0.5f * width, terrainMesh_->seaLevel(), 0.5f * height);
    orbit_.frame(points, target, kFovDegrees, static_cast<float>(window_->width()) / static_cast<float>(std::max(1, window_->height())));
    applyCamera();
}

void Viewport::topView()
{
    orbit_.topView();
    applyCamera();
}

void Viewport::applyCamera()
{
    sceneChanged_ = true;
    Qt3DRender::QCamera* camera = window_->camera();
    const float aspect = static_cast<float>(window_->width()) / static_cast<float>(std::max(1, window_->height()));
    camera->lens()->setPerspectiveProjection(kFovDegrees, aspect, orbit_.nearPlane(), orbit_.farPlane());
    camera->setUpVector(orbit_.up());
    camera->setPosition(orbit_.eye());
    camera->setViewCenter(orbit_.target());
    northArrow_->setYaw(orbit_.yaw());
    updateLod();
}

QMatrix4x4 Viewport::viewProjection() const
{
    QMatrix4x4 view;
    view.lookAt(orbit_.eye(), orbit_.target(), orbit_.up());
    QMatrix4x4 projection;
    const float aspect = static_cast<float>(window_->width()) / static_cast<float>(std::max(1, window_->height()));
    projection.perspective(kFovDegrees, aspect, orbit_.nearPlane(), orbit_.farPlane());
    return projection * view;
}

// The ray through a pixel: unproject the near and far points of its normalised device position.
std::pair<QVector3D, QVector3D> Viewport::rayThrough(QPoint pixel) const
{
    const float x = 2.0f * (static_cast<float>(pixel.x()) + 0.5f) / static_cast<float>(window_->width()) - 1.0f;
    const float y = 1.0f - 2.0f * (static_cast<float>(pixel.y()) + 0.5f) / static_cast<float>(window_->height());
    const QMatrix4x4 inverse = viewProjection().inverted();
    const QVector3D nearPoint = inverse.map(QVector3D(x, y, -1.0f));
    const QVector3D farPoint = inverse.map(QVector3D(x, y, 1.0f));
    return {nearPoint, farPoint - nearPoint};
}

std::optional<PickResult> Viewport::pickAt(QPoint pixel, PickTarget target) const
{
    const auto [origin, direction] = rayThrough(pixel);
    return picker().pick(origin, direction, target);
}

// The picker follows the newest water only when something picks: a large map's snapshots then
// cost the GUI thread no pass of their own while the cursor is elsewhere.
const Picker& Viewport::picker() const
{
    if (pickerStale_) {
        picker_.setState(waterState_);
        pickerStale_ = false;
    }
    return picker_;
}

std::optional<QPoint> Viewport::projectToPixel(QVector3D world) const
{
    const QVector4D clip = viewProjection() * QVector4D(world, 1.0f);
    if (clip.w() <= 0.0f) return std::nullopt;
    const float x = clip.x() / clip.w(), y = clip.y() / clip.w();
    return QPoint(static_cast<int>(std::floor((x + 1.0f) * 0.5f * static_cast<float>(window_->width()))),
                  static_cast<int>(std::floor((1.0f - y) * 0.5f * static_cast<float>(window_->height()))));
}

Qt3DRender::QRenderCaptureReply* Viewport::requestCapture()
{
    return (reducedActive_ ? reduced_->capture() : capture_)->requestCapture(); // the picture as shown
}

// Qt 3D ticks every frame, drawn or not; a tick after a change of the scene draws a new picture.
void Viewport::countFrame()
{
    if (sceneChanged_) {
        sceneChanged_ = false;
        ++picturesDrawn_;
        ++picturesInWindow_;
    }
    const qint64 elapsed = frameClock_.elapsed();
    if (elapsed < 1000) return;
    framesPerSecond_ = picturesInWindow_ * 1000.0 / static_cast<double>(elapsed);
    picturesInWindow_ = 0;
    frameClock_.restart();
}

void Viewport::hover(QPoint pixel)
{
    if (const auto pick = pickAt(pixel)) emit cellHovered(*pick);
    else emit hoverLeft();
}

ViewportMouse Viewport::describeMouse(const QMouseEvent& event) const
{
    ViewportMouse mouse;
    mouse.pixel = event.position().toPoint();
    mouse.button = event.button();
    mouse.buttons = event.buttons();
    mouse.modifiers = event.modifiers();
    mouse.terrain = pickAt(mouse.pixel, PickTarget::Terrain);
    mouse.surface = pickAt(mouse.pixel, PickTarget::Surface);
    return mouse;
}

// The left button's press, drag and release while a tool is active (Alt+left still orbits), and
// plain moves for the tool's hover feedback. Returns whether the event was the tool's.
bool Viewport::handleToolMouse(QEvent* event)
{
    if (!toolMode_) return false;
    auto* mouse = static_cast<QMouseEvent*>(event);
    switch (event->type()) {
    case QEvent::MouseButtonPress:
        if (mouse->button() != Qt::LeftButton) return false;
        // A left press while the drag is open: its release was lost. That drag ends first (its
        // command made), then this press is taken as usual rather than ignored.
        endToolDrag();
        ignoreLeftDrag_ = false;
        if (mouse->modifiers() & Qt::AltModifier) return false;
        toolDragging_ = true;
        lastMouse_ = mouse->position().toPoint();
        dragWatch_.start();
        emit toolPressed(describeMouse(*mouse));
        return true;
    case QEvent::MouseButtonRelease:
        if (mouse->button() == Qt::LeftButton) ignoreLeftDrag_ = false;
        if (!toolDragging_ || mouse->button() != Qt::LeftButton) return false;
        toolDragging_ = false;
        dragWatch_.stop();
        dragButtons_ = mouse->buttons();
        emit toolReleased(describeMouse(*mouse));
        return true;
    case QEvent::MouseMove:
        // The button came up where this window could not see it: the drag ended where last seen.
        if (toolDragging_ && !(mouse->buttons() & Qt::LeftButton)) endToolDrag();
        if (toolDragging_) {
            lastMouse_ = mouse->position().toPoint();
            mouseInside_ = true;
            const ViewportMouse described = describeMouse(*mouse);
            emit toolMoved(described);
            if (described.surface) emit cellHovered(*described.surface);
            return true;
        }
        // The rest of a press whose drag was ended for it neither paints nor orbits.
        if (ignoreLeftDrag_ && (mouse->buttons() & Qt::LeftButton) && !(mouse->modifiers() & Qt::AltModifier)) {
            lastMouse_ = mouse->position().toPoint();
            hover(lastMouse_);
            return true;
        }
        if (mouse->buttons() == Qt::NoButton) emit toolHovered(describeMouse(*mouse));
        return false;
    default:
        return false;
    }
}

// Reports the release of a drag whose own release will not come, at the last position the drag
// reached, so that the tool finishes as usual (a brush's stroke becomes one undoable command with
// what was painted so far).
void Viewport::endToolDrag()
{
    if (!toolDragging_) return;
    toolDragging_ = false;
    dragWatch_.stop();
    const Qt::MouseButtons held = QGuiApplication::mouseButtons();
    ignoreLeftDrag_ = held.testFlag(Qt::LeftButton);
    ViewportMouse mouse;
    mouse.pixel = lastMouse_;
    mouse.button = Qt::LeftButton;
    mouse.buttons = held & ~Qt::MouseButtons(Qt::LeftButton);
    mouse.modifiers = QGuiApplication::keyboardModifiers();
    mouse.terrain = pickAt(mouse.pixel, PickTarget::Terrain);
    mouse.surface = pickAt(mouse.pixel, PickTarget::Surface);
    emit toolReleased(mouse);
}

bool Viewport::eventFilter(QObject* watched, QEvent* event)
{
    if (watched != window_) return QWidget::eventFilter(watched, event);
    if (handleToolMouse(event)) return true;
    switch (event->type()) {
    case QEvent::MouseButtonPress: {
        auto* mouse = static_cast<QMouseEvent*>(event);
        lastMouse_ = mouse->position().toPoint();
        dragButtons_ = mouse->buttons();
        return true;
    }
    case QEvent::MouseButtonRelease:
        dragButtons_ = static_cast<QMouseEvent*>(event)->buttons();
        return true;
    case QEvent::MouseMove: {
        auto* mouse = static_cast<QMouseEvent*>(event);
        const QPoint position = mouse->position().toPoint();
        const QPoint delta = position - lastMouse_;
        lastMouse_ = position;
        mouseInside_ = true;
        // The camera: left drags orbit; with a tool holding the left button, middle (or Alt+left) does.
        const Qt::MouseButtons orbitButtons = toolMode_ ? Qt::MiddleButton | Qt::LeftButton : Qt::LeftButton;
        const Qt::MouseButtons panButtons = toolMode_ ? Qt::RightButton : Qt::RightButton | Qt::MiddleButton;
        if (mouse->buttons() & orbitButtons) orbit_.orbit(static_cast<float>(delta.x()), static_cast<float>(delta.y()));
        else if (mouse->buttons() & panButtons)
            orbit_.pan(static_cast<float>(delta.x()), static_cast<float>(delta.y()), static_cast<float>(window_->height()), kFovDegrees);
        if (mouse->buttons() != Qt::NoButton) applyCamera();
        hover(position);
        return true;
    }
    case QEvent::WindowBlocked: // a modal dialog: the release (if any) goes to it
        endToolDrag();
        return false;
    case QEvent::Wheel: { // towards the point under the cursor, stopping above it (OrbitCamera::zoom)
        auto* wheel = static_cast<QWheelEvent*>(event);
        const auto under = pickAt(wheel->position().toPoint());
        orbit_.zoom(static_cast<float>(wheel->angleDelta().y()) / 120.0f, under ? std::optional(under->point) : std::nullopt);
        applyCamera();
        if (mouseInside_) hover(lastMouse_);
        return true;
    }
    case QEvent::Leave:
        mouseInside_ = false;
        emit hoverLeft();
        return false;
    case QEvent::Resize:
        reduced_->setWindowSize(window_->size() * window_->devicePixelRatio());
        applyCamera();
        return false;
    case QEvent::KeyPress:
        emit toolKeyPressed(static_cast<QKeyEvent*>(event)->key());
        return false;
    default:
        return false;
    }
}

} // namespace rb::view
