#include "editor/MainWindow.h"

#include "ClDevices.h"
#include "commands/SetBoundaryCommand.h"
#include "commands/SetFlowModelCommand.h"
#include "commands/SetSimParamsCommand.h"
#include "dialogs/AboutDialog.h"
#include "dialogs/EngineBundleDialog.h"
#include "dialogs/EngineExportDialog.h"
#include "dialogs/ImportHeightmapDialog.h"
#include "dialogs/ShortcutsDialog.h"
#include "dialogs/UserGuideDialog.h"
#include "document/AutosaveTimer.h"
#include "editor/EditingSession.h"
#include "editor/FramePacer.h"
#include "document/JobTracker.h"
#include "document/MapDocument.h"
#include "editor/RecentFiles.h"
#include "document/RecoveryFiles.h"
#include "document/RiverNetworkJob.h"
#include "document/SimulationRunner.h"
#include "io/export/LayerExport.h"
#include "io/raster/RasterWriter.h"
#include "model/MemoryBudget.h"
#include "panels/BoundaryDock.h"
#include "panels/CurrentsDock.h"
#include "panels/DyeLegend.h"
#include "panels/EditorStatusBar.h"
#include "panels/ErosionLegend.h"
#include "panels/FlowParticlesBar.h"
#include "panels/GeneratorDock.h"
#include "panels/SimulationDock.h"
#include "panels/StatisticsDock.h"
#include "panels/ToolOptionsBar.h"
#include "panels/UndoHistoryDock.h"
#include "panels/WaterLegend.h"
#include "tools/AbstractTool.h"
#include "tools/EditorTools.h"
#include "tools/ToolManager.h"
#include "view/CurrentArrows.h"
#include "view/Viewport.h"

#include <QAction>
#include <QActionGroup>
#include <QCloseEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenuBar>
#include <QSettings>
#include <QTimer>
#include <QToolBar>

#include <new>

