#include "editor/MainWindow.h"

#include "commands/SetBoundaryCommand.h"
#include "commands/SetFlowModelCommand.h"
#include "commands/SetSimParamsCommand.h"
#include "dialogs/EngineExportDialog.h"
#include "editor/LatticeConversion.h"
#include "editor/MapDocument.h"
#include "editor/SimulationRunner.h"
#include "generator/TerrainGenerator.h"
#include "io/LayerExport.h"
#include "io/MapFile.h"
#include "io/MapImport.h"
#include "io/RasterWriter.h"
#include "panels/BoundaryDock.h"
#include "panels/GeneratorDock.h"
#include "panels/SimulationDock.h"
#include "panels/StatisticsDock.h"
#include "panels/ToolOptionsBar.h"
#include "panels/UndoHistoryDock.h"
#include "tools/AbstractTool.h"
#include "tools/AddWaterTool.h"
#include "tools/BoundaryTool.h"
#include "tools/DigChannelTool.h"
#include "tools/FlattenTerrainTool.h"
#include "tools/LowerTerrainTool.h"
#include "tools/NavigateTool.h"
#include "tools/RaiseTerrainTool.h"
#include "tools/RemoveWaterTool.h"
#include "tools/SetHeightTool.h"
#include "tools/SmoothTerrainTool.h"
#include "tools/SourceTool.h"
#include "tools/ToolManager.h"
#include "view/FlowSpeed.h"
#include "view/Viewport.h"

#include <QAction>
#include <QActionGroup>
#include <QCloseEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QLabel>
#include <QMenuBar>
#include <QProgressBar>
#include <QSettings>
#include <QStatusBar>
#include <QTimer>
#include <QToolBar>
#include <QtConcurrent/QtConcurrentRun>

