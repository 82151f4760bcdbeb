#include "session/EditingSession.h"

#include "analysis/RiversBundleItem.h"

#include "commands/ChangeLatticeCommand.h"
#include "commands/ErosionPeriodCommand.h"
#include "commands/SetBoundaryCommand.h"
#include "commands/SetCurrentsCommand.h"
#include "commands/SetFlowModelCommand.h"
#include "commands/SetSimParamsCommand.h"
#include "document/AutosaveTimer.h"
#include "document/JobTracker.h"
#include "document/MapDocument.h"
#include "document/SimulationRunner.h"
#include "generator/TerrainGenerator.h"
#include "io/LatticeConversion.h"
#include "io/map/MapFile.h"
#include "model/MemoryBudget.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QLocale>

#include <algorithm>
#include <new>
#include <thread>

namespace rb::editor {

struct EditingSession::Generation {
    std::atomic<bool> cancel{false};
    std::atomic<int> progress{0};
};

namespace {

using Written = std::pair<bool, QString>; // success, or why not

void sleepFor(std::chrono::milliseconds delay)
{
    if (delay.count() > 0) std::this_thread::sleep_for(delay);
}

QString sizeText(const Lattice& lattice)
{
    return QString("%1×%2").arg(lattice.width()).arg(lattice.height());
}

} // namespace

std::uint64_t EditingSession::viewBytes(const Lattice& lattice, FlowModel model)
{
    // The view's copy of the state and the newest snapshot's, then per cell five textures (the
    // data handed to Qt 3D and the driver's copy), the bed, erosion and water arrays of the meshes
    // and the slope pairs computed on the way.
    constexpr std::uint64_t kBytesPerCell = 48;
    const std::uint64_t cells = static_cast<std::uint64_t>(lattice.width()) * static_cast<std::uint64_t>(lattice.height());
    return 2 * MemoryBudget::mapBytes(lattice, model) + kBytesPerCell * cells;
}

// A map read or generated in full can still be too large for its solver and its view; refused
// here, before anything is built for it. The map in place, its solver and view are spent already.
std::string EditingSession::loadRefusal(const Map& map, const QString& backend)
{
    const Lattice& lattice = map.state.lattice;
    const FlowModel model = map.params.model;
    std::uint64_t solver = MemoryBudget::cpuSolverBytes(lattice, model);
    if (backend != QLatin1String("cpu")) solver = std::max(solver, MemoryBudget::openClSolverBytes(lattice, model)); // may fall back to the CPU
    const std::uint64_t loaded = MemoryBudget::mapBytes(lattice, model); // the map itself, read already
    const std::uint64_t needed = (solver > loaded ? solver - loaded : 0) + viewBytes(lattice, model);
    return MemoryBudget::refusal(needed, "simulating and showing this " + sizeText(lattice).toStdString() + " map");
}

EditingSession::EditingSession(QObject* parent) : QObject(parent)
{
    document_ = new MapDocument(this);
    runner_ = new SimulationRunner(this);
    jobs_ = new JobTracker(this);
    autosaveTimer_ = new AutosaveTimer(this);
    connect(autosaveTimer_, &AutosaveTimer::due, this, &EditingSession::autosave);

    // Edits reach the running simulation between two steps, without pausing it.
    document_->setWaterEditor([this](const CellRegion& rect, int dyeChannel, MapDocument::DepthEdit edit) {
        runner_->editDepth(rect, std::move(edit), dyeChannel);
    });
    connect(document_, &MapDocument::bedChanged, this, [this](const CellRegion& rect) { runner_->setBed(rect, document_->bedIn(rect)); });
    connect(document_, &MapDocument::boundaryChanged, runner_, &SimulationRunner::setBoundary);
    connect(document_, &MapDocument::sourcesChanged, runner_, &SimulationRunner::setSources);
    connect(document_, &MapDocument::paramsChanged, runner_, &SimulationRunner::setParams);
    connect(document_, &MapDocument::currentsChanged, this,
            [this](const StoredCurrents& currents) { runner_->setCurrents(currents.cells, currents.flows); });
    connectErosion();
}

// Erosion (docs/editor.md): each period the simulation ran with erosion on becomes one command
// when it ends; its undo and redo, and the erodibility brush, reach the simulation.
void EditingSession::connectErosion()
{
    connect(document_, &MapDocument::erosionRestored, runner_, &SimulationRunner::restoreErosion);
    connect(document_, &MapDocument::erodibilityChanged, this,
            [this](const CellRegion& rect) { runner_->setErodibility(rect, document_->erodibilityIn(rect)); });
    connect(runner_, &SimulationRunner::erosionPeriodEnded, this, [this](std::shared_ptr<const ErosionPeriod> period) {
        if (period->mapId != mapId_) return; // a replaced map's
        document_->undoStack()->push(new commands::ErosionPeriodCommand(document_, std::move(period)));
    });
    const auto updateRunning = [this] { document_->setErosionRunning(runner_->isPlaying() && document_->map().params.erosion.enabled); };
    connect(runner_, &SimulationRunner::playingChanged, this, updateRunning);
    connect(document_, &MapDocument::paramsChanged, this, updateRunning);
    connect(document_, &MapDocument::mapReplaced, this, updateRunning);
}

// A normal end: generation is cancelled, saves and exports finish, and the recovery files go
// (only a crash leaves them).
EditingSession::~EditingSession()
{
    if (generation_) generation_->cancel = true;
    cancelCurrents();
    jobs_->waitForAll();
    forgetRecovery();
}

bool EditingSession::isBusy() const
{
    return !jobs_->isIdle();
}

void EditingSession::setBackend(const QString& backend)
{
    backend_ = backend;
    runner_->setBackend(backend.toStdString());
}

// ---- where maps come from ------------------------------------------------------------------

std::uint64_t EditingSession::nextLoadTicket()
{
    cancelGeneration(); // its map would be dropped anyway
    return ++loadTicket_;
}

// The simulation builds its solver, then the view its meshes; the previous ones are kept until
// both succeeded (the runner's commitLoad), so a shortage in either leaves the map in place as it
// was. The estimate (loadRefusal) ran before; this is for what it missed.
bool EditingSession::installMap(const Map& document, const Map& live, const QString& errorTitle)
{
    const QString size = sizeText(live.state.lattice);
    const SimulationRunner::LoadOutcome loaded = runner_->load(live, backend_.toStdString());
    if (!loaded.ok()) {
        if (loaded.outOfMemory) {
            const std::optional<std::uint64_t> available = MemoryBudget::availableBytes();
            const QString left = available ? tr(" (%1 available)").arg(QString::fromStdString(MemoryBudget::gigabytesText(*available))) : QString();
            emit failed(errorTitle, tr("Not enough memory to simulate this %1 map%2; the previous map is kept").arg(size, left));
        } else {
            emit failed(errorTitle, tr("This %1 map cannot be simulated: %2; the previous map is kept").arg(size, loaded.error));
        }
        return false;
    }
    if (presenter_) {
        const QString refusal = presenter_(document);
        if (!refusal.isEmpty()) {
            runner_->rollbackLoad();
            emit failed(errorTitle, tr("%1; the previous map is kept").arg(refusal));
            return false;
        }
    }
    runner_->commitLoad();
    mapId_ = loaded.id;
    return true;
}

bool EditingSession::load(Map map, const QString& fileName, bool modified, const QString& errorTitle)
{
    if (!installMap(map, map, errorTitle)) return false;
    savedSteps_ = map.state.steps;
    document_->replace(std::move(map), fileName, modified);
    emit mapLoaded();
    return true;
}

void EditingSession::generate(const gen::GeneratorSettings& settings)
{
    const std::uint64_t ticket = nextLoadTicket();
    auto generation = std::make_shared<Generation>();
    generation_ = generation;
    using Generated = std::shared_ptr<gen::GenerationResult>; // shared, not copied to the GUI thread (loadInBackground)
    jobs_->run<Generated>(
        tr("Generating…"),
        [settings, generation, backend = backend_]() -> Generated {
            gen::GenerationOptions options;
            options.progress = [generation](int percent) { generation->progress = percent; };
            options.cancel = &generation->cancel;
            const std::string what = "generating a " + std::to_string(settings.common.width) + "×" + std::to_string(settings.common.height) + " map";
            std::string refusal = MemoryBudget::refusal(MemoryBudget::generationBytes(settings.common.width, settings.common.height), what);
            if (refusal.empty()) {
                try {
                    gen::GenerationResult result = gen::generateMap(settings, options);
                    if (result.ok()) refusal = loadRefusal(result.map, backend);
                    if (refusal.empty()) return std::make_shared<gen::GenerationResult>(std::move(result));
                } catch (const std::bad_alloc&) { // past the estimate: the current map stays, with a word why
                    refusal = what + " ran out of memory";
                }
            }
            auto refused = std::make_shared<gen::GenerationResult>();
            refused->status = gen::GenerationStatus::Invalid;
            refused->error = refusal;
            return refused;
        },
        [this, ticket, generation](Generated generated) {
            gen::GenerationResult& result = *generated;
            if (generation_ == generation) generation_.reset();
            if (ticket != loadTicket_) return emit generationFinished(false); // a later request replaced it
            bool loaded = false;
            if (result.status == gen::GenerationStatus::Cancelled)
                emit status(tr("Generation cancelled; the map is unchanged"), 8000);
            else if (!result.ok())
                emit failed(tr("Generate"), QString::fromStdString(result.error));
            else
                loaded = load(std::move(result.map), QString(), false, tr("Generate"));
            emit generationFinished(loaded);
        });
}

void EditingSession::cancelGeneration()
{
    if (generation_) generation_->cancel = true;
}

int EditingSession::generationProgress() const
{
    return generation_ ? generation_->progress.load() : 0;
}

void EditingSession::loadInBackground(const QString& description, const QString& errorTitle, std::function<Loaded()> read,
                                      std::function<void(Map)> accept)
{
    const std::uint64_t ticket = nextLoadTicket();
    // Shared: the tracker hands a copy of the result to the GUI thread, which must not be a copy
    // of a large map (memory the estimate did not count, allocated where a failure is fatal).
    auto readWithinMemory = [read = std::move(read), backend = backend_] {
        auto loaded = std::make_shared<Loaded>(read());
        if (!loaded->first) return loaded;
        const std::string refusal = loadRefusal(*loaded->first, backend);
        if (!refusal.empty()) *loaded = Loaded{std::nullopt, QString::fromStdString(refusal)};
        return loaded;
    };
    jobs_->run<std::shared_ptr<Loaded>>(description, std::move(readWithinMemory),
                                        [this, ticket, errorTitle, accept = std::move(accept)](std::shared_ptr<Loaded> loaded) {
                                            if (ticket != loadTicket_) return;
                                            if (!loaded->first) return emit failed(errorTitle, loaded->second);
                                            accept(std::move(*loaded->first));
                                        });
}

void EditingSession::open(const QString& path)
{
    loadInBackground(
        tr("Opening %1…").arg(QFileInfo(path).fileName()), tr("Open"),
        [path] {
            QString error;
            std::optional<Map> map = io::readMapFile(path, &error);
            return Loaded{std::move(map), error};
        },
        [this, path](Map map) {
            if (load(std::move(map), path, false, tr("Open"))) emit opened(path);
        });
}

void EditingSession::importHeightmap(const QString& path, const io::ImportOptions& options)
{
    loadInBackground(
        tr("Importing %1…").arg(QFileInfo(path).fileName()), tr("Import heightmap"),
        [path, options] {
            QString error;
            std::optional<Map> map = io::importHeightmap(path, options, &error);
            return Loaded{std::move(map), error};
        },
        [this](Map map) { load(std::move(map), QString(), true, tr("Import heightmap")); });
}

// The orphan becomes this process's recovery file first, so a crash right after the restore
// still leaves it to be offered again, and no other editor restores it too. The map comes back
// under its own file name, modified: Save writes it where it belongs.
void EditingSession::restore(const RecoveryEntry& orphan)
{
    const std::optional<RecoveryEntry> mine = recovery_.claim(orphan);
    if (!mine) {
        emit failed(tr("Restore"), tr("The autosave of “%1” is gone (another editor may have restored it)").arg(orphan.info.documentName));
        return;
    }
    const RecoveryInfo info = mine->info;
    loadInBackground(
        tr("Restoring %1…").arg(info.documentName), tr("Restore"),
        [path = mine->mapPath] {
            QString error;
            std::optional<Map> map = io::readMapFile(path, &error);
            return Loaded{std::move(map), error};
        },
        [this, info](Map map) {
            if (!load(std::move(map), info.originalFile, true, tr("Restore"))) return;
            emit status(tr("Restored “%1” as autosaved at %2").arg(info.documentName, QLocale().toString(info.savedAt, QLocale::ShortFormat)), 15000);
        });
}

// ---- where maps go -------------------------------------------------------------------------

// The runner's map at a step boundary, handed to `use`; counted as a job while it is on its way,
// so that a close waits for it too.
void EditingSession::withRunnerMap(const QString& description, std::function<void(Map)> use, std::function<void(const QString&)> unavailable)
{
    jobs_->expect(description);
    runner_->requestMap(
        [this, description, use = std::move(use)](Map map) {
            map.keepDocumentFields(document_->map());
            use(std::move(map)); // may start the job that writes it: the tracker is not idle in between
            jobs_->arrived(description);
        },
        [this, description, unavailable = std::move(unavailable)](const QString& why) {
            if (unavailable) unavailable(why);
            else if (!why.isEmpty()) emit failed(tr("Simulation"), why);
            jobs_->arrived(description);
        });
}

void EditingSession::saveAs(const QString& path, std::function<void()> onSaved)
{
    const QString description = tr("Saving %1…").arg(QFileInfo(path).fileName());
    const std::uint64_t mapId = mapId_;
    withRunnerMap(
        description,
        [this, description, path, onSaved = std::move(onSaved), mapId](Map map) {
            const std::int64_t steps = map.state.steps;
            jobs_->run<Written>(
                description,
                [path, map = std::move(map), delay = writeDelay_, progress = jobs_->progressReporter()] {
                    sleepFor(delay);
                    QString error;
                    const bool ok = io::writeMapFile(path, map, &error, progress);
                    return Written{ok, error};
                },
                [this, path, onSaved, mapId, steps](Written written) { saveDone(written.first, written.second, path, mapId, steps, onSaved); });
        },
        [this, path](const QString& why) {
            emit failed(tr("Save"), why.isEmpty() ? tr("There is no map to save yet") : why);
            emit saveFinished(false, path);
        });
}

void EditingSession::saveDone(bool ok, const QString& error, const QString& path, std::uint64_t mapId, std::int64_t steps,
                              const std::function<void()>& onSaved)
{
    if (!ok) {
        emit failed(tr("Save"), error);
    } else if (mapId == mapId_) { // the map saved is still the one in place
        savedSteps_ = steps;
        document_->markSaved(path);
        forgetRecovery();
        emit opened(path);
        emit status(tr("Saved %1").arg(path), 5000);
        if (onSaved) onSaved();
    }
    emit saveFinished(ok, path);
}

void EditingSession::exportLayer(io::Layer layer, const QString& path)
{
    const QString description = tr("Exporting %1…").arg(QFileInfo(path).fileName());
    withRunnerMap(description, [this, description, path, layer](Map map) {
        jobs_->run<Written>(
            description,
            [path, layer, state = std::move(map.state), georeference = map.georeference] {
                QString error;
                io::ExportSettings settings;
                settings.georeference = georeference; // a GeoTIFF says where the map lies
                const bool ok = io::exportLayer(state, layer, path, settings, &error).has_value();
                return Written{ok, error};
            },
            [this, path](Written written) {
                if (!written.first) return emit failed(tr("Export"), written.second);
                emit status(tr("Exported %1").arg(path), 5000);
            });
    });
}

void EditingSession::exportForEngine(const io::EngineExportRequest& request)
{
    const QString description = tr("Exporting for %1…").arg(QString::fromUtf8(io::engineName(request.engine).data()));
    withRunnerMap(description, [this, description, request](Map map) {
        jobs_->run<io::EngineExportResult>(
            description,
            [request, state = std::move(map.state), progress = jobs_->progressReporter()] {
                return io::exportForEngine(state, request, progress);
            },
            [this](io::EngineExportResult result) {
                if (!result.ok()) emit failed(tr("Export for game engine"), result.error);
                emit engineExportFinished(result);
            });
    });
}

void EditingSession::exportBundle(const io::EngineBundleRequest& request)
{
    const QString description = tr("Exporting the %1 bundle…").arg(QString::fromUtf8(io::engineName(request.engine).data()));
    withRunnerMap(description, [this, description, request](Map map) {
        io::EngineBundleRequest full = request;
        full.splat.seaLevel = io::mapSeaLevel(map);
        full.georeference = map.georeference;
        auto shared = std::make_shared<const Map>(std::move(map));
        jobs_->run<io::EngineBundleResult>(
            description,
            [full, shared, progress = jobs_->progressReporter()] {
                return io::writeEngineBundle(shared->state, full, analysis::engineBundleItems(full.engine, shared), progress);
            },
            [this](io::EngineBundleResult result) {
                if (!result.ok()) emit failed(tr("Export engine bundle"), result.error);
                emit bundleExportFinished(result);
            });
    });
}

// ---- edits that replace the map --------------------------------------------------------------

void EditingSession::changeLattice(LatticeKind kind)
{
    if (document_->map().state.lattice.kind() == kind) return;
    const std::uint64_t mapId = mapId_;
    withRunnerMap(tr("Resampling…"), [this, kind, mapId](Map live) {
        if (mapId != mapId_ || document_->map().state.lattice.kind() == kind) return; // another map, or done already
        std::optional<Map> resampled;
        std::string refusal;
        try {
            resampled = io::convertLattice(live, kind);
            refusal = loadRefusal(*resampled, backend_);
        } catch (const std::bad_alloc&) {
            refusal = "resampling this " + sizeText(live.state.lattice).toStdString() + " map ran out of memory";
        }
        if (!refusal.empty()) return emit failed(tr("Resample"), tr("%1; the map stays as it is").arg(QString::fromStdString(refusal)));
        // The resampling carries terrain and water; say what it leaves behind (Undo brings it back).
        QStringList dropped;
        if (!live.state.dye.empty()) dropped << tr("the dye");
        if (!live.state.currents.empty()) dropped << tr("the sea current (solve it again in the Currents dock)");
        auto* command = new commands::ChangeLatticeCommand([this](const Map& document, const Map& live) { swapMap(document, live); }, document_->map(), std::move(live), std::move(*resampled));
        latticeCommand_ = command;
        document_->undoStack()->push(command); // a swap refused on the way makes it obsolete: not kept
        latticeCommand_ = nullptr;
        if (document_->map().state.lattice.kind() != kind) return;
        const QString lattice = QString::fromUtf8(latticeKindName(kind).data());
        emit status(dropped.isEmpty() ? tr("Map resampled onto the %1 lattice").arg(lattice)
                                      : tr("Map resampled onto the %1 lattice, without %2; Undo brings them back").arg(lattice, dropped.join(tr(" and "))),
                    12000);
    });
}

bool EditingSession::swapMap(const Map& document, const Map& live)
{
    if (!installMap(document, live, tr("Resample"))) {
        if (latticeCommand_) latticeCommand_->setObsolete(true); // the first redo, inside changeLattice's push
        return false;
    }
    document_->swapMap(document);
    emit mapLoaded();
    return true;
}

void EditingSession::resetWater()
{
    runner_->resetWater(document_->map());
    document_->markWaterChanged();
}

// ---- currents ------------------------------------------------------------------------------

// The water the current is solved on: the newest snapshot of the map in place (its depth is read
// every time), or the document's initial water before the first snapshot.
std::shared_ptr<const MapState> EditingSession::newestWater() const
{
    const auto snapshot = runner_->latestSnapshot();
    if (snapshot && snapshot->mapId == mapId_) return snapshot->state;
    return std::make_shared<const MapState>(document_->map().state);
}

void EditingSession::solveCurrents(const CurrentsSettings& settings)
{
    if (currentsJob_) return emit status(tr("The currents are being solved already (Cancel first to solve them again)"), 8000);
    if (mapId_ == 0) return emit status(tr("There is no map to solve currents on yet"), 8000);
    auto job = std::make_shared<CurrentsJob>(settings);
    currentsJob_ = job;
    const std::uint64_t mapId = mapId_;
    const int maxIterations = settings.maxIterations;
    // Progress is queued to the GUI thread; with the session as context, none arrives after it is
    // gone. The status bar's busy bar shows it too, as a percentage of the most iterations.
    auto progress = [this, maxIterations, percent = jobs_->progressReporter()](int iteration, double residual) {
        QMetaObject::invokeMethod(this, [this, iteration, maxIterations, residual] { emit currentsProgress(iteration, maxIterations, residual); },
                                  Qt::QueuedConnection);
        percent(maxIterations > 0 ? 100 * iteration / maxIterations : 0);
    };
    emit currentsStarted(maxIterations);
    jobs_->run<CurrentsOutcome>(
        tr("Solving currents…"), [job, water = newestWater(), progress] { return job->run(*water, progress); },
        [this, job, mapId](CurrentsOutcome outcome) { currentsDone(job, mapId, std::move(outcome)); });
}

void EditingSession::currentsDone(const std::shared_ptr<CurrentsJob>& job, std::uint64_t mapId, CurrentsOutcome outcome)
{
    if (currentsJob_ == job) currentsJob_.reset();
    if (mapId != mapId_ && outcome.ok()) { // solved for a map that is no longer here
        outcome.cancelled = true;
        outcome.fields = {};
        emit status(tr("The map changed while its currents were solved: the result was dropped"), 8000);
    } else if (outcome.ok())
        document_->undoStack()->push(new commands::SetCurrentsCommand(document_, document_->currents(), outcome.fields, tr("Solve currents")));
    else if (!outcome.error.empty())
        emit failed(tr("Currents"), QString::fromStdString(outcome.error));
    else
        emit status(tr("Currents cancelled; the map keeps the currents it had"), 8000);
    emit currentsFinished(outcome);
}

// ---- the docks' edits ------------------------------------------------------------------------

void EditingSession::editParams(const SimParams& params, const QString& field)
{
    document_->undoStack()->push(new commands::SetSimParamsCommand(document_, document_->map().params, params, field));
}

void EditingSession::chooseFlowModel(FlowModel model)
{
    document_->undoStack()->push(new commands::SetFlowModelCommand(document_, document_->map().params.model, model));
}

void EditingSession::editBoundary(const std::vector<BoundarySegment>& segments, const QString& description, const QString& mergeKey)
{
    document_->undoStack()->push(new commands::SetBoundaryCommand(document_, document_->map().boundary, segments, description, mergeKey));
}

void EditingSession::cancelCurrents()
{
    if (currentsJob_) currentsJob_->cancel();
}

void EditingSession::clearCurrents()
{
    if (!document_->hasCurrents()) return emit status(tr("This map has no currents to clear"), 5000);
    document_->undoStack()->push(new commands::SetCurrentsCommand(document_, document_->currents(), StoredCurrents{}, tr("Clear currents")));
}

void EditingSession::simulationReached(std::int64_t steps)
{
    if (steps != savedSteps_) document_->markWaterChanged();
}

void EditingSession::catchUpWithRunner()
{
    const auto snapshot = runner_->latestSnapshot();
    if (snapshot && snapshot->mapId == mapId_) simulationReached(snapshot->diagnostics.steps);
}

// ---- autosave ------------------------------------------------------------------------------

// Off the GUI thread like a save, into this process's recovery file. A save or a quit while it is
// being written bumps the epoch: the file it leaves is then removed as soon as it is written.
void EditingSession::autosave()
{
    catchUpWithRunner();
    if (autosaving_ || mapId_ == 0 || !document_->isModified()) return;
    autosaving_ = true;
    const std::uint64_t epoch = recoveryEpoch_;
    RecoveryInfo info;
    info.documentName = document_->displayName();
    info.originalFile = document_->fileName();
    const QString description = tr("Autosaving…");
    withRunnerMap(
        description,
        [this, description, epoch, info](Map map) {
            RecoveryInfo written = info;
            written.steps = map.state.steps;
            written.savedAt = QDateTime::currentDateTime();
            written.writerPid = QCoreApplication::applicationPid();
            jobs_->run<QString>(
                description,
                [recovery = recovery_, map = std::move(map), written, delay = writeDelay_] {
                    sleepFor(delay);
                    return recovery.write(map, written);
                },
                [this, epoch](const QString& error) { autosaveDone(epoch, error); });
        },
        [this](const QString&) { autosaving_ = false; });
}

void EditingSession::autosaveDone(std::uint64_t epoch, const QString& error)
{
    autosaving_ = false;
    if (epoch != recoveryEpoch_) recovery_.remove(); // saved or quit meanwhile
    else if (!error.isEmpty()) emit status(tr("Autosave failed: %1").arg(error), 10000);
    else emit autosaved(recovery_.mapPath());
}

void EditingSession::forgetRecovery()
{
    ++recoveryEpoch_;
    recovery_.remove();
}

} // namespace rb::editor