namespace rb::editor {

namespace {

QAction* makeAction(QObject* parent, const QString& name, const QString& text, const QKeySequence& shortcut,
                    const QString& tip)
{
    auto* action = new QAction(text, parent);
    action->setObjectName(name);
    action->setShortcut(shortcut);
    action->setToolTip(shortcut.isEmpty() ? tip : QString("%1 (%2)").arg(tip, shortcut.toString(QKeySequence::NativeText)));
    action->setStatusTip(tip);
    return action;
}

gen::GeneratorSettings startSettings(const EditorOptions& options)
{
    return panels::startUpIsland(options.startSize, options.startSeed, options.startCellSize);
}

} // namespace

MainWindow::MainWindow(const EditorOptions& options, QWidget* parent) : QMainWindow(parent), options_(options)
{
    session_ = new EditingSession(this);
    viewport_ = new view::Viewport(this);
    setCentralWidget(viewport_);
    createStatusBar();
    createActions();
    createDocks();
    createTools();
    createMenus();
    connectDocument();
    connectRunner();
    connectSession();
    session_->setMapPresenter([this](const Map& map) { return presentMap(map); });

    framePacer_ = new FramePacer(options_.viewRefreshMs, [this] { refreshFromSnapshot(); }, this);
    // The solver's calls last about a frame: spread over more steps, and no picture waits for one.
    runner()->setCallBudgetMs(framePacer_->intervalMs());
    connect(framePacer_, &FramePacer::intervalChanged, runner(), &SimulationRunner::setCallBudgetMs);
    connect(viewport_, &view::Viewport::waterOutOfMemory, this, [this] { pauseForViewMemory(); });
    connect(viewport_, &view::Viewport::waterShown, framePacer_, &FramePacer::addCost);

    if (options_.restoreLayout) {
        restoreState(QSettings().value("window/state").toByteArray()); // main() restores the geometry
    }
    if (options_.startPlaying)
        connect(session_, &EditingSession::mapLoaded, runner(), &SimulationRunner::play, Qt::SingleShotConnection);
    listDevicesInBackground();
    const gen::GeneratorSettings start = startSettings(options_);
    generatorDock_->setSettings(start);
    updateTitle();
    if (!options_.startFile.isEmpty()) openFile(options_.startFile);
    else generate(start); // on the pool, like any generation: the window shows at once
}

// The session waits for its jobs before anything it reports to is gone.
MainWindow::~MainWindow()
{
    session_->cancelGeneration();
    session_->cancelCurrents();
    session_->jobs()->waitForAll();
}

MapDocument* MainWindow::document() const
{
    return session_->document();
}

SimulationRunner* MainWindow::runner() const
{
    return session_->runner();
}

QLabel* MainWindow::cellReadout() const
{
    return statusBar_->cellReadout();
}

std::uint64_t MainWindow::currentMapId() const
{
    return session_->currentMapId();
}

QAction* MainWindow::action(const QString& objectName) const
{
    return findChild<QAction*>(objectName);
}

void MainWindow::createActions()
{
    auto* play = makeAction(this, "playPause", tr("Play"), Qt::Key_Space, tr("Run or pause the simulation"));
    play->setCheckable(true);
    connect(play, &QAction::triggered, this, [this] { togglePlaying(); });
    auto* step = makeAction(this, "step", tr("Step"), Qt::Key_Period, tr("Advance the simulation by one step"));
    connect(step, &QAction::triggered, this, [this] { runner()->step(1); });
    auto* reset = makeAction(this, "resetWater", tr("Reset water"), QKeySequence(Qt::CTRL | Qt::Key_R),
                             tr("Put the water back as it was when the map was generated or opened"));
    connect(reset, &QAction::triggered, this, [this] { resetWater(); });
    auto* mean = makeAction(this, "recordMean", tr("Record mean flow from now"), QKeySequence(),
                            tr("Average the flow over the steps from now on (eddies and meanders even out): saved with the map, "
                               "for flow maps of the mean current (export --flowmap or --bundle with --mean)"));
    connect(mean, &QAction::triggered, this, [this] {
        runner()->recordMeanFromNow();
        statusBar_->showMessage(tr("Recording the mean flow from now; save the map to keep it"), 5000);
    });
    auto* frame = makeAction(this, "frameMap", tr("Frame map"), Qt::Key_F, tr("Fit the whole map into the view"));
    connect(frame, &QAction::triggered, viewport_, &view::Viewport::frameMap);
    // Shift+T: T alone is the Flatten tool's key (the View menu's toggles are all Shift+letter).
    auto* top = makeAction(this, "topView", tr("Top view"), QKeySequence(Qt::SHIFT | Qt::Key_T), tr("Look straight down on the map, north up"));
    connect(top, &QAction::triggered, viewport_, &view::Viewport::topView);
    auto* bySpeed = makeAction(this, "colourBySpeed", tr("Colour water by speed"), QKeySequence(),
                               tr("Colour the water by flow speed instead of depth"));
    bySpeed->setCheckable(true);
    connect(bySpeed, &QAction::toggled, this, [this](bool on) {
        viewport_->setWaterColouring(on ? view::WaterColouring::Speed : view::WaterColouring::Depth);
        statisticsDock_->legend()->setColouring(on ? view::WaterColouring::Speed : view::WaterColouring::Depth);
        runner()->setFlowsEveryFrame(on || action("flowParticles")->isChecked());
    });
    auto* dye = makeAction(this, "showDye", tr("Dye"), QKeySequence(Qt::SHIFT | Qt::Key_D),
                           tr("Tint the water by its dye channels, each in its colour (the legend is in the Statistics dock)"));
    dye->setCheckable(true);
    dye->setChecked(viewport_->dyeShown());
    connect(dye, &QAction::toggled, this, [this](bool on) {
        viewport_->setDyeShown(on);
        statisticsDock_->dyeLegend()->setTintShown(on);
    });
    auto* particles = makeAction(this, "flowParticles", tr("Flow particles"), QKeySequence(Qt::SHIFT | Qt::Key_P),
                                 tr("Particles carried by the water's velocity, to see where it flows (for the eye only)"));
    particles->setCheckable(true);
    particlesBar_ = new panels::FlowParticlesBar(this);
    addToolBar(Qt::BottomToolBarArea, particlesBar_);
    connect(particles, &QAction::toggled, this, [this](bool on) {
        particlesBar_->setOn(on);
        runner()->setFlowsEveryFrame(on || action("colourBySpeed")->isChecked()); // particles follow the newest flows
        if (!on) viewport_->setParticleStreaks({});
    });
    auto* currents = makeAction(this, "showCurrents", tr("Currents"), QKeySequence(Qt::SHIFT | Qt::Key_C),
                                tr("Draw the map's stored steady current as arrows (solved in the Currents dock)"));
    currents->setCheckable(true);
    connect(currents, &QAction::toggled, this, [this] { showCurrentArrows(true); });
    createErosionViewActions();
    auto* rivers = makeAction(this, "riverNetwork", tr("River network"), QKeySequence(),
                              tr("Draw the river centre lines, lakes and coastline the water forms (as export --rivers writes them)"));
    rivers->setCheckable(true);
    riverNetwork_ = new RiverNetworkJob(this);
    connect(rivers, &QAction::toggled, this, [this](bool on) { showRiverNetwork(on); });
    connect(riverNetwork_, &RiverNetworkJob::computed, viewport_, &view::Viewport::setWaterFeatures);
    createFileActions();
    createHelpActions();
}

// View › Colour terrain by erosion / by erodibility: one at a time (or neither: natural colours),
// with their legend in the Statistics dock.
void MainWindow::createErosionViewActions()
{
    auto* byErosion = makeAction(this, "colourByErosion", tr("Colour terrain by erosion"), QKeySequence(Qt::SHIFT | Qt::Key_E),
                                 tr("Colour the terrain by its net change since the map's start: red eroded, blue deposited "
                                    "(full colour at the largest change; the legend is in the Statistics dock)"));
    auto* byErodibility = makeAction(this, "colourByErodibility", tr("Colour terrain by erodibility"), QKeySequence(Qt::SHIFT | Qt::Key_G),
                                     tr("Colour the terrain by its erodibility: slate bedrock (0) to ochre loose soil (1), as the "
                                        "Erodibility brush (G) paints it"));
    for (QAction* action : {byErosion, byErodibility}) action->setCheckable(true);
    const auto show = [this, byErosion, byErodibility](QAction* toggled, bool on) {
        if (on) (toggled == byErosion ? byErodibility : byErosion)->setChecked(false);
        const view::TerrainColouring colouring = byErosion->isChecked()       ? view::TerrainColouring::Erosion
                                                 : byErodibility->isChecked() ? view::TerrainColouring::Erodibility
                                                                              : view::TerrainColouring::Natural;
        viewport_->setTerrainColouring(colouring);
        statisticsDock_->erosionLegend()->setColouring(colouring);
        statisticsDock_->erosionLegend()->setScale(viewport_->depositionScale());
    };
    connect(byErosion, &QAction::toggled, this, [show, byErosion](bool on) { show(byErosion, on); });
    connect(byErodibility, &QAction::toggled, this, [show, byErodibility](bool on) { show(byErodibility, on); });
}

// On: computed at once from the newest water, then again as the water runs (refreshFromSnapshot).
void MainWindow::showRiverNetwork(bool on)
{
    riverNetwork_->setEnabled(on);
    if (!on) {
        viewport_->setWaterFeatures(nullptr);
        return;
    }
    const auto snapshot = runner()->latestSnapshot();
    const bool current = snapshot && snapshot->mapId == currentMapId();
    riverNetwork_->offer(current ? snapshot->state : std::make_shared<const MapState>(document()->map().state), document()->map().boundary,
                         currentMapId(), true);
}

void MainWindow::createHelpActions()
{
    connect(makeAction(this, "userGuide", tr("&User guide"), QKeySequence::HelpContents, tr("Read the editor's guide")),
            &QAction::triggered, this, [this] { showUserGuide(); });
    connect(makeAction(this, "keyboardShortcuts", tr("&Keyboard shortcuts"), QKeySequence(Qt::CTRL | Qt::Key_Slash),
                       tr("List every action that has keys, with its keys")),
            &QAction::triggered, this, [this] { showShortcuts(); });
    connect(makeAction(this, "about", tr("&About Riverbed"), QKeySequence(), tr("Version, Qt, solver and OpenCL devices")),
            &QAction::triggered, this, [this] { showAbout(); });
}

void MainWindow::createFileActions()
{
    auto* newMap = makeAction(this, "new", tr("&New"), QKeySequence::New, tr("Generate a new map with the Generator dock's settings"));
    connect(newMap, &QAction::triggered, this, [this] {
        generatorDock_->show();
        generate(generatorDock_->settings());
    });
    connect(makeAction(this, "open", tr("&Open…"), QKeySequence::Open, tr("Open a .rbmap file")), &QAction::triggered, this,
            [this] { openDialog(); });
    connect(makeAction(this, "exportEngine", tr("For game &engine…"), QKeySequence(Qt::CTRL | Qt::Key_E),
                       tr("Write heightmaps, flow map and mask the way Unity, Unreal or Godot import them")),
            &QAction::triggered, this, [this] { engineExportDialog(); });
    connect(makeAction(this, "exportBundle", tr("Engine &bundle…"), QKeySequence(),
                       tr("Write every layer, the splat map and a manifest with the import settings into one folder for Unity, Unreal or Godot")),
            &QAction::triggered, this, [this] { engineBundleDialog(); });
    connect(makeAction(this, "save", tr("&Save"), QKeySequence::Save, tr("Save the map with its water and parameters")),
            &QAction::triggered, this, [this] { save(); });
    connect(makeAction(this, "saveAs", tr("Save &As…"), QKeySequence::SaveAs, tr("Save the map under a new name")),
            &QAction::triggered, this, [this] { saveAsDialog(); });
    connect(makeAction(this, "importHeightmap", tr("&Import heightmap…"), QKeySequence(Qt::CTRL | Qt::Key_I),
                       tr("Make a map from a heightmap: PNG, EXR, .npy, raw, GeoTIFF or any raster GDAL reads")),
            &QAction::triggered, this, [this] { importDialog(); });
    connect(makeAction(this, "quit", tr("&Quit"), QKeySequence::Quit, tr("Close the editor")), &QAction::triggered, this,
            &QWidget::close);
}

// The platform's Redo keys (Ctrl+Shift+Z on GNOME and macOS) and Ctrl+Y, which Windows and KDE
// users expect everywhere.
QList<QKeySequence> MainWindow::redoShortcuts()
{
    QList<QKeySequence> keys = QKeySequence::keyBindings(QKeySequence::Redo);
    const QKeySequence ctrlY(Qt::CTRL | Qt::Key_Y);
    if (!keys.contains(ctrlY)) keys.append(ctrlY);
    return keys;
}

void MainWindow::createMenus()
{
    createFileMenu();
    createEditMenu();

    QMenu* toolsMenu = menuBar()->addMenu(tr("&Tools"));
    toolsMenu->setToolTipsVisible(true);
    toolsMenu->addActions(toolManager_->actions()->actions());
    toolsMenu->addSeparator();
    toolsMenu->addActions({toolManager_->smallerAction(), toolManager_->largerAction()});

    QMenu* simulation = menuBar()->addMenu(tr("&Simulation"));
    simulation->addActions({action("playPause"), action("step"), action("resetWater"), action("recordMean")});

    QMenu* viewMenu = menuBar()->addMenu(tr("&View"));
    viewMenu->addActions({action("frameMap"), action("topView"), action("colourBySpeed"), action("colourByErosion"), action("colourByErodibility"),
                          action("showDye"), action("flowParticles"), action("showCurrents"),
                          action("riverNetwork")});
    viewMenu->addSeparator();
    for (QDockWidget* dock : std::initializer_list<QDockWidget*>{simulationDock_, generatorDock_, statisticsDock_, boundaryDock_,
                                                                 currentsDock_, undoHistoryDock_})
        viewMenu->addAction(dock->toggleViewAction());
    viewMenu->addAction(toolBar_->toggleViewAction());
    viewMenu->addAction(toolOptionsBar_->toggleViewAction());

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->setObjectName("helpMenu");
    help->setToolTipsVisible(true);
    help->addActions({action("userGuide"), action("keyboardShortcuts")});
    help->addSeparator();
    help->addAction(action("about"));
}

void MainWindow::createFileMenu()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->setToolTipsVisible(true);
    file->addActions({action("new"), action("open")});
    recentFiles_ = new RecentFiles(file->addMenu(tr("Recent files")), this);
    connect(recentFiles_, &RecentFiles::chosen, this, &MainWindow::openFile);
    file->addActions({action("save"), action("saveAs")});
    createAutosaveMenu(file);
    file->addSeparator();
    file->addAction(action("importHeightmap"));
    QMenu* exportMenu = file->addMenu(tr("&Export"));
    exportMenu->setToolTipsVisible(true);
    exportMenu->addAction(action("exportEngine"));
    exportMenu->addAction(action("exportBundle"));
    exportMenu->addSeparator();
    const std::pair<io::Layer, QString> layers[] = {
        {io::Layer::Terrain, tr("Terrain…")}, {io::Layer::WaterDepth, tr("Water depth…")}, {io::Layer::WaterSurface, tr("Water surface…")}};
    for (const auto& [kind, label] : layers) {
        const io::Layer layer = kind; // a copy: lambdas may not capture structured bindings before C++20 in clang 15
        QAction* item = exportMenu->addAction(label);
        item->setToolTip(tr("Write the %1 layer as a raster").arg(QString::fromUtf8(io::layerName(layer).data())));
        connect(item, &QAction::triggered, this, [this, layer] { exportDialog(static_cast<int>(layer)); });
    }
    file->addSeparator();
    file->addAction(action("quit"));
}