namespace rb::editor {

namespace {

constexpr int kMaxRecentFiles = 8;

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

// Runs `work` on the thread pool and hands its result to `done` on the GUI thread.
template <typename Result, typename Work, typename Done>
void runInBackground(QObject* context, Work work, Done done)
{
    auto* watcher = new QFutureWatcher<Result>(context);
    QObject::connect(watcher, &QFutureWatcher<Result>::finished, context, [watcher, done] {
        done(watcher->result());
        watcher->deleteLater();
    });
    watcher->setFuture(QtConcurrent::run(std::move(work)));
}

gen::GeneratorSettings startSettings(const EditorOptions& options)
{
    gen::GeneratorSettings settings(gen::Preset::Island);
    settings.common.width = options.startSize;
    settings.common.height = options.startSize;
    settings.common.seed = options.startSeed;
    settings.common.cellSize = options.startCellSize;
    return settings;
}

} // namespace

MainWindow::MainWindow(const EditorOptions& options, QWidget* parent) : QMainWindow(parent), options_(options)
{
    document_ = new MapDocument(this);
    runner_ = new SimulationRunner(this);
    viewport_ = new view::Viewport(this);
    setCentralWidget(viewport_);
    createActions();
    createDocks();
    createTools();
    createMenus();
    cellReadout_ = new QLabel(this);
    cellReadout_->setObjectName("cellReadout");
    cellReadout_->setToolTip(tr("The cell under the cursor: position, bed, water depth, water surface and speed"));
    backendLabel_ = new QLabel(this);
    backendLabel_->setToolTip(tr("The solver running the simulation"));
    busyBar_ = new QProgressBar(this);
    busyBar_->setObjectName("busyBar");
    busyBar_->setRange(0, 0); // busy without a measure; saving shows its percentage
    busyBar_->setMaximumWidth(120);
    busyBar_->setVisible(false);
    statusBar()->addPermanentWidget(cellReadout_);
    statusBar()->addPermanentWidget(busyBar_);
    statusBar()->addPermanentWidget(backendLabel_);
    connectDocument();
    connectRunner();

    refreshTimer_ = new QTimer(this);
    connect(refreshTimer_, &QTimer::timeout, this, [this] { refreshFromSnapshot(); });
    refreshTimer_->start(options_.viewRefreshMs);

    if (options_.restoreLayout) {
        restoreState(QSettings().value("window/state").toByteArray()); // main() restores the geometry
    }
    const gen::GeneratorSettings start = startSettings(options_);
    generatorDock_->setSettings(start);
    gen::GenerationResult island = gen::generateMap(start); // a few tens of ms at the start size
    if (island.ok()) loadIntoEditor(std::move(island.map), QString(), false);
    else reportError(tr("Start-up map"), QString::fromStdString(island.error));
}

MainWindow::~MainWindow()
{
    cancelGeneration_ = true;
    if (generation_) generation_->waitForFinished(); // its callbacks point at this window
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
    connect(step, &QAction::triggered, this, [this] { runner_->step(1); });
    auto* reset = makeAction(this, "resetWater", tr("Reset water"), QKeySequence(Qt::CTRL | Qt::Key_R),
                             tr("Put the water back as it was when the map was generated or opened"));
    connect(reset, &QAction::triggered, this, [this] { resetWater(); });
    auto* frame = makeAction(this, "frameMap", tr("Frame map"), Qt::Key_F, tr("Fit the whole map into the view"));
    connect(frame, &QAction::triggered, viewport_, &view::Viewport::frameMap);
    auto* bySpeed = makeAction(this, "colourBySpeed", tr("Colour water by speed"), QKeySequence(),
                               tr("Colour the water by flow speed instead of depth"));
    bySpeed->setCheckable(true);
    connect(bySpeed, &QAction::toggled, this, [this](bool on) {
        viewport_->setWaterColouring(on ? view::WaterColouring::Speed : view::WaterColouring::Depth);
        runner_->setFlowsEveryFrame(on);
    });

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
    connect(makeAction(this, "save", tr("&Save"), QKeySequence::Save, tr("Save the map with its water and parameters")),
            &QAction::triggered, this, [this] { save(); });
    connect(makeAction(this, "saveAs", tr("Save &As…"), QKeySequence::SaveAs, tr("Save the map under a new name")),
            &QAction::triggered, this, [this] { saveAsDialog(); });
    connect(makeAction(this, "importHeightmap", tr("&Import heightmap…"), QKeySequence(), tr("Make a map from a PNG or .npy heightmap")),
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
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->setToolTipsVisible(true);
    file->addActions({action("new"), action("open")});
    recentMenu_ = file->addMenu(tr("Recent files"));
    rebuildRecentMenu();
    file->addActions({action("save"), action("saveAs")});
    file->addSeparator();
    file->addAction(action("importHeightmap"));
    QMenu* exportMenu = file->addMenu(tr("&Export"));
    exportMenu->setToolTipsVisible(true);
    exportMenu->addAction(action("exportEngine"));
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

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    QUndoStack* stack = document_->undoStack();
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
        if (toolManager_->isBusy()) return statusBar()->showMessage(tr("Finish the stroke first (release the button or press Esc)"), 5000);
        (document_->undoStack()->*step)();
    };
    connect(undo, &QAction::triggered, this, [unlessBusy] { unlessBusy(&QUndoStack::undo); });
    connect(redo, &QAction::triggered, this, [unlessBusy] { unlessBusy(&QUndoStack::redo); });
    edit->addActions({undo, redo});

    QMenu* toolsMenu = menuBar()->addMenu(tr("&Tools"));
    toolsMenu->setToolTipsVisible(true);
    toolsMenu->addActions(toolManager_->actions()->actions());
    toolsMenu->addSeparator();
    toolsMenu->addActions({toolManager_->smallerAction(), toolManager_->largerAction()});

    QMenu* simulation = menuBar()->addMenu(tr("&Simulation"));
    simulation->addActions({action("playPause"), action("step"), action("resetWater")});

    QMenu* viewMenu = menuBar()->addMenu(tr("&View"));
    viewMenu->addActions({action("frameMap"), action("colourBySpeed")});
    viewMenu->addSeparator();
    for (QDockWidget* dock :
         std::initializer_list<QDockWidget*>{simulationDock_, generatorDock_, statisticsDock_, boundaryDock_, undoHistoryDock_})
        viewMenu->addAction(dock->toggleViewAction());
    viewMenu->addAction(toolBar_->toggleViewAction());
    viewMenu->addAction(toolOptionsBar_->toggleViewAction());
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
        document_->undoStack()->push(new commands::SetSimParamsCommand(document_, document_->map().params, params, field));
    });
    connect(simulationDock_, &panels::SimulationDock::flowModelChosen, this, [this](FlowModel model) {
        document_->undoStack()->push(new commands::SetFlowModelCommand(document_, document_->map().params.model, model));
    });
    connect(simulationDock_, &panels::SimulationDock::backendChosen, this,
            [this](const QString& backend) { runner_->setBackend(backend.toStdString()); });
    connect(simulationDock_, &panels::SimulationDock::latticeChosen, this, [this](LatticeKind kind) { changeLattice(kind); });
    boundaryDock_ = new panels::BoundaryDock(this);
    undoHistoryDock_ = new panels::UndoHistoryDock(document_->undoStack(), this);
    // Tabbed with the docks already there, so the window's minimum size does not grow.
    tabifyDockWidget(generatorDock_, boundaryDock_);
    tabifyDockWidget(statisticsDock_, undoHistoryDock_);
    generatorDock_->raise();
    statisticsDock_->raise();
    connect(boundaryDock_, &panels::BoundaryDock::boundaryEdited, this,
            [this](const std::vector<BoundarySegment>& segments, const QString& description, const QString& mergeKey) {
                document_->undoStack()->push(
                    new commands::SetBoundaryCommand(document_, document_->map().boundary, segments, description, mergeKey));
            });
    connect(generatorDock_, &panels::GeneratorDock::generateRequested, this, &MainWindow::generate);
    connect(generatorDock_, &panels::GeneratorDock::cancelRequested, this, &MainWindow::cancelGeneration);
}

