#include "document/SimulationRunner.h"

#include "SolverFactory.h"
#include "solver/AdaptiveTimeStep.h"
#include "solver/Solver.h"

#include <QThread>

#include <algorithm>
#include <chrono>
#include <future>
#include <new>
#include <stdexcept>
#include <utility>

namespace rb::editor {

namespace {

std::int64_t nowNs()
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// What the user reads about a request that threw: a shortage of memory in words, not "std::bad_alloc".
QString failureText(const std::exception& e)
{
    if (dynamic_cast<const std::bad_alloc*>(&e))
        return SimulationRunner::tr("Not enough memory for this change to the simulation; it was not applied in full");
    return QString::fromStdString(e.what());
}

} // namespace

SimulationRunner::SimulationRunner(QObject* parent) : QObject(parent)
{
    thread_ = QThread::create([this] { run(); });
    thread_->setObjectName("SimulationRunner");
    thread_->start();
}

SimulationRunner::~SimulationRunner()
{
    {
        std::lock_guard lock(mutex_);
        quit_ = true;
    }
    wake_.notify_all();
    thread_->wait(); // the worker finishes its current call; a step never blocks on the GUI
    delete thread_;
}

SimulationRunner::LoadOutcome SimulationRunner::load(const Map& map, const std::string& backend)
{
    pause();
    const std::uint64_t id = ++lastMapId_;
    auto promise = std::make_shared<std::promise<LoadOutcome>>();
    std::future<LoadOutcome> outcome = promise->get_future();
    // `map` by reference: this call waits until the worker has built the solver from it, so a
    // large map is not copied on the way. The worker never waits for the GUI thread.
    post([this, &map, backend, id, promise] {
        LoadOutcome result;
        try {
            dropPrevious(); // an earlier load never decided on (not expected)
            opencl::SolverChoice choice = opencl::createSolver(backend, map);
            // The old map's erosion period waits with its solver: it goes on if the load is rolled back.
            previousErosionStart_ = std::exchange(erosionStart_, std::nullopt);
            previousMapId_ = workerMapId_;
            previous_ = adoptSolver(std::move(choice.solver), QString::fromStdString(choice.notice));
            previousTags_ = tags_;
            tags_.reset(solver_.get(), map.state.lattice);
            setBackendName(backend);
            loadUndecided_ = true;
            workerMapId_ = id;
            result.id = id;
        } catch (const std::bad_alloc&) {
            result.outOfMemory = true;
            result.error = tr("not enough memory for its simulation");
        } catch (const std::exception& e) {
            result.error = QString::fromStdString(e.what());
        }
        promise->set_value(std::move(result));
    });
    return outcome.get();
}

void SimulationRunner::commitLoad()
{
    post([this] { dropPrevious(); });
}

// Worker. The old solver back in place, with its map's id and its erosion period.
void SimulationRunner::rollbackLoad()
{
    post([this] {
        if (!loadUndecided_) return;
        std::unique_ptr<Solver> rejected;
        if (previous_) {
            rejected = adoptSolver(std::move(previous_), QString());
        } else { // the load was the first: no map again
            std::lock_guard lock(mutex_);
            rejected = std::exchange(solver_, nullptr);
        }
        workerMapId_ = previousMapId_;
        erosionStart_ = std::exchange(previousErosionStart_, std::nullopt);
        tags_ = previousTags_;
        tags_.attach(solver_.get());
        loadUndecided_ = false;
        rejected.reset();
    });
}

void SimulationRunner::dropPrevious()
{
    loadUndecided_ = false;
    previousErosionStart_.reset();
    previousMapId_ = 0;
    previous_.reset(); // a large map's arrays, or an OpenCL context: outside the lock, as in adoptSolver
}

void SimulationRunner::setBackend(const std::string& backend)
{
    post([this, backend] {
        if (solver_) createSolver(solver_->readMap(), backend);
    });
}

void SimulationRunner::setParams(const SimParams& params)
{
    post([this, params] {
        if (solver_) runGuarded([&] { applyParams(params); });
    });
}

// Worker. Both backends run both flow models: a model switch stays on the backend in use.
void SimulationRunner::applyParams(const SimParams& requested)
{
    solver_->setParams(withDtInForce(requested));
}

// With the automatic time step the document holds the target and the ceiling; the dt in force is
// the solver's own choice, kept (under a lowered ceiling) so an edit of another parameter neither
// resets it nor changes which dt the next steps get.
SimParams SimulationRunner::withDtInForce(const SimParams& requested) const
{
    SimParams params = requested;
    if (params.automaticDt() && solver_->params().automaticDt()) params.dt = std::min(solver_->params().dt, params.dtMax);
    else if (params.automaticDt()) params.dt = std::min(params.dt, params.dtMax);
    return params;
}

void SimulationRunner::setBoundary(const std::vector<BoundarySegment>& segments)
{
    post([this, segments] {
        if (!solver_) return;
        runGuarded([&] {
            if (tags_.claimReferenced(segments, {})) solverReloaded(); // a segment's dye is the user's: tags go first
            solver_->setBoundary(segments);
        });
    });
}

void SimulationRunner::setSources(const std::vector<PointSource>& sources)
{
    post([this, sources] {
        if (!solver_) return;
        runGuarded([&] {
            if (tags_.claimReferenced({}, sources)) solverReloaded();
            solver_->setSources(sources);
        });
    });
}

void SimulationRunner::setCurrents(std::vector<FloatField> cells, std::vector<FloatField> flows)
{
    post([this, cells = std::move(cells), flows = std::move(flows)] {
        if (!solver_) return;
        runGuarded([&] { solver_->setCurrents(cells, flows); });
        lastFullRead_ = nullptr; // the next snapshot reads the state whole, currents and all
    });
}

void SimulationRunner::recordMeanFromNow()
{
    post([this] {
        if (!solver_) return;
        runGuarded([&] { solver_->startMean(solver_->diagnostics().time); });
    });
}

void SimulationRunner::setBed(const CellRegion& rect, std::vector<float> bed)
{
    post([this, rect, bed = std::move(bed)] {
        if (!solver_) return;
        closeErosionPeriod(); // the erosion so far is one command, the terrain edit another
        runGuarded([&] { solver_->setBed(rect, bed); });
        ++bedGeneration_;
    });
}

void SimulationRunner::setErodibility(const CellRegion& rect, std::vector<float> values)
{
    post([this, rect, values = std::move(values)] {
        if (solver_) runGuarded([&] { solver_->setErodibility(rect, values); });
    });
}

// An undo or redo puts the state back: an erosion period open since is dropped, and the next
// steps start a new one from the restored state.
void SimulationRunner::restoreErosion(std::shared_ptr<const ErosionPatch> patch)
{
    post([this, patch = std::move(patch)] {
        if (!solver_) return;
        erosionStart_.reset();
        runGuarded([&] { solver_->restoreErosion(patch->rect, patch->bed, patch->sediment, patch->deposition, patch->bedRemainder, patch->ledger); });
        lastFullRead_ = nullptr; // the next snapshot reads the restored load and deposition
        ++bedGeneration_;
    });
}

void SimulationRunner::editDepth(const CellRegion& rect, std::function<void(WaterEdit& water)> edit, int dyeChannel)
{
    post([this, rect, edit = std::move(edit), dyeChannel] {
        if (!solver_) return;
        runGuarded([&] {
            WaterEdit water;
            water.depth = solver_->readDepth(rect);
            water.editedBefore = solver_->diagnostics().ledger.edited;
            water.dyeChannel = dyeChannel;
            water.tags = &tags_;
            water.steps = solver_->diagnostics().steps;
            if (dyeChannel >= 0) {
                if (tags_.claimForUser(dyeChannel)) solverReloaded(); // the user's dye brush: tags go first
                water.dye = solver_->readDye(dyeChannel, rect);
                edit(water);
                return solver_->setDye(dyeChannel, rect, water.dye);
            }
            edit(water);
            if (water.restoreEdited && !water.skipDepthWrite) solver_->restoreDepth(rect, water.depth, *water.restoreEdited);
            else if (!water.skipDepthWrite) solver_->setDepth(rect, water.depth);
            if (water.written) water.written(solver_->diagnostics().ledger.edited);
            if (water.afterWrite) water.afterWrite();
        });
    });
}

void SimulationRunner::runGuarded(const std::function<void()>& work)
{
    try {
        work();
    } catch (const std::exception& e) {
        const QString message = failureText(e);
        reportFromWorker([this, message] { emit requestFailed(message); });
    }
}

// The document's initial water (and its time and ledger) under the parameters now in force.
void SimulationRunner::resetWater(const Map& initial)
{
    post([this, initial] {
        if (!solver_) return;
        erosionStart_.reset(); // the simulation goes back to the document's terrain and erosion state
        Map map = initial;
        map.params = solver_->params();
        solver_->load(map);
        tags_.reset(solver_.get(), map.state.lattice); // the strokes' water is gone with the rest
        lastFullRead_ = nullptr; // new flows: the next snapshot reads everything
        ++bedGeneration_;
    });
}

void SimulationRunner::play()
{
    setPlaying(true);
}

void SimulationRunner::setFlowsEveryFrame(bool on)
{
    flowsEveryFrame_ = on;
    if (on) post([] {}); // a paused worker publishes the state it stopped at, flows and all
}

// Posting an empty request wakes the worker, which then publishes the state it stopped at.
void SimulationRunner::pause()
{
    setPlaying(false);
    post([] {});
}

void SimulationRunner::step(int count)
{
    {
        std::lock_guard lock(mutex_);
        pendingSteps_ += count;
    }
    wake_.notify_all();
}

std::string SimulationRunner::backend() const
{
    std::lock_guard lock(mutex_);
    return backend_;
}

void SimulationRunner::setBackendName(const std::string& backend)
{
    std::lock_guard lock(mutex_);
    backend_ = backend;
}

bool SimulationRunner::isPlaying() const
{
    std::lock_guard lock(mutex_);
    return playing_;
}

void SimulationRunner::setPlaying(bool playing)
{
    {
        std::lock_guard lock(mutex_);
        if (playing_ == playing) return;
        playing_ = playing;
        if (!playing) pendingSteps_ = 0;
    }
    wake_.notify_all();
    emit playingChanged(playing);
}

void SimulationRunner::requestMap(std::function<void(Map)> receiver, std::function<void(const QString&)> unavailable)
{
    post([this, receiver = std::move(receiver), unavailable = std::move(unavailable)] {
        if (!solver_) {
            if (unavailable) reportFromWorker([unavailable] { unavailable(QString()); });
            return;
        }
        std::shared_ptr<Map> map;
        try {
            map = std::make_shared<Map>(solver_->readMap());
            tags_.strip(map->state); // tagged water is never saved nor exported
        } catch (const std::bad_alloc&) {
            const QString why = tr("Not enough memory to read the map back from the simulation");
            if (unavailable) reportFromWorker([unavailable, why] { unavailable(why); });
            else reportFromWorker([this, why] { emit requestFailed(why); });
            return;
        }
        reportFromWorker([receiver, map] { receiver(std::move(*map)); });
    });
}

std::shared_ptr<const SimulationSnapshot> SimulationRunner::takeSnapshot()
{
    std::lock_guard lock(mutex_);
    snapshotTaken_ = true;
    return std::exchange(untaken_, nullptr);
}

std::shared_ptr<const SimulationSnapshot> SimulationRunner::latestSnapshot() const
{
    std::lock_guard lock(mutex_);
    return latest_;
}

void SimulationRunner::post(Request request)
{
    {
        std::lock_guard lock(mutex_);
        requests_.push_back(std::move(request));
    }
    wake_.notify_all();
}

void SimulationRunner::reportFromWorker(std::function<void()> onGui)
{
    QMetaObject::invokeMethod(this, std::move(onGui), Qt::QueuedConnection);
}

// Sleeps until there is something to do. Returns false when the runner is being destroyed;
// otherwise hands over the queued requests and the number of steps to run after them.
bool SimulationRunner::waitForWork(std::deque<Request>& requests, int& stepsToDo)
{
    std::unique_lock lock(mutex_);
    const bool canStep = solver_ != nullptr && !loadUndecided_;
    wake_.wait(lock, [&] { return quit_ || !requests_.empty() || (canStep && (playing_ || pendingSteps_ > 0)); });
    if (quit_) return false;
    requests.swap(requests_);
    stepsToDo = 0;
    if (canStep && playing_) stepsToDo = playingBatch(solver_->params().substeps);
    else if (canStep) stepsToDo = std::exchange(pendingSteps_, 0);
    return true;
}

void SimulationRunner::run()
{
    std::deque<Request> requests;
    int stepsToDo = 0;
    bool dirty = false; // the solver moved on since the last snapshot
    // Nothing that throws may leave this thread (std::terminate): a request that fails is reported
    // (requestFailed), steps or a snapshot that run out of memory pause the simulation (pausedByError).
    while (waitForWork(requests, stepsToDo)) {
        dirty = dirty || !requests.empty();
        for (Request& request : requests) {
            try {
                request();
            } catch (const std::exception& e) {
                const QString message = failureText(e);
                reportFromWorker([this, message] { emit requestFailed(message); });
            }
        }
        requests.clear();
        const bool running = solver_ && !loadUndecided_; // a new map waits for commitLoad()
        if (running) shedSpareTags();
        try {
            if (stepsToDo > 0 && running) {
                openErosionPeriod();
                advance(stepsToDo);
                dirty = true;
            }
            if (running) closeErosionPeriodIfStopped();
        } catch (const std::bad_alloc&) {
            stopWithError(tr("not enough memory to go on simulating"));
        } catch (const std::exception& e) {
            stopWithError(QString::fromStdString(e.what()));
        }
        if (!dirty || !running) continue;
        bool mayPublish = false;
        {
            std::lock_guard lock(mutex_);
            mayPublish = snapshotTaken_ || !playing_; // while playing, read back only what gets drawn
        }
        if (mayPublish) {
            try {
                publish();
            } catch (const std::bad_alloc&) {
                stopWithError(tr("not enough memory to read the water back for the view"));
            }
            dirty = false;
        }
    }
}

void SimulationRunner::setCallBudgetMs(int ms)
{
    callBudgetMs_ = std::clamp(ms, kShortestCallMs, kLongestCallMs);
}

// Worker. While playing, one call lasts about the call budget (whole multiples of the substeps
// asked for), or a whole tile of steps where that pays (SimulationRunnerBatch): a solver that steps
// many at once (the CPU pipes' temporal tiling, one OpenCL queue) runs near its headless speed,
// and a request or a snapshot still waits at most about that long. Single steps and a first call
// run exactly `substeps`.
int SimulationRunner::playingBatch(int substeps) const
{
    return batch_.next(substeps, static_cast<double>(callBudgetMs_.load()) * 1e6, solver_->diagnostics().steps);
}

void SimulationRunner::advance(int stepsToDo)
{
    const std::int64_t start = nowNs();
    if (rateStartNs_ == 0) rateStartNs_ = start;
    const StepResult result = AdaptiveTimeStep::step(*solver_, stepsToDo);
    batch_.record(result.stepsDone, static_cast<double>(nowNs() - start));
    tags_.ran(nowNs() - start);
    rateSteps_ += result.stepsDone;
    stepsTaken_.fetch_add(result.stepsDone, std::memory_order_relaxed);
    const std::int64_t elapsed = nowNs() - rateStartNs_;
    if (elapsed > 500'000'000) { // half-second windows: steady figures, still responsive
        stepsPerSecond_ = static_cast<double>(rateSteps_) * 1e9 / static_cast<double>(elapsed);
        rateSteps_ = 0;
        rateStartNs_ = nowNs();
    }
    if (!result.ok()) stopWithError(QString::fromStdString(result.error));
}

void SimulationRunner::stopWithError(const QString& message)
{
    {
        std::lock_guard lock(mutex_);
        playing_ = false;
        pendingSteps_ = 0;
    }
    rateStartNs_ = 0;
    rateSteps_ = 0;
    reportFromWorker([this, message] {
        emit playingChanged(false);
        emit pausedByError(message);
    });
}

void SimulationRunner::openErosionPeriod()
{
    if (!erosionStart_ && solver_->params().erosion.enabled) erosionStart_ = ErosionState::read(*solver_);
}

// Still playing with erosion on: the period goes on. Single steps end theirs at once (a step is
// as far as the user asked to go).
void SimulationRunner::closeErosionPeriodIfStopped()
{
    if (!erosionStart_) return;
    bool stopped = false;
    {
        std::lock_guard lock(mutex_);
        stopped = !playing_ && pendingSteps_ == 0;
    }
    if (stopped || !solver_->params().erosion.enabled) closeErosionPeriod();
}

void SimulationRunner::closeErosionPeriod()
{
    if (!erosionStart_ || !solver_) return;
    const ErosionState start = std::move(*erosionStart_);
    erosionStart_.reset();
    const ErosionState end = ErosionState::read(*solver_);
    std::optional<ErosionPeriod> period = erosionPeriodBetween(start, end);
    if (!period) return;
    period->mapId = workerMapId_;
    auto shared = std::make_shared<const ErosionPeriod>(std::move(*period));
    reportFromWorker([this, shared] { emit erosionPeriodEnded(shared); });
}

// Worker. A solver carrying dye steps several times slower (docs/editor.md, "Undo"): once the
// last tag is gone, its state goes on without the tag channels.
void SimulationRunner::shedSpareTags()
{
    if (!tags_.hasSpareChannels()) return;
    runGuarded([&] { tags_.shed(); });
    solverReloaded();
}

void SimulationRunner::solverReloaded()
{
    lastFullRead_ = nullptr; // the next snapshot reads everything
    ++bedGeneration_;
}

void SimulationRunner::publish()
{
    auto snapshot = std::make_shared<SimulationSnapshot>();
    snapshot->state = readDrawnState();
    snapshot->diagnostics = solver_->diagnostics();
    tags_.strip(snapshot->diagnostics);
    snapshot->params = solver_->params();
    snapshot->serial = ++serial_;
    snapshot->mapId = workerMapId_;
    std::lock_guard lock(mutex_);
    snapshot->playing = playing_;
    snapshot->stepsPerSecond = playing_ ? stepsPerSecond_ : 0.0;
    latest_ = snapshot;
    untaken_ = snapshot;
    snapshotTaken_ = false;
}

namespace {

// The part of a state the view and the docks read: bed, depth, flows (speed colouring, the
// readouts, the river network), dye, the net deposition and the ledgers. The rest (the momentum
// model's velocities, erodibility, suspended load, the bed's remainder, stored currents, the mean
// flow) stays in the solver: nothing drawn reads it, and at 4096² every field is 64 MB that would
// be copied per picture on the solver's thread.
MapState drawnPart(MapState&& full)
{
    MapState drawn;
    drawn.lattice = full.lattice;
    drawn.bed = std::move(full.bed);
    drawn.depth = std::move(full.depth);
    drawn.flows = std::move(full.flows);
    drawn.dye = std::move(full.dye);
    drawn.dyeLedgers = std::move(full.dyeLedgers);
    drawn.deposition = std::move(full.deposition);
    drawn.sedimentLedger = full.sedimentLedger;
    drawn.time = full.time;
    drawn.steps = full.steps;
    drawn.ledger = full.ledger;
    return drawn;
}

} // namespace

// What the view draws, read from the solver: the depth (and the host's bed) every time, the flows
// only when they are drawn or the last ones are due for the readouts (twice a second, or less
// often where reading everything takes long: at most a tenth of the worker's time). On a GPU this
// keeps the per-frame transfer to one field, brush strokes included (edits change only bed and depth).
std::shared_ptr<const MapState> SimulationRunner::readDrawnState()
{
    const std::int64_t now = nowNs();
    const std::int64_t fullReadInterval = std::max<std::int64_t>(500'000'000, 10 * lastFullReadCostNs_);
    const bool fullReadDue = !lastFullRead_ || flowsEveryFrame_ || now - lastFullReadNs_ > fullReadInterval;
    if (fullReadDue) {
        MapState drawn = drawnPart(solver_->readState());
        tags_.strip(drawn); // tagged water is never drawn as dye
        lastFullRead_ = std::make_shared<const MapState>(std::move(drawn));
        ++fullReads_;
        lastFullReadNs_ = now;
        lastFullReadCostNs_ = nowNs() - now;
        return lastFullRead_;
    }
    DrawnBuffer& buffer = freeDrawnBuffer();
    MapState& state = *buffer.state;
    const Lattice& lattice = lastFullRead_->lattice;
    const CellRegion whole = CellRegion::wholeMap(lattice);
    const bool erosion = solver_->params().erosion.enabled;
    if (!(state.lattice == lattice) || state.bed.size() != lattice.cellCount()) {
        state.lattice = lattice;
        state.bed = FloatField(lattice.width(), lattice.height());
        state.depth = FloatField(lattice.width(), lattice.height());
        state.dye.clear();
        state.deposition = FloatField();
        buffer.bedGeneration = buffer.flowsFrom = 0;
    }
    if (buffer.flowsFrom != fullReads_) { // what only a full read brings, copied once per buffer
        const std::int64_t copyStart = nowNs();
        copyFields(lastFullRead_->flows, state.flows);
        if (!erosion) state.deposition = lastFullRead_->deposition; // changes only with erosion (usually empty)
        buffer.flowsFrom = fullReads_;
        // Each buffer in rotation copies them once per full read: on a large map (four flow fields
        // of 64 MB at 4096²) that is a full read's cost again per buffer, and it counts against the
        // tenth of the worker's time that full reads may take.
        lastFullReadCostNs_ += nowNs() - copyStart;
    }
    if (erosion || buffer.bedGeneration != bedGeneration_) { // the bed changes only by edits and erosion
        state.bed.values() = solver_->readBed(whole);
        if (erosion) ++bedGeneration_; // the other buffers' beds are older
        buffer.bedGeneration = bedGeneration_;
    }
    state.depth.values() = solver_->readDepth(whole);
    // The dye follows the water every frame too (a channel made since the last full read waits for the next).
    if (state.dye.size() != lastFullRead_->dye.size()) state.dye.assign(lastFullRead_->dye.size(), FloatField(lattice.width(), lattice.height()));
    for (std::size_t c = 0; c < state.dye.size(); ++c) state.dye[c].values() = solver_->readDye(static_cast<int>(c), whole);
    const Diagnostics diagnostics = solver_->diagnostics();
    state.time = diagnostics.time;
    state.steps = diagnostics.steps;
    state.ledger = diagnostics.ledger;
    state.dyeLedgers = diagnostics.dyeLedgers;
    if (state.dyeLedgers.size() != state.dye.size()) state.dyeLedgers.resize(state.dye.size());
    if (erosion) { // the eroded bed above; the net deposition colours it
        if (state.deposition.size() != lattice.cellCount()) state.deposition = FloatField(lattice.width(), lattice.height());
        state.deposition.values() = solver_->readDeposition(whole);
    }
    state.sedimentLedger = erosion ? diagnostics.sedimentLedger : lastFullRead_->sedimentLedger;
    return buffer.state;
}

// Worker. A state to publish into: a pooled one that no snapshot holds any more (its fields keep
// their size, so a large map's arrays are not allocated, zeroed by the kernel and faulted in again
// per picture), else a new one; a handful are alive at a time (the view's, the newest, the next).
SimulationRunner::DrawnBuffer& SimulationRunner::freeDrawnBuffer()
{
    for (DrawnBuffer& buffer : drawnPool_)
        if (buffer.state.use_count() == 1) { // nobody else holds it, and only the worker hands it out
            std::atomic_thread_fence(std::memory_order_acquire); // after the last holder's reads
            return buffer;
        }
    if (drawnPool_.size() >= kMostDrawnBuffers) drawnPool_.erase(drawnPool_.begin()); // still held: it lives on with its holders
    drawnPool_.push_back({std::make_shared<MapState>(), 0, 0});
    return drawnPool_.back();
}

// Worker. `from`'s values into `to`, in place when the sizes agree.
void SimulationRunner::copyFields(const std::vector<FloatField>& from, std::vector<FloatField>& to)
{
    if (to.size() != from.size()) to = from;
    for (std::size_t i = 0; i < from.size(); ++i) {
        if (to[i].size() == from[i].size() && to[i].width() == from[i].width()) std::copy(from[i].values().begin(), from[i].values().end(), to[i].values().begin());
        else to[i] = from[i];
    }
}

// Worker: a backend change. On failure the solver in place runs on.
bool SimulationRunner::createSolver(const Map& map, const std::string& backend)
{
    try {
        opencl::SolverChoice choice = opencl::createSolver(backend, map);
        adoptSolver(std::move(choice.solver), QString::fromStdString(choice.notice)).reset();
        setBackendName(backend);
        return true;
    } catch (const std::exception& e) {
        const QString message = dynamic_cast<const std::bad_alloc*>(&e)
                                    ? tr("Not enough memory for a second solver while the simulation moves to %1; it stays where it runs")
                                          .arg(QString::fromStdString(backend))
                                    : QString::fromStdString(e.what());
        reportFromWorker([this, message] { emit requestFailed(message); });
        return false;
    }
}

// Worker. Replaces the solver between two steps and tells the window which one runs now. Returns
// the one replaced, for the caller to free outside the lock (a large map or an OpenCL context
// takes a while to go, and the GUI's snapshot pick-up must not wait for it) or to keep.
std::unique_ptr<Solver> SimulationRunner::adoptSolver(std::unique_ptr<Solver> solver, const QString& notice)
{
    lastFullRead_ = nullptr; // another map or solver: the next snapshot reads everything
    ++bedGeneration_;
    batch_.reset();          // and its steps take their own time
    const QString name = QString::fromStdString(solver->name());
    std::unique_ptr<Solver> old;
    {
        std::lock_guard lock(mutex_);
        old = std::exchange(solver_, std::move(solver));
    }
    tags_.attach(solver_.get()); // a backend change carries the tags over; a load resets them after
    stepsPerSecond_ = 0.0;
    reportFromWorker([this, name, notice] { emit solverReady(name, notice); });
    return old;
}

} // namespace rb::editor