// File › Autosave: how often unsaved work goes to the recovery file (AutosaveTimer's setting).
void MainWindow::createAutosaveMenu(QMenu* file)
{
    QMenu* menu = file->addMenu(tr("Autosave"));
    menu->setObjectName("autosaveMenu");
    menu->setToolTipsVisible(true);
    auto* group = new QActionGroup(menu);
    AutosaveTimer* timer = session_->autosaveTimer();
    for (const int minutes : {0, 1, 2, 5, 10}) {
        QAction* item = menu->addAction(minutes == 0 ? tr("Off") : tr("Every %n minute(s)", nullptr, minutes));
        item->setObjectName(QString("autosave%1").arg(minutes));
        item->setCheckable(true);
        item->setChecked(timer->minutes() == minutes);
        item->setToolTip(tr("While there are unsaved changes, write them where a crash cannot lose them"));
        group->addAction(item);
        connect(item, &QAction::triggered, timer, [timer, minutes] { timer->setMinutes(minutes); });
    }
}

void MainWindow::createEditMenu()
{
    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    QUndoStack* stack = document()->undoStack();
    QAction* undo = stack->createUndoAction(this);
    undo->setObjectName("undo");
    undo->setShortcut(QKeySequence::Undo);
    QAction* redo = stack->createRedoAction(this);
    redo->setObjectName("redo");
    redo->setShortcuts(redoShortcuts());
    // Not in the middle of a stroke: the stroke's command records the terrain as it was at the
    // press, which an undo underneath it would make wrong.
    disconnect(undo, &QAction::triggered, stack, &QUndoStack::undo);
    disconnect(redo, &QAction::triggered, stack, &QUndoStack::redo);
    const auto unlessBusy = [this](void (QUndoStack::*step)()) {
        if (toolManager_->isBusy()) return statusBar_->showMessage(tr("Finish the stroke first (release the button or press Esc)"), 5000);
        // While erosion runs the document's terrain is behind the simulation's until the run ends
        // as its own undo step: pausing first keeps every step's terrain exact.
        if (document()->isErosionRunning()) return statusBar_->showMessage(tr("Pause the simulation first: erosion is changing the terrain"), 5000);
        (document()->undoStack()->*step)();
    };
    connect(undo, &QAction::triggered, this, [unlessBusy] { unlessBusy(&QUndoStack::undo); });
    connect(redo, &QAction::triggered, this, [unlessBusy] { unlessBusy(&QUndoStack::redo); });
    edit->addActions({undo, redo});
}

