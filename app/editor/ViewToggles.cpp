#include "editor/ViewToggles.h"

#include "document/MapDocument.h"
#include "document/RiverNetworkJob.h"
#include "document/SimulationRunner.h"
#include "document/SimulationSnapshot.h"
#include "session/EditingSession.h"
#include "editor/MakeAction.h"
#include "panels/CurrentsDock.h"
#include "panels/DyeLegend.h"
#include "panels/EditorStatusBar.h"
#include "panels/ErosionLegend.h"
#include "panels/FlowParticlesBar.h"
#include "panels/StatisticsDock.h"
#include "panels/WaterLegend.h"
#include "view/CurrentArrows.h"
#include "view/Viewport.h"

#include <QMainWindow>

namespace rb::editor {

ViewToggles::ViewToggles(QMainWindow* window, EditingSession* session, view::Viewport* viewport, panels::StatisticsDock* statistics,
                         panels::CurrentsDock* currents, panels::EditorStatusBar* statusBar)
    : QObject(window), window_(window), session_(session), viewport_(viewport), statistics_(statistics), currents_(currents), statusBar_(statusBar)
{
    createWaterToggles();
    createErosionToggles();
    createOverlayToggles();
    connect(session_->document(), &MapDocument::currentsChanged, this, [this] { showCurrentArrows(false); });
}

// The actions belong to the window, like its others: the menus and the shortcuts list find them there.
void ViewToggles::createWaterToggles()
{
    bySpeed_ = makeAction(window_, "colourBySpeed", tr("Colour water by speed"), QKeySequence(), tr("Colour the water by flow speed instead of depth"));
    bySpeed_->setCheckable(true);
    connect(bySpeed_, &QAction::toggled, this, [this](bool on) {
        viewport_->setWaterColouring(on ? view::WaterColouring::Speed : view::WaterColouring::Depth);
        statistics_->legend()->setColouring(on ? view::WaterColouring::Speed : view::WaterColouring::Depth);
        followFlowsEveryFrame();
    });
    auto* dye = makeAction(window_, "showDye", tr("Dye"), QKeySequence(Qt::SHIFT | Qt::Key_D),
                           tr("Tint the water by its dye channels, each in its colour (the legend is in the Statistics dock)"));
    dye->setCheckable(true);
    dye->setChecked(viewport_->dyeShown());
    connect(dye, &QAction::toggled, this, [this](bool on) {
        viewport_->setDyeShown(on);
        statistics_->dyeLegend()->setTintShown(on);
    });
    particles_ = makeAction(window_, "flowParticles", tr("Flow particles"), QKeySequence(Qt::SHIFT | Qt::Key_P),
                            tr("Particles carried by the water's velocity, to see where it flows (for the eye only)"));
    particles_->setCheckable(true);
    particlesBar_ = new panels::FlowParticlesBar(window_);
    window_->addToolBar(Qt::BottomToolBarArea, particlesBar_);
    connect(particles_, &QAction::toggled, this, [this](bool on) {
        particlesBar_->setOn(on);
        followFlowsEveryFrame();
        if (!on) viewport_->setParticleStreaks({});
    });
}

// Speed colours and particles follow the newest flows; otherwise the runner saves the copies.
void ViewToggles::followFlowsEveryFrame()
{
    session_->runner()->setFlowsEveryFrame(bySpeed_->isChecked() || particles_->isChecked());
}

// Colour terrain by erosion / by erodibility: one at a time (or neither: natural colours), with
// their legend in the Statistics dock.
void ViewToggles::createErosionToggles()
{
    auto* byErosion = makeAction(window_, "colourByErosion", tr("Colour terrain by erosion"), QKeySequence(Qt::SHIFT | Qt::Key_E),
                                 tr("Colour the terrain by its net change since the map's start: red eroded, blue deposited "
                                    "(full colour at the largest change; the legend is in the Statistics dock)"));
    auto* byErodibility = makeAction(window_, "colourByErodibility", tr("Colour terrain by erodibility"), QKeySequence(Qt::SHIFT | Qt::Key_G),
                                     tr("Colour the terrain by its erodibility: slate bedrock (0) to ochre loose soil (1), as the "
                                        "Erodibility brush (G) paints it"));
    for (QAction* action : {byErosion, byErodibility}) action->setCheckable(true);
    const auto show = [this, byErosion, byErodibility](QAction* toggled, bool on) {
        if (on) (toggled == byErosion ? byErodibility : byErosion)->setChecked(false);
        const view::TerrainColouring colouring = byErosion->isChecked()       ? view::TerrainColouring::Erosion
                                                 : byErodibility->isChecked() ? view::TerrainColouring::Erodibility
                                                                              : view::TerrainColouring::Natural;
        viewport_->setTerrainColouring(colouring);
        statistics_->erosionLegend()->setColouring(colouring);
        statistics_->erosionLegend()->setScale(viewport_->depositionScale());
    };
    connect(byErosion, &QAction::toggled, this, [show, byErosion](bool on) { show(byErosion, on); });
    connect(byErodibility, &QAction::toggled, this, [show, byErodibility](bool on) { show(byErodibility, on); });
}

void ViewToggles::createOverlayToggles()
{
    currentArrows_ = makeAction(window_, "showCurrents", tr("Currents"), QKeySequence(Qt::SHIFT | Qt::Key_C),
                                tr("Draw the map's stored steady current as arrows (solved in the Currents dock)"));
    currentArrows_->setCheckable(true);
    connect(currentArrows_, &QAction::toggled, this, [this] { showCurrentArrows(true); });
    auto* rivers = makeAction(window_, "riverNetwork", tr("River network"), QKeySequence(),
                              tr("Draw the river centre lines, lakes and coastline the water forms (as export --rivers writes them)"));
    rivers->setCheckable(true);
    riverNetwork_ = new RiverNetworkJob(this);
    connect(rivers, &QAction::toggled, this, [this](bool on) { showRiverNetwork(on); });
    connect(riverNetwork_, &RiverNetworkJob::computed, viewport_, &view::Viewport::setWaterFeatures);
}

void ViewToggles::tick()
{
    if (particlesBar_->isOn() && viewport_->waterState()) viewport_->setParticleStreaks(particlesBar_->tick(*viewport_->waterState()));
}

void ViewToggles::snapshotShown(const SimulationSnapshot& snapshot)
{
    riverNetwork_->offer(snapshot.state, session_->document()->map().boundary, snapshot.mapId);
}

void ViewToggles::mapLoaded()
{
    particlesBar_->restart();
    riverNetwork_->mapChanged(session_->currentMapId());
    if (riverNetwork_->enabled()) showRiverNetwork(true);
    showCurrentArrows(false);
}

// On: computed at once from the newest water, then again as the water runs (snapshotShown).
void ViewToggles::showRiverNetwork(bool on)
{
    riverNetwork_->setEnabled(on);
    if (!on) {
        viewport_->setWaterFeatures(nullptr);
        return;
    }
    const MapDocument* document = session_->document();
    const auto snapshot = session_->runner()->latestSnapshot();
    const bool current = snapshot && snapshot->mapId == session_->currentMapId();
    riverNetwork_->offer(current ? snapshot->state : std::make_shared<const MapState>(document->map().state), document->map().boundary,
                         session_->currentMapId(), true);
}

void ViewToggles::showCurrentArrows(bool announce)
{
    const MapDocument* document = session_->document();
    currents_->setHasCurrents(document->hasCurrents());
    const bool on = currentArrows_->isChecked();
    if (!on || !document->hasCurrents()) {
        viewport_->setCurrentArrows({});
        currents_->showArrowScale(QString());
        if (on && announce) statusBar_->showMessage(tr("This map has no currents yet: solve them in the Currents dock (View › Currents dock)"), 10000);
        return;
    }
    const MapState& stored = document->map().state;
    const auto water = viewport_->waterState();
    const MapState& surface = water && water->lattice == stored.lattice ? *water : stored;
    const view::CurrentArrows arrows(stored.lattice, surface.bed, surface.depth, stored.currents);
    viewport_->setCurrentArrows(arrows.lines());
    const QString scale = arrows.maxSpeed() > 0.0
                              ? tr("Arrows every %1 m; an arrow that long is %2 m/s (the fastest current: %3 m/s)")
                                    .arg(arrows.gridStep(), 0, 'f', 0)
                                    .arg(arrows.gridStep() / arrows.metresPerSpeed(), 0, 'f', 2)
                                    .arg(arrows.maxSpeed(), 0, 'f', 2)
                              : tr("The stored current is still water everywhere");
    currents_->showArrowScale(scale);
    if (announce) statusBar_->showMessage(tr("Currents: %1").arg(scale), 10000);
}

} // namespace rb::editor
