#include "editor/MainWindow.h"

#include "document/JobTracker.h"
#include "document/MapDocument.h"
#include "document/SimulationRunner.h"
#include "session/EditingSession.h"
#include "editor/FileActions.h"
#include "editor/FramePacer.h"
#include "editor/HelpActions.h"
#include "editor/MakeAction.h"
#include "editor/SimulationActions.h"
#include "editor/UndoActions.h"
#include "editor/ViewToggles.h"
#include "model/MemoryBudget.h"
#include "panels/BoundaryDock.h"
#include "panels/CurrentsDock.h"
#include "panels/EditorStatusBar.h"
#include "panels/ErosionLegend.h"
#include "panels/GeneratorDock.h"
#include "panels/SimulationDock.h"
#include "panels/StatisticsDock.h"
#include "panels/ToolOptionsBar.h"
#include "panels/UndoHistoryDock.h"
#include "tools/AbstractTool.h"
#include "tools/EditorTools.h"
#include "tools/ToolManager.h"
#include "view/Viewport.h"

#include <QAction>
#include <QActionGroup>
#include <QCloseEvent>
#include <QMenuBar>
#include <QSettings>
#include <QToolBar>

#include <new>

namespace rb::editor {

namespace {

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
    simulationActions_ = new SimulationActions(this, session_, viewport_, simulationDock_, statisticsDock_, statusBar_);
    viewToggles_ = new ViewToggles(this, session_, viewport_, statisticsDock_, currentsDock_, statusBar_);
    fileActions_ = new FileActions(this, session_, &prompts_, statusBar_);
    helpActions_ = new HelpActions(this);
    createTools();
    createMenus();
    connectDocument();
    connect(simulationActions_, &SimulationActions::failed, this, &MainWindow::reportError);
    connect(runner(), &SimulationRunner::solverReady, helpActions_, &HelpActions::setSolverName);
    connectSession();
    session_->setMapPresenter([this](const Map& map) { return presentMap(map); });

    framePacer_ = new FramePacer(options_.viewRefreshMs, [this] { refreshFromSnapshot(); }, this);
    // The solver's calls last about a frame: spread over more steps, and no picture waits for one.
    runner()->setCallBudgetMs(framePacer_->intervalMs());
    connect(framePacer_, &FramePacer::intervalChanged, runner(), &SimulationRunner::setCallBudgetMs);
    connect(viewport_, &view::Viewport::waterOutOfMemory, this, [this] { pauseForViewMemory(); });
    connect(viewport_, &view::Viewport::waterShown, framePacer_, &FramePacer::addCost);
    // On a software renderer a picture costs the simulation's cores per pixel: fewer while it plays.
    connect(runner(), &SimulationRunner::playingChanged, viewport_,
            [this](bool playing) { viewport_->setReducedResolution(playing && framePacer_->softwareRenderer()); });

    if (options_.restoreLayout) {
        restoreState(QSettings().value("window/state").toByteArray()); // main() restores the geometry
    }
    if (options_.startPlaying)
        connect(session_, &EditingSession::mapLoaded, runner(), &SimulationRunner::play, Qt::SingleShotConnection);
    connect(simulationActions_, &SimulationActions::devicesFound, helpActions_, &HelpActions::setOpenClDevices);
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
    auto* frame = makeAction(this, "frameMap", tr("Frame map"), Qt::Key_F, tr("Fit the whole map into the view"));
    connect(frame, &QAction::triggered, viewport_, &view::Viewport::frameMap);
    // Shift+T: T alone is the Flatten tool's key (the View menu's toggles are all Shift+letter).
    auto* top = makeAction(this, "topView", tr("Top view"), QKeySequence(Qt::SHIFT | Qt::Key_T), tr("Look straight down on the map, north up"));
    connect(top, &QAction::triggered, viewport_, &view::Viewport::topView);
    auto* newMap = makeAction(this, "new", tr("&New"), QKeySequence::New, tr("Generate a new map with the Generator dock's settings"));
    connect(newMap, &QAction::triggered, this, [this] {
        generatorDock_->show();
        generate(generatorDock_->settings());
    });
    connect(makeAction(this, "quit", tr("&Quit"), QKeySequence::Quit, tr("Close the editor")), &QAction::triggered, this, &QWidget::close);
}

void MainWindow::createMenus()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->setToolTipsVisible(true);
    file->addAction(action("new"));
    fileActions_->fillMenu(file);
    file->addSeparator();
    file->addAction(action("quit"));
    undoActions_ = new UndoActions(this, document(), toolManager_, statusBar_);
    undoActions_->fillMenu(menuBar()->addMenu(tr("&Edit")));

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

    helpActions_->fillMenu(menuBar()->addMenu(tr("&Help")));
}