void MainWindow::createDocks()
{
    simulationDock_ = new panels::SimulationDock(this);
    simulationDock_->setControls(action("playPause"), action("step"), action("resetWater"));
    generatorDock_ = new panels::GeneratorDock(this);
    statisticsDock_ = new panels::StatisticsDock(this);
    addDockWidget(Qt::RightDockWidgetArea, simulationDock_);
    addDockWidget(Qt::RightDockWidgetArea, statisticsDock_);
    addDockWidget(Qt::LeftDockWidgetArea, generatorDock_);

    connect(simulationDock_, &panels::SimulationDock::paramsEdited, this, [this](const SimParams& params, const QString& field) {
        document()->undoStack()->push(new commands::SetSimParamsCommand(document(), document()->map().params, params, field));
    });
    connect(simulationDock_, &panels::SimulationDock::flowModelChosen, this, [this](FlowModel model) {
        document()->undoStack()->push(new commands::SetFlowModelCommand(document(), document()->map().params.model, model));
    });
    connect(simulationDock_, &panels::SimulationDock::backendChosen, session_, &EditingSession::setBackend);
    connect(simulationDock_, &panels::SimulationDock::latticeChosen, session_, &EditingSession::changeLattice);
    boundaryDock_ = new panels::BoundaryDock(this);
    undoHistoryDock_ = new panels::UndoHistoryDock(document()->undoStack(), this);
    // Tabbed with the docks already there, so the window's minimum size does not grow.
    tabifyDockWidget(generatorDock_, boundaryDock_);
    tabifyDockWidget(statisticsDock_, undoHistoryDock_);
    generatorDock_->raise();
    statisticsDock_->raise();
    connect(boundaryDock_, &panels::BoundaryDock::boundaryEdited, this,
            [this](const std::vector<BoundarySegment>& segments, const QString& description, const QString& mergeKey) {
                document()->undoStack()->push(
                    new commands::SetBoundaryCommand(document(), document()->map().boundary, segments, description, mergeKey));
            });
    connect(generatorDock_, &panels::GeneratorDock::generateRequested, this, &MainWindow::generate);
    connect(generatorDock_, &panels::GeneratorDock::cancelRequested, this, &MainWindow::cancelGeneration);
    createCurrentsDock();
}

