#include "editor/SimulationActions.h"

#include "ClDevices.h"
#include "document/MapDocument.h"
#include "document/SimulationRunner.h"
#include "session/EditingSession.h"
#include "document/JobTracker.h"
#include "editor/MakeAction.h"
#include "panels/EditorStatusBar.h"
#include "panels/SimulationDock.h"
#include "panels/StatisticsDock.h"
#include "view/Viewport.h"

#include <QMainWindow>

namespace rb::editor {

SimulationActions::SimulationActions(QMainWindow* window, EditingSession* session, view::Viewport* viewport,
                                     panels::SimulationDock* simulationDock, panels::StatisticsDock* statistics, panels::EditorStatusBar* statusBar)
    : QObject(window), window_(window), session_(session), viewport_(viewport), simulationDock_(simulationDock), statistics_(statistics),
      statusBar_(statusBar)
{
    createActions();
    connectRunner();
    listDevicesInBackground();
}

// The actions belong to the window, like its others: the menus and the shortcuts list find them there.
void SimulationActions::createActions()
{
    auto* play = makeAction(window_, "playPause", tr("Play"), Qt::Key_Space, tr("Run or pause the simulation"));
    play->setCheckable(true);
    connect(play, &QAction::triggered, this, [this] { togglePlaying(); });
    auto* step = makeAction(window_, "step", tr("Step"), Qt::Key_Period, tr("Advance the simulation by one step"));
    connect(step, &QAction::triggered, this, [this] { session_->runner()->step(1); });
    auto* reset = makeAction(window_, "resetWater", tr("Reset water"), QKeySequence(Qt::CTRL | Qt::Key_R),
                             tr("Put the water back as it was when the map was generated or opened"));
    connect(reset, &QAction::triggered, this, [this] { resetWater(); });
    auto* mean = makeAction(window_, "recordMean", tr("Record mean flow from now"), QKeySequence(),
                            tr("Average the flow over the steps from now on (eddies and meanders even out): saved with the map, "
                               "for flow maps of the mean current (export --flowmap or --bundle with --mean)"));
    connect(mean, &QAction::triggered, this, [this] {
        session_->runner()->recordMeanFromNow();
        statusBar_->showMessage(tr("Recording the mean flow from now; save the map to keep it"), 5000);
    });
    simulationDock_->setControls(play, step, reset);
}

void SimulationActions::connectRunner()
{
    SimulationRunner* runner = session_->runner();
    connect(runner, &SimulationRunner::playingChanged, this, [this](bool playing) {
        QAction* play = window_->findChild<QAction*>("playPause");
        play->setChecked(playing);
        play->setText(playing ? tr("Pause") : tr("Play"));
        // Running again: why it stopped last time is no longer news (however it was resumed).
        if (playing && !pausedMessage_.isEmpty() && statusBar_->currentMessage() == pausedMessage_) statusBar_->clearMessage();
        if (playing) pausedMessage_.clear();
    });
    connect(runner, &SimulationRunner::pausedByError, this, [this](const QString& message) {
        simulationDock_->showMessage(tr("Paused: %1").arg(message), true);
        pausedMessage_ = tr("Simulation paused: %1").arg(message);
        statusBar_->showMessage(pausedMessage_);
    });
    // One dialog at a time: failures arriving while it is open (a run of brush dabs the simulation
    // refuses for the same reason) go to the status bar only.
    connect(runner, &SimulationRunner::requestFailed, this, [this](const QString& message) {
        if (errorShown_) return statusBar_->showMessage(tr("Simulation: %1").arg(message), 10000);
        errorShown_ = true;
        emit failed(tr("Simulation"), message);
        errorShown_ = false;
    });
    connect(runner, &SimulationRunner::solverReady, this, [this](const QString& name, const QString& notice) {
        statusBar_->showSolver(name);
        if (!notice.isEmpty()) statusBar_->showMessage(notice.section('\n', 0, 0), 15000);
    });
}

// Asking the OpenCL runtime for its devices can take a second (PoCL's first start): the dock lists
// the CPU at once and the devices when they are known.
void SimulationActions::listDevicesInBackground()
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
            QStringList names;
            for (const opencl::DeviceInfo& device : found.first)
                names.append(QString::fromStdString(device.name + " (" + device.platform + ", " + device.type + ")"));
            emit devicesFound(names);
            simulationDock_->setDevices(found.first, QString::fromStdString(found.second));
        });
}

void SimulationActions::togglePlaying()
{
    SimulationRunner* runner = session_->runner();
    if (runner->isPlaying()) return runner->pause();
    simulationDock_->showMessage(QString(), false);
    runner->play();
}

void SimulationActions::resetWater()
{
    session_->resetWater();
    viewport_->followBed(session_->document()->map().state.bed); // erosion not yet a command goes with the water
    statistics_->clearHistory();
}

} // namespace rb::editor