void MainWindow::createDocks()
{
    simulationDock_ = new panels::SimulationDock(this);
    generatorDock_ = new panels::GeneratorDock(this);
    statisticsDock_ = new panels::StatisticsDock(this);
    addDockWidget(Qt::RightDockWidgetArea, simulationDock_);
    addDockWidget(Qt::RightDockWidgetArea, statisticsDock_);
    addDockWidget(Qt::LeftDockWidgetArea, generatorDock_);

    connect(simulationDock_, &panels::SimulationDock::paramsEdited, session_, &EditingSession::editParams);
    connect(simulationDock_, &panels::SimulationDock::flowModelChosen, session_, &EditingSession::chooseFlowModel);
    connect(simulationDock_, &panels::SimulationDock::backendChosen, session_, &EditingSession::setBackend);
    connect(simulationDock_, &panels::SimulationDock::latticeChosen, session_, &EditingSession::changeLattice);
    boundaryDock_ = new panels::BoundaryDock(this);
    undoHistoryDock_ = new panels::UndoHistoryDock(document()->undoStack(), this);
    // Tabbed with the docks already there, so the window's minimum size does not grow.
    tabifyDockWidget(generatorDock_, boundaryDock_);
    tabifyDockWidget(statisticsDock_, undoHistoryDock_);
    generatorDock_->raise();
    statisticsDock_->raise();
    connect(boundaryDock_, &panels::BoundaryDock::boundaryEdited, session_, &EditingSession::editBoundary);
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

void MainWindow::connectSession()
{
    connect(session_, &EditingSession::mapLoaded, this, &MainWindow::showLoadedMap);
    connect(session_, &EditingSession::generationFinished, this, [this](bool ok) {
        generatorDock_->setBusy(false);
        generatorDock_->setProgress(ok ? 100 : 0);
        emit generationFinished(ok);
    });
    connect(session_, &EditingSession::saveFinished, this, &MainWindow::saveFinished);
    connect(fileActions_, &FileActions::engineExportFinished, this, &MainWindow::engineExportFinished);
    connect(fileActions_, &FileActions::bundleExportFinished, this, &MainWindow::bundleExportFinished);
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
    connect(session_, &EditingSession::currentsFinished, currentsDock_, &panels::CurrentsDock::showOutcome);
    connect(session_, &EditingSession::currentsFinished, this, [this](const CurrentsOutcome& outcome) {
        if (outcome.ok()) statusBar_->showMessage(tr("Currents solved: fastest %1 m/s (View › Currents shows them)").arg(outcome.report.maxSpeed, 0, 'f', 3), 8000);
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
    viewToggles_->tick();
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
    viewToggles_->snapshotShown(*snapshot);
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
    simulationDock_->setLattice(map.state.lattice);
    simulationDock_->setParams(map.params);
    simulationDock_->showMessage(QString(), false);
    generatorDock_->showMapSettings(map.generatorSettings);
    statisticsDock_->clearHistory();
    boundaryDock_->setBoundary(map.state.lattice, map.boundary);
    toolManager_->mapReplaced();
    if (!session_->isSolvingCurrents()) currentsDock_->showMessage(QString()); // the last result was another map's
    viewToggles_->mapLoaded();
    updateTitle();
    emit mapLoaded();
}

void MainWindow::updateTitle()
{
    setWindowTitle(QString("%1[*] — Riverbed").arg(document()->displayName()));
    setWindowModified(document()->isModified());
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
        fileActions_->whenSafeToDiscard(tr("quit"), [this] {
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
    fileActions_->offerRecovery();
}

void MainWindow::generate(const gen::GeneratorSettings& settings)
{
    if (session_->isGenerating()) return;
    fileActions_->whenSafeToDiscard(tr("generate a new map"), [this, settings] {
        generatorDock_->setBusy(true);
        generatorDock_->setProgress(0);
        session_->generate(settings);
    });
}

void MainWindow::cancelGeneration()
{
    session_->cancelGeneration();
}

void MainWindow::openFile(const QString& path)
{
    fileActions_->openFile(path);
}

void MainWindow::saveAs(const QString& path)
{
    session_->saveAs(path);
}

void MainWindow::exportForEngine(const io::EngineExportRequest& request)
{
    session_->exportForEngine(request);
}

void MainWindow::exportBundle(const io::EngineBundleRequest& request)
{
    session_->exportBundle(request);
}

ImportHeightmapDialog* MainWindow::showImportDialog(const QString& path)
{
    return fileActions_->showImportDialog(path);
}

UserGuideDialog* MainWindow::showUserGuide()
{
    return helpActions_->showUserGuide();
}

ShortcutsDialog* MainWindow::showShortcuts()
{
    return helpActions_->showShortcuts();
}

AboutDialog* MainWindow::showAbout()
{
    return helpActions_->showAbout();
}

} // namespace rb::editor