// The tools, a toolbar to pick them (each with its shortcut in the tooltip) and the options bar
// that shows the active one's settings. The status bar shows what the active tool does.
void MainWindow::createTools()
{
    tools::ToolContext context;
    context.document = document_;
    context.viewport = viewport_;
    context.showStatus = [this](const QString& text) { statusBar()->showMessage(text, 10000); };
    toolManager_ = new tools::ToolManager(context, this);
    toolManager_->addTool(new tools::NavigateTool(context));
    toolManager_->addTool(new tools::RaiseTerrainTool(context));
    toolManager_->addTool(new tools::LowerTerrainTool(context));
    toolManager_->addTool(new tools::DigChannelTool(context));
    toolManager_->addTool(new tools::SmoothTerrainTool(context));
    toolManager_->addTool(new tools::FlattenTerrainTool(context));
    toolManager_->addTool(new tools::SetHeightTool(context));
    toolManager_->addTool(new tools::AddWaterTool(context));
    toolManager_->addTool(new tools::RemoveWaterTool(context));
    toolManager_->addTool(new tools::SourceTool(context));
    toolManager_->addTool(new tools::BoundaryTool(context));
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
        statusBar()->showMessage(tool->statusHint());
    });
}

void MainWindow::connectDocument()
{
    // Edits reach the running simulation (between two steps, without pausing) and the view.
    document_->setWaterEditor([this](const CellRegion& rect, MapDocument::DepthEdit edit) { runner_->editDepth(rect, std::move(edit)); });
    connect(document_, &MapDocument::bedChanged, this, [this](const CellRegion& rect) {
        runner_->setBed(rect, document_->bedIn(rect));
        viewport_->updateBed(document_->map().state.bed, rect);
    });
    connect(document_, &MapDocument::boundaryChanged, this, [this](const std::vector<BoundarySegment>& segments) {
        runner_->setBoundary(segments);
        boundaryDock_->setBoundary(document_->map().state.lattice, segments);
    });
    connect(document_, &MapDocument::sourcesChanged, this,
            [this](const std::vector<PointSource>& sources) { runner_->setSources(sources); });
    connect(document_, &MapDocument::paramsChanged, this, [this](const SimParams& params) {
        runner_->setParams(params);
        simulationDock_->setParams(params);
    });
    connect(document_, &MapDocument::modifiedChanged, this, [this] { updateTitle(); });
    connect(document_, &MapDocument::fileNameChanged, this, [this] { updateTitle(); });
    connect(viewport_, &view::Viewport::cellHovered, this, &MainWindow::showCell);
    connect(viewport_, &view::Viewport::hoverLeft, this, [this] {
        hoveredCell_.reset();
        cellReadout_->clear();
    });
}