// Tabbed behind the Generator and Boundary docks: solving currents is occasional work.
void MainWindow::createCurrentsDock()
{
    currentsDock_ = new panels::CurrentsDock(this);
    addDockWidget(Qt::LeftDockWidgetArea, currentsDock_);
    tabifyDockWidget(boundaryDock_, currentsDock_);
    generatorDock_->raise();
    connect(currentsDock_, &panels::CurrentsDock::solveRequested, session_, &EditingSession::solveCurrents);
    connect(currentsDock_, &panels::CurrentsDock::cancelRequested, session_, &EditingSession::cancelCurrents);
    connect(currentsDock_, &panels::CurrentsDock::clearRequested, session_, &EditingSession::clearCurrents);
}

// The tools, a toolbar to pick them (each with its shortcut in the tooltip) and the options bar
// that shows the active one's settings. The status bar shows what the active tool does.
void MainWindow::createTools()
{
    tools::ToolContext context;
    context.document = document();
    context.viewport = viewport_;
    context.showStatus = [this](const QString& text) { statusBar_->showMessage(text, 10000); };
    toolManager_ = new tools::ToolManager(context, this);
    tools::addEditorTools(*toolManager_, context);
    toolManager_->connectViewport();
    addActions({toolManager_->smallerAction(), toolManager_->largerAction()});

    toolBar_ = new QToolBar(tr("Tools"), this);
    toolBar_->setObjectName("ToolsBar");
    toolBar_->setToolButtonStyle(Qt::ToolButtonTextOnly);
    toolBar_->addActions(toolManager_->actions()->actions());
    addToolBar(Qt::TopToolBarArea, toolBar_);
    addToolBarBreak(Qt::TopToolBarArea);
    toolOptionsBar_ = new panels::ToolOptionsBar(this);
    addToolBar(Qt::TopToolBarArea, toolOptionsBar_);
    toolOptionsBar_->showTool(toolManager_->activeTool());
    connect(toolManager_, &tools::ToolManager::activeToolChanged, this, [this](tools::AbstractTool* tool) {
        toolOptionsBar_->showTool(tool);
        statusBar_->showMessage(tool->statusHint());
    });
}

void MainWindow::createStatusBar()
{
    statusBar_ = new panels::EditorStatusBar(this);
    setStatusBar(statusBar_);
}

// The session forwards every edit to the simulation; the window forwards it to the view and docks.
void MainWindow::connectDocument()
{
    connect(document(), &MapDocument::bedChanged, this,
            [this](const CellRegion& rect) { viewport_->updateBed(document()->map().state.bed, rect); });
    connect(document(), &MapDocument::erosionChanged, this,
            [this](const CellRegion& rect) { viewport_->updateBed(document()->map().state.bed, rect); });
    connect(document(), &MapDocument::erodibilityChanged, this,
            [this](const CellRegion& rect) { viewport_->updateErodibility(document()->map().state.erodibility, rect); });
    connect(document(), &MapDocument::boundaryChanged, this, [this](const std::vector<BoundarySegment>& segments) {
        boundaryDock_->setBoundary(document()->map().state.lattice, segments);
    });
    connect(document(), &MapDocument::paramsChanged, simulationDock_, &panels::SimulationDock::setParams);
    connect(document(), &MapDocument::modifiedChanged, this, [this] { updateTitle(); });
    connect(document(), &MapDocument::fileNameChanged, this, [this] { updateTitle(); });
    connect(viewport_, &view::Viewport::cellHovered, statusBar_,
            [this](const view::PickResult& pick) { statusBar_->hoverCell(pick.cell); });
    connect(viewport_, &view::Viewport::hoverLeft, statusBar_, &panels::EditorStatusBar::leaveCells);
}

void MainWindow::connectRunner()
{
    connect(runner(), &SimulationRunner::playingChanged, this, [this](bool playing) {
        QAction* play = action("playPause");
        play->setChecked(playing);
        play->setText(playing ? tr("Pause") : tr("Play"));
        // Running again: why it stopped last time is no longer news (however it was resumed).
        if (playing && !pausedMessage_.isEmpty() && statusBar_->currentMessage() == pausedMessage_) statusBar_->clearMessage();
        if (playing) pausedMessage_.clear();
    });
    connect(runner(), &SimulationRunner::pausedByError, this, [this](const QString& message) {
        simulationDock_->showMessage(tr("Paused: %1").arg(message), true);
        pausedMessage_ = tr("Simulation paused: %1").arg(message);
        statusBar_->showMessage(pausedMessage_);
    });
    // One dialog at a time: failures arriving while it is open (a run of brush dabs the simulation
    // refuses for the same reason) go to the status bar only.
    connect(runner(), &SimulationRunner::requestFailed, this, [this](const QString& message) {
        if (simulationErrorShown_) return statusBar_->showMessage(tr("Simulation: %1").arg(message), 10000);
        simulationErrorShown_ = true;
        reportError(tr("Simulation"), message);
        simulationErrorShown_ = false;
    });
    connect(runner(), &SimulationRunner::solverReady, this, [this](const QString& name, const QString& notice) {
        solverName_ = name;
        statusBar_->showSolver(name);
        if (!notice.isEmpty()) statusBar_->showMessage(notice.section('\n', 0, 0), 15000);
    });
}

