#include "editor/LiveMeasure.h"

#include "SolverFactory.h"
#include "commands/SetFlowModelCommand.h"
#include "editor/InputLatencyProbe.h"
#include "editor/MainWindow.h"
#include "document/MapDocument.h"
#include "document/SimulationRunner.h"
#include "solver/AdaptiveTimeStep.h"
#include "solver/Solver.h"
#include "view/Viewport.h"

#include <Qt3DRender/QRenderCaptureReply>

#include <QCoreApplication>
#include <QFutureWatcher>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTextStream>
#include <QTimer>
#include <QUndoStack>
#include <QtConcurrent>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace rb::editor {
namespace {

// Generous: a 4096² map took minutes to open before the live loop was reworked.
constexpr int kOpenLimitMs = 600000;
constexpr int kPollMs = 20;
constexpr int kPausedProbeMs = 3000; // four or five camera moves
constexpr int kMaxProbeWaitMs = 60000; // for the first orbit and zoom to be asked, on a loaded machine

// The same solver as the editor's, with no view: loaded with `map` on `backend` and stepped as
// `riverbed-cli simulate` steps it, many steps per call (the automatic dt chosen as everywhere),
// here calls of about kHeadlessCallSeconds each, for `seconds` of wall time. Steps per second;
// throws on a refused step.
double headlessStepsPerSecond(const std::string& backend, const Map& map, double seconds)
{
    constexpr double kHeadlessCallSeconds = 0.25;
    opencl::SolverChoice choice = opencl::createSolver(backend, map);
    Solver& solver = *choice.solver;
    std::int64_t steps = 0;
    int perCall = AdaptiveTimeStep::kStepsPerChoice; // the first call measures a step's time
    QElapsedTimer clock;
    clock.start();
    while (clock.nsecsElapsed() < static_cast<qint64>(seconds * 1e9)) {
        QElapsedTimer call;
        call.start();
        const StepResult result = AdaptiveTimeStep::step(solver, perCall);
        if (!result.ok()) throw std::runtime_error(result.error);
        steps += result.stepsDone;
        const double perStep = static_cast<double>(call.nsecsElapsed()) * 1e-9 / std::max(1, result.stepsDone);
        perCall = std::clamp(static_cast<int>(kHeadlessCallSeconds / perStep) / 16 * 16, 16, 1 << 16);
    }
    return static_cast<double>(steps) * 1e9 / static_cast<double>(clock.nsecsElapsed());
}

} // namespace

LiveMeasure::LiveMeasure(MainWindow& window, const Options& options, const QElapsedTimer& sinceStart)
    : QObject(&window), window_(window), options_(options), sinceStart_(sinceStart)
{
    connect(&window, &MainWindow::mapLoaded, this, [this] {
        // The first picture of the map: a capture completes only once a frame with it is drawn.
        Qt3DRender::QRenderCaptureReply* reply = window_.viewport()->requestCapture();
        connect(reply, &Qt3DRender::QRenderCaptureReply::completed, this, [this, reply] {
            reply->deleteLater();
            mapOnScreen();
        });
    }, Qt::SingleShotConnection);
    connect(&window, &MainWindow::generationFinished, this, [this](bool ok) {
        if (!ok) fail("the map could not be generated");
    });
    QTimer::singleShot(kOpenLimitMs, this, [this] {
        if (openSeconds_ == 0.0) fail(QString("the map was not on screen after %1 s").arg(kOpenLimitMs / 1000));
    });
    connect(window.runner(), &SimulationRunner::pausedByError, this, [this](const QString& why) { fail("the simulation stopped: " + why); });
}

UserPrompts LiveMeasure::failingOnErrors(UserPrompts prompts)
{
    prompts.showError = [this](QWidget*, const QString& title, const QString& message) { fail(title + ": " + message); };
    return prompts;
}

void LiveMeasure::mapOnScreen()
{
    openSeconds_ = static_cast<double>(sinceStart_.nsecsElapsed()) * 1e-9;
    chooseModel();
}

// As the Simulation dock switches the model (one undoable command), then waits until the
// runner's solver runs it.
void LiveMeasure::chooseModel()
{
    MapDocument* document = window_.document();
    const FlowModel model = options_.model.value_or(document->map().params.model);
    modelName_ = QString::fromUtf8(flowModelName(model).data(), static_cast<qsizetype>(flowModelName(model).size()));
    if (document->map().params.model != model)
        document->undoStack()->push(new commands::SetFlowModelCommand(document, document->map().params.model, model));
    auto* poll = new QTimer(this);
    connect(poll, &QTimer::timeout, this, [this, poll, model] {
        const auto snapshot = window_.runner()->latestSnapshot();
        if (!snapshot || snapshot->mapId != window_.currentMapId() || snapshot->params.model != model) return;
        poll->deleteLater();
        probeCameraPaused();
    });
    poll->start(kPollMs);
}

void LiveMeasure::probeCameraPaused()
{
    pausedCameraProbe_ = new InputLatencyProbe(*window_.viewport(), this);
    pausedCameraProbe_->start();
    QTimer::singleShot(kPausedProbeMs, this, [this] {
        whenEachAsked(pausedCameraProbe_, [this] {
            pausedCameraProbe_->stop();
            startPlaying();
        });
    });
}