void MainWindow::connectRunner()
{
    connect(runner_, &SimulationRunner::playingChanged, this, [this](bool playing) {
        QAction* play = action("playPause");
        play->setChecked(playing);
        play->setText(playing ? tr("Pause") : tr("Play"));
    });
    connect(runner_, &SimulationRunner::pausedByError, this, [this](const QString& message) {
        simulationDock_->showMessage(tr("Paused: %1").arg(message), true);
        statusBar()->showMessage(tr("Simulation paused: %1").arg(message));
    });
    connect(runner_, &SimulationRunner::requestFailed, this,
            [this](const QString& message) { reportError(tr("Simulation"), message); });
    connect(runner_, &SimulationRunner::solverReady, this, [this](const QString& name, const QString& notice) {
        backendLabel_->setText(name);
        if (!notice.isEmpty()) statusBar()->showMessage(notice.section('\n', 0, 0), 15000);
    });
}

// Called on the view timer: the newest state goes to the view, its figures to the docks.
void MainWindow::refreshFromSnapshot()
{
    if (generation_) generatorDock_->setProgress(generationProgress_.load());
    statisticsDock_->showFramesPerSecond(viewport_->framesPerSecond());
    const auto snapshot = runner_->takeSnapshot();
    if (!snapshot || snapshot->mapId != mapId_) return;
    shownState_ = snapshot->state;
    viewport_->setWaterState(snapshot->state);
    statisticsDock_->showDiagnostics(snapshot->diagnostics, snapshot->stepsPerSecond);
    simulationDock_->setMaxDepth(snapshot->diagnostics.maxDepth);
    if (snapshot->diagnostics.steps != savedSteps_) document_->markWaterChanged();
    if (hoveredCell_ && shownState_->lattice.contains(hoveredCell_->x, hoveredCell_->y))
        cellReadout_->setText(describeCell(*shownState_, *hoveredCell_));
}

void MainWindow::loadIntoEditor(Map map, const QString& fileName, bool modified)
{
    savedSteps_ = map.state.steps;
    shownState_ = std::make_shared<const MapState>(map.state);
    mapId_ = runner_->load(map, simulationDock_->backend().toStdString());
    viewport_->setMap(map);
    simulationDock_->setLattice(map.state.lattice);
    simulationDock_->setParams(map.params);
    simulationDock_->showMessage(QString(), false);
    statisticsDock_->clearHistory();
    document_->replace(std::move(map), fileName, modified);
    boundaryDock_->setBoundary(document_->map().state.lattice, document_->map().boundary);
    toolManager_->mapReplaced();
    updateTitle();
    emit mapLoaded();
}

void MainWindow::updateTitle()
{
    setWindowTitle(QString("%1[*] — Riverbed").arg(document_->displayName()));
    setWindowModified(document_->isModified());
}

QString MainWindow::describeCell(const MapState& state, CellCoord cell)
{
    const float bed = state.bed(cell.x, cell.y), depth = state.depth(cell.x, cell.y);
    return tr("x %1, y %2 · bed %3 m · depth %4 m · surface %5 m · speed %6 m/s")
        .arg(cell.x)
        .arg(cell.y)
        .arg(bed, 0, 'f', 2)
        .arg(depth, 0, 'f', 2)
        .arg(bed + depth, 0, 'f', 2)
        .arg(view::cellSpeed(state, cell.x, cell.y), 0, 'f', 2);
}

void MainWindow::showCell(const view::PickResult& pick)
{
    hoveredCell_ = pick.cell;
    if (shownState_ && shownState_->lattice.contains(pick.cell.x, pick.cell.y))
        cellReadout_->setText(describeCell(*shownState_, pick.cell));
}

void MainWindow::togglePlaying()
{
    if (runner_->isPlaying()) runner_->pause();
    else {
        simulationDock_->showMessage(QString(), false);
        runner_->play();
    }
}

void MainWindow::resetWater()
{
    runner_->resetWater(document_->map());
    statisticsDock_->clearHistory();
    document_->markWaterChanged();
}