void MainWindow::connectSession()
{
    connect(session_, &EditingSession::mapLoaded, this, &MainWindow::showLoadedMap);
    connect(session_, &EditingSession::generationFinished, this, [this](bool ok) {
        generatorDock_->setBusy(false);
        generatorDock_->setProgress(ok ? 100 : 0);
        emit generationFinished(ok);
    });
    connect(session_, &EditingSession::saveFinished, this, &MainWindow::saveFinished);
    connect(session_, &EditingSession::engineExportFinished, this, &MainWindow::showEngineExport);
    connect(session_, &EditingSession::bundleExportFinished, this, &MainWindow::showBundleExport);
    connect(session_, &EditingSession::opened, recentFiles_, &RecentFiles::add);
    connect(session_, &EditingSession::failed, this, &MainWindow::reportError);
    connect(session_, &EditingSession::status, statusBar_, &QStatusBar::showMessage);
    connectCurrents();
    JobTracker* jobs = session_->jobs();
    connect(jobs, &JobTracker::started, statusBar_, &panels::EditorStatusBar::jobStarted);
    connect(jobs, &JobTracker::progress, statusBar_, &panels::EditorStatusBar::jobProgress);
    connect(jobs, &JobTracker::idle, statusBar_, &panels::EditorStatusBar::jobsIdle);
}

void MainWindow::connectCurrents()
{
    connect(session_, &EditingSession::currentsStarted, currentsDock_, [this](int maxIterations) { currentsDock_->setSolving(true, maxIterations); });
    connect(session_, &EditingSession::currentsProgress, currentsDock_, &panels::CurrentsDock::showProgress);
    connect(session_, &EditingSession::currentsFinished, this, &MainWindow::currentsFinished);
    connect(document(), &MapDocument::currentsChanged, this, [this] { showCurrentArrows(false); });
}

void MainWindow::currentsFinished(const CurrentsOutcome& outcome)
{
    currentsDock_->setSolving(false);
    if (outcome.ok()) {
        currentsDock_->showReport(outcome.report, outcome.seconds);
        statusBar_->showMessage(tr("Currents solved: fastest %1 m/s (View › Currents shows them)").arg(outcome.report.maxSpeed, 0, 'f', 3), 8000);
    } else if (outcome.cancelled) {
        currentsDock_->showMessage(tr("Cancelled after %n iteration(s); the map keeps the currents it had", nullptr, outcome.report.iterations));
    } else {
        currentsDock_->showMessage(tr("Failed: %1").arg(QString::fromStdString(outcome.error)));
    }
}

// The arrows follow the document's currents (changed by a solve, Clear, undo and redo, or a new
// map), laid on the newest water drawn. `announce`: the user toggled the view, so a map without
// currents says so.
void MainWindow::showCurrentArrows(bool announce)
{
    currentsDock_->setHasCurrents(document()->hasCurrents());
    const bool on = action("showCurrents")->isChecked();
    if (!on || !document()->hasCurrents()) {
        viewport_->setCurrentArrows({});
        currentsDock_->showArrowScale(QString());
        if (on && announce) statusBar_->showMessage(tr("This map has no currents yet: solve them in the Currents dock (View › Currents dock)"), 10000);
        return;
    }
    const MapState& stored = document()->map().state;
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
    currentsDock_->showArrowScale(scale);
    if (announce) statusBar_->showMessage(tr("Currents: %1").arg(scale), 10000);
}

// Asking the OpenCL runtime for its devices can take a second (PoCL's first start): the dock lists
// the CPU at once and the devices when they are known.
void MainWindow::listDevicesInBackground()
{
    using Found = std::pair<std::vector<opencl::DeviceInfo>, std::string>; // the devices, or why there are none
    session_->jobs()->run<Found>(
        tr("Looking for OpenCL devices…"),
        [] {
            Found found;
            found.first = opencl::listDevices(&found.second);
            return found;
        },
        [this](Found found) {
            openclDevices_ = QStringList();
            for (const opencl::DeviceInfo& device : found.first)
                openclDevices_->append(QString::fromStdString(device.name + " (" + device.platform + ", " + device.type + ")"));
            simulationDock_->setDevices(found.first, QString::fromStdString(found.second));
        });
}

// Called on the view timer: the newest state goes to the view, its figures to the docks. Out of
// memory on the way (the view's arrays, a copy for the river network), the simulation pauses with
// a word why instead of ending the editor from the event loop.
void MainWindow::refreshFromSnapshot()
{
    try {
        showNewestSnapshot();
    } catch (const std::bad_alloc&) {
        pauseForViewMemory();
    }
}

void MainWindow::pauseForViewMemory()
{
    runner()->pause();
    statusBar_->showMessage(tr("Not enough memory to draw the newest water; the simulation is paused"), 15000);
}

void MainWindow::showNewestSnapshot()
{
    if (session_->isGenerating()) generatorDock_->setProgress(session_->generationProgress());
    statisticsDock_->showFramesPerSecond(viewport_->framesPerSecond());
    if (particlesBar_->isOn() && viewport_->waterState()) viewport_->setParticleStreaks(particlesBar_->tick(*viewport_->waterState()));
    if (viewport_->preparingWater()) return; // the newest is taken when the view can draw it
    const auto snapshot = runner()->takeSnapshot();
    if (!snapshot || snapshot->mapId != currentMapId()) return;
    viewport_->setWaterState(snapshot->state);
    // While erosion runs the terrain follows the simulation; the document catches up when the
    // period ends (its command), so a paused snapshot is not followed (it may lag a terrain edit).
    if (snapshot->playing && snapshot->params.erosion.enabled) viewport_->followBed(snapshot->state->bed);
    statisticsDock_->erosionLegend()->setScale(viewport_->depositionScale());
    // Jumping through the history would undo terrain the running erosion is changing (as Edit ›
    // Undo would): the list waits for the pause like the Undo action.
    undoHistoryDock_->setHistoryLocked(document()->isErosionRunning());
    riverNetwork_->offer(snapshot->state, document()->map().boundary, snapshot->mapId);
    statusBar_->showState(snapshot->state);
    statisticsDock_->showDiagnostics(snapshot->diagnostics, snapshot->stepsPerSecond);
    statisticsDock_->showSpeeds(*snapshot->state);
    simulationDock_->setSolverState(snapshot->params, snapshot->diagnostics);
    session_->simulationReached(snapshot->diagnostics.steps);
}