void LiveMeasure::startPlaying()
{
    SimulationRunner* runner = window_.runner();
    backend_ = QString::fromStdString(runner->backend());
    firstStep_ = runner->stepsTaken();
    firstPicture_ = window_.viewport()->picturesDrawn();
    playClock_.start();
    runner->play();
    cameraProbe_ = new InputLatencyProbe(*window_.viewport(), this);
    cameraProbe_->start();
    QTimer::singleShot(static_cast<int>(std::lround(options_.seconds * 1000.0)), this,
                       [this] { whenEachAsked(cameraProbe_, [this] { stopPlaying(); }); });
}

// Runs `then` once `probe` has asked for an orbit and a zoom (at once, usually); a measurement
// without one of them would report a figure it never took. Fails after kMaxProbeWaitMs.
void LiveMeasure::whenEachAsked(InputLatencyProbe* probe, std::function<void()> then)
{
    if (probe->askedEach()) return then();
    auto* poll = new QTimer(this);
    auto* waited = new QElapsedTimer;
    waited->start();
    connect(poll, &QTimer::timeout, this, [this, poll, waited, probe, then] {
        if (!probe->askedEach() && waited->elapsed() < kMaxProbeWaitMs) return;
        poll->deleteLater();
        const bool asked = probe->askedEach();
        delete waited;
        if (asked) then();
        else fail("the view took no camera move in a minute");
    });
    poll->start(kPollMs);
}

// The figures of the play, then the state it reached for the headless run.
void LiveMeasure::stopPlaying()
{
    SimulationRunner* runner = window_.runner();
    playedSeconds_ = static_cast<double>(playClock_.nsecsElapsed()) * 1e-9;
    stepsPerSecond_ = static_cast<double>(runner->stepsTaken() - firstStep_) / playedSeconds_;
    framesPerSecond_ = static_cast<double>(window_.viewport()->picturesDrawn() - firstPicture_) / playedSeconds_;
    cameraProbe_->stop();
    runner->pause();
    runner->requestMap([this](Map map) { measureHeadless(std::move(map)); },
                       [this](const QString& why) { fail("the map could not be read back: " + why); });
}

// On the thread pool, the GUI idle (paused, nothing changing on screen).
void LiveMeasure::measureHeadless(Map map)
{
    using Outcome = std::pair<double, QString>; // steps/s, or why not
    auto* watcher = new QFutureWatcher<Outcome>(this);
    connect(watcher, &QFutureWatcher<Outcome>::finished, this, [this, watcher] {
        watcher->deleteLater();
        const Outcome outcome = watcher->result();
        if (outcome.second.isEmpty()) report(outcome.first);
        else fail("the headless run failed: " + outcome.second);
    });
    watcher->setFuture(QtConcurrent::run([backend = backend_.toStdString(), map = std::move(map), seconds = options_.seconds]() -> Outcome {
        try {
            return {headlessStepsPerSecond(backend, map, seconds), QString()};
        } catch (const std::exception& e) {
            return {0.0, QString::fromLocal8Bit(e.what())};
        }
    }));
}

void LiveMeasure::report(double headlessStepsPerSecond)
{
    const InputLatencyProbe::Figures orbit = cameraProbe_->figures(InputLatencyProbe::Kind::Orbit);
    const InputLatencyProbe::Figures zoom = cameraProbe_->figures(InputLatencyProbe::Kind::Zoom);
    const InputLatencyProbe::Figures pausedOrbit = pausedCameraProbe_->figures(InputLatencyProbe::Kind::Orbit);
    const InputLatencyProbe::Figures pausedZoom = pausedCameraProbe_->figures(InputLatencyProbe::Kind::Zoom);
    const QJsonObject figures{{"open_seconds", openSeconds_},
                              {"steps_per_second", stepsPerSecond_},
                              {"frames_per_second", framesPerSecond_},
                              {"headless_steps_per_second", headlessStepsPerSecond},
                              {"editor_of_headless", headlessStepsPerSecond > 0.0 ? stepsPerSecond_ / headlessStepsPerSecond : 0.0},
                              {"orbit_seconds", orbit.worstSeconds},
                              {"zoom_seconds", zoom.worstSeconds},
                              {"orbit_seconds_median", orbit.medianSeconds},
                              {"zoom_seconds_median", zoom.medianSeconds},
                              {"camera_answers", orbit.answered + zoom.answered},
                              {"paused_orbit_seconds", pausedOrbit.worstSeconds},
                              {"paused_zoom_seconds", pausedZoom.worstSeconds},
                              {"played_seconds", playedSeconds_},
                              {"model", modelName_},
                              {"backend", backend_},
                              {"size", QString("%1x%2").arg(window_.document()->map().state.lattice.width()).arg(window_.document()->map().state.lattice.height())}};
    QTextStream(stdout) << QJsonDocument(figures).toJson(QJsonDocument::Compact) << Qt::endl;
    finished_ = true;
    QCoreApplication::exit(0);
}

void LiveMeasure::fail(const QString& message)
{
    if (finished_) return;
    finished_ = true;
    QTextStream(stderr) << "riverbed: measure failed: " << message << Qt::endl;
    QCoreApplication::exit(1); // leaves every running event loop, a message box's too
}

} // namespace rb::editor