void MainWindow::changeLattice(LatticeKind kind)
{
    if (document_->map().state.lattice.kind() == kind) return;
    runner_->requestMap([this, kind](Map current) {
        current.georeference = document_->map().georeference; // the solver holds no georeference
        Map converted = convertLattice(current, kind);
        loadIntoEditor(std::move(converted), document_->fileName(), true);
        statusBar()->showMessage(tr("Map resampled onto the %1 lattice").arg(QString::fromUtf8(latticeKindName(kind).data())), 8000);
    });
}

void MainWindow::reportError(const QString& title, const QString& message)
{
    statusBar()->showMessage(message, 10000);
    prompts_.showError(this, title, message);
}

void MainWindow::setBusyMessage(const QString& text)
{
    busyJobs_ += text.isEmpty() ? -1 : 1;
    busyBar_->setVisible(busyJobs_ > 0);
    if (!text.isEmpty()) statusBar()->showMessage(text);
    else statusBar()->clearMessage();
}

// Saving and exporting large maps take seconds: the bar shows how far the work is.
void MainWindow::showProgress(int percent)
{
    busyBar_->setRange(0, 100);
    busyBar_->setValue(percent);
}

bool MainWindow::isBusy() const
{
    return busyJobs_ > 0 || generation_ != nullptr;
}

// ---- unsaved changes -----------------------------------------------------------------------

void MainWindow::whenSafeToDiscard(const QString& action, std::function<void()> proceed)
{
    if (!document_->isModified()) return proceed();
    switch (prompts_.askUnsaved(this, document_->displayName(), action)) {
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

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (!closeApproved_ && document_->isModified()) {
        event->ignore();
        // Closed again afterwards, not from in here: a close() inside closeEvent is ignored by Qt
        // (the window is already closing), and the ignored event would leave the editor open.
        whenSafeToDiscard(tr("quit"), [this] {
            closeApproved_ = true;
            QMetaObject::invokeMethod(this, [this] { close(); }, Qt::QueuedConnection);
        });
        return;
    }
    runner_->pause();
    QSettings settings;
    settings.setValue("window/geometry", saveGeometry());
    settings.setValue("window/state", saveState());
    event->accept();
}

// ---- generate ------------------------------------------------------------------------------

void MainWindow::generate(const gen::GeneratorSettings& settings)
{
    if (generation_) return;
    whenSafeToDiscard(tr("generate a new map"), [this, settings] {
        cancelGeneration_ = false;
        generationProgress_ = 0;
        generatorDock_->setBusy(true);
        setBusyMessage(tr("Generating…"));
        generation_ = new QFutureWatcher<gen::GenerationResult>(this);
        connect(generation_, &QFutureWatcher<gen::GenerationResult>::finished, this, [this] {
            const gen::GenerationResult result = generation_->result();
            generation_->deleteLater();
            generation_ = nullptr;
            generationDone(result);
        });
        generation_->setFuture(QtConcurrent::run([this, settings] {
            gen::GenerationOptions options;
            options.progress = [this](int percent) { generationProgress_ = percent; };
            options.cancel = &cancelGeneration_;
            return gen::generateMap(settings, options);
        }));
    });
}

void MainWindow::cancelGeneration()
{
    cancelGeneration_ = true;
}

void MainWindow::generationDone(const gen::GenerationResult& result)
{
    generatorDock_->setBusy(false);
    setBusyMessage(QString());
    if (result.status == gen::GenerationStatus::Cancelled) {
        generatorDock_->setProgress(0);
        statusBar()->showMessage(tr("Generation cancelled; the map is unchanged"), 8000);
    } else if (!result.ok()) {
        reportError(tr("Generate"), QString::fromStdString(result.error));
    } else {
        generatorDock_->setProgress(100);
        loadIntoEditor(result.map, QString(), false);
    }
    emit generationFinished(result.ok());
}

// ---- open, save, import, export ------------------------------------------------------------

void MainWindow::openDialog()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Open map"), QString(), tr("Riverbed maps (*.rbmap)"));
    if (!path.isEmpty()) openFile(path);
}