// The session's presenter: the view takes a new map before the document does. Refused (the view
// then shows the map in place again) when the memory left cannot hold its meshes and textures:
// an estimate first, then the allocations themselves; a std::bad_alloc must not leave here, as it
// would end the editor (std::terminate) from the event loop.
QString MainWindow::presentMap(const Map& map)
{
    const Lattice& lattice = map.state.lattice;
    const QString size = QString("%1×%2").arg(lattice.width()).arg(lattice.height());
    const std::string refusal = MemoryBudget::refusal(EditingSession::viewBytes(lattice, map.params.model), "showing this " + size.toStdString() + " map");
    if (!refusal.empty()) return QString::fromStdString(refusal);
    try {
        viewport_->setMap(map);
        return {};
    } catch (const std::bad_alloc&) {
        // What the view holds now may be half the new map's: the map in place again.
        if (currentMapId() != 0) {
            try {
                viewport_->setMap(document()->map());
            } catch (const std::bad_alloc&) {
                statusBar_->showMessage(tr("Not enough memory to redraw the map; the view may be out of date"));
            }
        }
        return tr("Not enough memory to show this %1 map").arg(size);
    }
}

// A new map in the session (generated, opened, imported, restored, or a lattice swapped by undo),
// in the view already (presentMap).
void MainWindow::showLoadedMap()
{
    const Map& map = document()->map();
    const auto drawn = viewport_->waterState(); // the view's copy: a large map is not copied again
    statusBar_->showState(drawn && drawn->lattice == map.state.lattice ? drawn : std::make_shared<const MapState>(map.state));
    particlesBar_->restart();
    riverNetwork_->mapChanged(currentMapId());
    if (riverNetwork_->enabled()) showRiverNetwork(true);
    simulationDock_->setLattice(map.state.lattice);
    simulationDock_->setParams(map.params);
    simulationDock_->showMessage(QString(), false);
    generatorDock_->showMapSettings(map.generatorSettings);
    statisticsDock_->clearHistory();
    boundaryDock_->setBoundary(map.state.lattice, map.boundary);
    toolManager_->mapReplaced();
    if (!session_->isSolvingCurrents()) currentsDock_->showMessage(QString()); // the last result was another map's
    showCurrentArrows(false);
    updateTitle();
    emit mapLoaded();
}

void MainWindow::updateTitle()
{
    setWindowTitle(QString("%1[*] — Riverbed").arg(document()->displayName()));
    setWindowModified(document()->isModified());
}

void MainWindow::togglePlaying()
{
    if (runner()->isPlaying()) runner()->pause();
    else {
        simulationDock_->showMessage(QString(), false);
        runner()->play();
    }
}

void MainWindow::resetWater()
{
    session_->resetWater();
    viewport_->followBed(document()->map().state.bed); // erosion not yet a command goes with the water
    statisticsDock_->clearHistory();
}

void MainWindow::reportError(const QString& title, const QString& message)
{
    statusBar_->showMessage(message, 10000);
    prompts_.showError(this, title, message);
}

bool MainWindow::isBusy() const
{
    return session_->isBusy();
}

// ---- unsaved changes, closing, recovery --------------------------------------------------

void MainWindow::whenSafeToDiscard(const QString& action, std::function<void()> proceed)
{
    session_->catchUpWithRunner();
    if (!document()->isModified()) return proceed();
    switch (prompts_.askUnsaved(this, document()->displayName(), action)) {
    case UserPrompts::Unsaved::Save:
        save(std::move(proceed));
        return;
    case UserPrompts::Unsaved::Discard:
        proceed();
        return;
    case UserPrompts::Unsaved::Cancel:
        return;
    }
}

// A close first lets the session's jobs finish (a save completes, a generation is cancelled), then
// asks about unsaved changes. Closed again afterwards, never from in here: a close() inside
// closeEvent is ignored by Qt (the window is already closing).
void MainWindow::closeEvent(QCloseEvent* event)
{
    if (session_->isBusy()) {
        event->ignore();
        session_->cancelGeneration();
        session_->cancelCurrents();
        if (!closeWhenIdle_) {
            closeWhenIdle_ = true;
            statusBar_->showMessage(tr("Closing when this is done: %1").arg(session_->jobs()->descriptions().join(", ")));
            connect(session_->jobs(), &JobTracker::idle, this, [this] {
                closeWhenIdle_ = false;
                QMetaObject::invokeMethod(this, [this] { close(); }, Qt::QueuedConnection);
            }, Qt::SingleShotConnection);
        }
        return;
    }
    session_->catchUpWithRunner();
    if (!closeApproved_ && document()->isModified()) {
        event->ignore();
        whenSafeToDiscard(tr("quit"), [this] {
            closeApproved_ = true;
            QMetaObject::invokeMethod(this, [this] { close(); }, Qt::QueuedConnection);
        });
        return;
    }
    runner()->pause();
    QSettings settings;
    settings.setValue("window/geometry", saveGeometry());
    settings.setValue("window/state", saveState());
    event->accept();
}

void MainWindow::offerRecovery()
{
    if (!prompts_.askRecovery) return;
    for (const RecoveryEntry& orphan : session_->recoveryFiles().orphans()) {
        switch (prompts_.askRecovery(this, orphan)) {
        case UserPrompts::Recovery::Restore:
            return session_->restore(orphan);
        case UserPrompts::Recovery::Discard:
            RecoveryFiles::discard(orphan);
            break;
        case UserPrompts::Recovery::Keep:
            return;
        }
    }
}

// ---- File menu -------------------------------------------------------------------------------