void MainWindow::openFile(const QString& path)
{
    whenSafeToDiscard(tr("open another map"), [this, path] {
        setBusyMessage(tr("Opening %1…").arg(QFileInfo(path).fileName()));
        using Loaded = std::pair<std::optional<Map>, QString>;
        runInBackground<Loaded>(
            this,
            [path] {
                QString error;
                std::optional<Map> map = io::readMapFile(path, &error);
                return Loaded{std::move(map), error};
            },
            [this, path](const Loaded& loaded) {
                setBusyMessage(QString());
                if (!loaded.first) return reportError(tr("Open"), loaded.second);
                loadIntoEditor(*loaded.first, path, false);
                addRecentFile(path);
            });
    });
}

void MainWindow::save(std::function<void()> onSuccess)
{
    if (document_->fileName().isEmpty()) return saveAsDialog(std::move(onSuccess));
    writeMap(document_->fileName(), std::move(onSuccess));
}

void MainWindow::saveAsDialog(std::function<void()> onSuccess)
{
    QString path = QFileDialog::getSaveFileName(this, tr("Save map"), document_->fileName(), tr("Riverbed maps (*.rbmap)"));
    if (path.isEmpty()) return;
    if (QFileInfo(path).suffix().isEmpty()) path += ".rbmap";
    writeMap(path, std::move(onSuccess));
}

void MainWindow::saveAs(const QString& path)
{
    writeMap(path, {});
}

// The runner hands over the whole state at a step boundary; the file is written on the pool.
void MainWindow::writeMap(const QString& path, std::function<void()> onSuccess)
{
    setBusyMessage(tr("Saving %1…").arg(QFileInfo(path).fileName()));
    const std::uint64_t mapId = mapId_;
    runner_->requestMap([this, path, onSuccess, mapId](Map map) {
        map.georeference = document_->map().georeference; // the solver holds no georeference
        const std::int64_t steps = map.state.steps;
        using Written = std::pair<bool, QString>;
        runInBackground<Written>(
            this,
            [this, path, map = std::move(map)] {
                QString error;
                const bool ok = io::writeMapFile(path, map, &error, [this](int percent) {
                    QMetaObject::invokeMethod(this, [this, percent] { showProgress(percent); }, Qt::QueuedConnection);
                });
                return Written{ok, error};
            },
            [this, path, onSuccess, mapId, steps](const Written& written) {
                busyBar_->setRange(0, 0);
                setBusyMessage(QString());
                if (!written.first) {
                    reportError(tr("Save"), written.second);
                } else if (mapId == mapId_) {
                    savedSteps_ = steps;
                    document_->markSaved(path);
                    addRecentFile(path);
                    statusBar()->showMessage(tr("Saved %1").arg(path), 5000);
                    if (onSuccess) onSuccess();
                }
                emit saveFinished(written.first, path);
            });
    });
}

void MainWindow::importDialog()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Import heightmap"), QString(), tr("Heightmaps (*.png *.npy)"));
    if (path.isEmpty()) return;
    bool ok = false;
    io::ImportOptions options;
    options.cellSize = QInputDialog::getDouble(this, tr("Import heightmap"), tr("Cell size (m per pixel):"), 2.0, 0.01, 10000.0, 3, &ok);
    if (!ok) return;
    const QString lattice = QInputDialog::getItem(this, tr("Import heightmap"), tr("Lattice:"), {tr("square"), tr("triangle")}, 0, false, &ok);
    if (!ok) return;
    options.lattice = lattice == tr("triangle") ? LatticeKind::Triangle : LatticeKind::Square;
    const QString range = QInputDialog::getText(this, tr("Import heightmap"),
                                                tr("Height range LO:HI in metres for integer images (empty: the sidecar's, or 1 m per level):"),
                                                QLineEdit::Normal, QString(), &ok);
    if (!ok) return;
    if (!range.trimmed().isEmpty()) {
        QString error;
        options.heightRange = io::parseHeightRange(range.trimmed(), &error);
        if (!options.heightRange) return reportError(tr("Import heightmap"), error);
    }
    whenSafeToDiscard(tr("import a heightmap"), [this, path, options] {
        setBusyMessage(tr("Importing %1…").arg(QFileInfo(path).fileName()));
        using Imported = std::pair<std::optional<Map>, QString>;
        runInBackground<Imported>(
            this,
            [path, options] {
                QString error;
                std::optional<Map> map = io::importHeightmap(path, options, &error);
                return Imported{std::move(map), error};
            },
            [this](const Imported& imported) {
                setBusyMessage(QString());
                if (!imported.first) return reportError(tr("Import heightmap"), imported.second);
                loadIntoEditor(*imported.first, QString(), true);
            });
    });
}

void MainWindow::exportDialog(int layerIndex)
{
    const auto layer = static_cast<io::Layer>(layerIndex);
    QStringList patterns;
    for (const io::RasterFormat& format : io::rasterFormats())
        patterns << QString("%1 (*.%2)").arg(format.description, format.extension);
    const QString path = QFileDialog::getSaveFileName(this, tr("Export layer"), QString(), patterns.join(";;"));
    if (path.isEmpty()) return;
    setBusyMessage(tr("Exporting %1…").arg(QFileInfo(path).fileName()));
    runner_->requestMap([this, path, layer](Map map) {
        map.georeference = document_->map().georeference; // the solver holds no georeference
        using Written = std::pair<bool, QString>;
        runInBackground<Written>(
            this,
            [path, layer, state = std::move(map.state), georeference = map.georeference] {
                QString error;
                io::ExportSettings settings;
                settings.georeference = georeference; // a GeoTIFF says where the map lies
                const bool ok = io::exportLayer(state, layer, path, settings, &error).has_value();
                return Written{ok, error};
            },
            [this, path](const Written& written) {
                setBusyMessage(QString());
                if (!written.first) return reportError(tr("Export"), written.second);
                statusBar()->showMessage(tr("Exported %1").arg(path), 5000);
            });
    });
}

void MainWindow::engineExportDialog()
{
    EngineExportDialog dialog(document_->map().state.lattice, document_->displayName(), this);
    if (dialog.exec() == QDialog::Accepted) exportForEngine(dialog.request());
}

// The state at a step boundary, written on the pool; the report lists the files and the settings
// the engine's importer needs (Z scale, height range).
void MainWindow::exportForEngine(const io::EngineExportRequest& request)
{
    setBusyMessage(tr("Exporting for %1…").arg(QString::fromUtf8(io::engineName(request.engine).data())));
    runner_->requestMap([this, request](Map map) {
        runInBackground<io::EngineExportResult>(
            this,
            [this, request, state = std::move(map.state)] {
                return io::exportForEngine(state, request, [this](int percent) {
                    QMetaObject::invokeMethod(this, [this, percent] { showProgress(percent); }, Qt::QueuedConnection);
                });
            },
            [this](const io::EngineExportResult& result) {
                busyBar_->setRange(0, 0);
                setBusyMessage(QString());
                if (!result.ok()) {
                    reportError(tr("Export for game engine"), result.error);
                } else {
                    statusBar()->showMessage(tr("Exported %n file(s)", nullptr, static_cast<int>(result.files.size())), 5000);
                    if (prompts_.showReport) {
                        const QString settings = io::engineSettingsText(result);
                        prompts_.showReport(this, tr("Export for game engine"),
                                            tr("Wrote:\n%1%2").arg(result.files.join('\n'),
                                                                  settings.isEmpty() ? QString() : tr("\n\nImport settings:\n%1").arg(settings)));
                    }
                }
                emit engineExportFinished(result.ok(), result.files);
            });
    });
}

void MainWindow::addRecentFile(const QString& path)
{
    QSettings settings;
    QStringList files = settings.value("recentFiles").toStringList();
    const QString absolute = QFileInfo(path).absoluteFilePath();
    files.removeAll(absolute);
    files.prepend(absolute);
    while (files.size() > kMaxRecentFiles) files.removeLast();
    settings.setValue("recentFiles", files);
    rebuildRecentMenu();
}

void MainWindow::rebuildRecentMenu()
{
    recentMenu_->clear();
    const QStringList files = QSettings().value("recentFiles").toStringList();
    for (const QString& file : files) {
        QAction* item = recentMenu_->addAction(QFileInfo(file).fileName());
        item->setToolTip(file);
        connect(item, &QAction::triggered, this, [this, file] { openFile(file); });
    }
    recentMenu_->setEnabled(!files.isEmpty());
}

} // namespace rb::editor