void MainWindow::generate(const gen::GeneratorSettings& settings)
{
    if (session_->isGenerating()) return;
    whenSafeToDiscard(tr("generate a new map"), [this, settings] {
        generatorDock_->setBusy(true);
        generatorDock_->setProgress(0);
        session_->generate(settings);
    });
}

void MainWindow::cancelGeneration()
{
    session_->cancelGeneration();
}

void MainWindow::openDialog()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Open map"), QString(), tr("Riverbed maps (*.rbmap)"));
    if (!path.isEmpty()) openFile(path);
}

void MainWindow::openFile(const QString& path)
{
    whenSafeToDiscard(tr("open another map"), [this, path] { session_->open(path); });
}

void MainWindow::save(std::function<void()> onSuccess)
{
    if (document()->fileName().isEmpty()) return saveAsDialog(std::move(onSuccess));
    session_->saveAs(document()->fileName(), std::move(onSuccess));
}

void MainWindow::saveAsDialog(std::function<void()> onSuccess)
{
    QString path = QFileDialog::getSaveFileName(this, tr("Save map"), document()->fileName(), tr("Riverbed maps (*.rbmap)"));
    if (path.isEmpty()) return;
    if (QFileInfo(path).suffix().isEmpty()) path += ".rbmap";
    session_->saveAs(path, std::move(onSuccess));
}

void MainWindow::saveAs(const QString& path)
{
    session_->saveAs(path);
}

void MainWindow::importDialog()
{
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Import heightmap"), QString(),
        tr("Heightmaps (*.png *.npy *.exr *.r16 *.raw *.tif *.tiff *.hgt *.asc *.dem *.img);;All files (*)"));
    if (!path.isEmpty()) showImportDialog(path);
}

// Window-modal and non-blocking (open, not exec): the file is read in the background meanwhile,
// and tests drive the dialog like a user. Import replaces the map (after the unsaved-changes
// question); Cancel leaves everything as it was.
ImportHeightmapDialog* MainWindow::showImportDialog(const QString& path)
{
    auto* dialog = new ImportHeightmapDialog(path, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, path, dialog] {
        whenSafeToDiscard(tr("import a heightmap"), [this, path, options = dialog->options()] { session_->importHeightmap(path, options); });
    });
    dialog->open();
    return dialog;
}

// ---- Help menu -------------------------------------------------------------------------------
// Non-modal, one at a time each: the guide can stay open beside the map.

UserGuideDialog* MainWindow::showUserGuide()
{
    auto* dialog = findChild<UserGuideDialog*>();
    if (!dialog) {
        dialog = new UserGuideDialog(this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
    }
    dialog->show();
    dialog->raise();
    return dialog;
}

ShortcutsDialog* MainWindow::showShortcuts()
{
    delete findChild<ShortcutsDialog*>(); // rebuilt: the keys are read from the actions as they are now
    auto* dialog = new ShortcutsDialog(findChildren<QAction*>(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
    return dialog;
}

AboutDialog* MainWindow::showAbout()
{
    delete findChild<AboutDialog*>();
    auto* dialog = new AboutDialog(AboutFacts{solverName_, openclDevices_}, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
    return dialog;
}

void MainWindow::exportDialog(int layerIndex)
{
    QStringList patterns;
    for (const io::RasterFormat& format : io::rasterFormats())
        patterns << QString("%1 (*.%2)").arg(format.description, format.extension);
    const QString path = QFileDialog::getSaveFileName(this, tr("Export layer"), QString(), patterns.join(";;"));
    if (!path.isEmpty()) session_->exportLayer(static_cast<io::Layer>(layerIndex), path);
}

void MainWindow::engineExportDialog()
{
    EngineExportDialog dialog(document()->map().state.lattice, document()->displayName(), this);
    if (dialog.exec() == QDialog::Accepted) exportForEngine(dialog.request());
}

void MainWindow::exportForEngine(const io::EngineExportRequest& request)
{
    session_->exportForEngine(request);
}

// The report lists the files and the settings the engine's importer needs (Z scale, height range).
void MainWindow::showEngineExport(const io::EngineExportResult& result)
{
    if (result.ok()) {
        statusBar_->showMessage(tr("Exported %n file(s)", nullptr, static_cast<int>(result.files.size())), 5000);
        if (prompts_.showReport) {
            const QString settings = io::engineSettingsText(result);
            prompts_.showReport(this, tr("Export for game engine"),
                                tr("Wrote:\n%1%2").arg(result.files.join('\n'),
                                                      settings.isEmpty() ? QString() : tr("\n\nImport settings:\n%1").arg(settings)));
        }
    }
    emit engineExportFinished(result.ok(), result.files);
}

void MainWindow::engineBundleDialog()
{
    EngineBundleDialog dialog(document()->map().state.lattice, document()->displayName(), this);
    if (dialog.exec() == QDialog::Accepted) exportBundle(dialog.request());
}

void MainWindow::exportBundle(const io::EngineBundleRequest& request)
{
    session_->exportBundle(request);
}

// A failure was reported by the session (its message names the file); success names the folder.
void MainWindow::showBundleExport(const io::EngineBundleResult& result)
{
    if (result.ok()) {
        const QString folder = result.files.isEmpty() ? QString() : QFileInfo(result.files.last()).absolutePath();
        statusBar_->showMessage(tr("Wrote the bundle to %1 (%n file(s))", nullptr, static_cast<int>(result.files.size())).arg(folder), 5000);
        if (prompts_.showReport)
            prompts_.showReport(this, tr("Export engine bundle"),
                                tr("Wrote %1 with manifest.json (the engine's import settings for every file):\n%2")
                                    .arg(folder, result.files.join('\n')));
    }
    emit bundleExportFinished(result.ok(), result.files);
}

} // namespace rb::editor
