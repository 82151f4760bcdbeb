#pragma once

#include "document/ErosionPeriod.h"
#include "document/SimulationRunnerBatch.h"
#include "document/SimulationSnapshot.h"
#include "document/WaterEdit.h"
#include "document/WaterTags.h"
#include "model/CellRegion.h"
#include "model/Map.h"

#include <QObject>
#include <QString>

#include <atomic>
#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

class QThread;

namespace rb {
class Solver;
}

namespace rb::editor {

// Owns the solver on a worker thread. The GUI only queues requests (each applied between two
// steps, in order) and picks up the newest snapshot; it never waits for a step.
class SimulationRunner : public QObject {
    Q_OBJECT
public:
    explicit SimulationRunner(QObject* parent = nullptr);
    ~SimulationRunner() override;

    // What load() did: the id that snapshots of the new map carry (older snapshots may still
    // arrive), or 0 and why not.
    struct LoadOutcome {
        std::uint64_t id = 0;
        QString error;             // empty on success
        bool outOfMemory = false;  // the new solver did not fit (std::bad_alloc)
        bool ok() const { return id != 0; }
    };
    // Builds a solver for `map` (`backend` as in rb::opencl::createSolver: "cpu", "opencl:0") and
    // puts it in place, pausing first. Waits for the worker, which reads `map` while this call
    // blocks (a step that is running ends first). On failure (not enough memory, an invalid map)
    // the previous solver runs on untouched. On success the previous solver is kept aside, and
    // no snapshot of the new map is published, until commitLoad() drops it or rollbackLoad() puts
    // it back: the caller decides after the rest of the editor took the new map (or could not).
    LoadOutcome load(const Map& map, const std::string& backend);
    void commitLoad();
    void rollbackLoad();
    void setBackend(const std::string& backend); // moves the current state to a new solver
    // Both backends run both flow models: a model switch stays on the backend in use.
    void setParams(const SimParams& params);
    void resetWater(const Map& initial);         // the initial water back, parameters kept
    void setBoundary(const std::vector<BoundarySegment>& segments);
    void setSources(const std::vector<PointSource>& sources);
    // The stored steady current (MapState::currents and currentFlows; both empty: none), which the
    // solver keeps and hands back in every state it reads from then on.
    void setCurrents(std::vector<FloatField> cells, std::vector<FloatField> flows);

    // Edits of the editor's tools, applied between two steps without pausing. The bed changes
    // under the water (every cell keeps its depth; Solver::setBed). editDepth reads the depths over
    // `rect`, hands them to `edit` on the worker thread and writes back what it leaves, all in one
    // request, so no step runs in between; the change is booked in ledger.edited (or the figure
    // the edit asks for put back: WaterEdit::restoreEdited).
    void setBed(const CellRegion& rect, std::vector<float> bed);
    // With a dyeChannel (≥ 0) the edit gets that channel's dyed depth too and only the dye is written back.
    void editDepth(const CellRegion& rect, std::function<void(WaterEdit& water)> edit, int dyeChannel = -1);
    // The erodibility brush (values in [0, 1]), and the undo and redo of an erosion period: the
    // bed, load and deposition over the patch's rectangle and the sediment ledger put back exactly.
    void setErodibility(const CellRegion& rect, std::vector<float> values);
    void restoreErosion(std::shared_ptr<const ErosionPatch> patch);

    // How long one call of steps may last while playing (ms): about one frame of the view, so a
    // call's fixed cost (the state kept for a refusal, the CFL scan) is spread over many steps
    // while a request still waits at most that long. Clamped to kShortestCallMs…kLongestCallMs.
    void setCallBudgetMs(int ms);
    static constexpr int kShortestCallMs = 30;
    static constexpr int kLongestCallMs = 250;

    // Records the time-mean flow from the solver's present time on (Solver::startMean; a mean held
    // is dropped). Every map read from then on carries it, so a saved map keeps it for
    // export --flowmap/--bundle --mean (docs/solver.md, "Time-mean flow").
    void recordMeanFromNow();

    void play();
    void pause();
    void step(int count = 1);
    bool isPlaying() const;
    // Steps the solvers of this runner have taken since it was made (read on any thread): a
    // steps/s figure that does not wait for a snapshot (riverbed --measure).
    std::int64_t stepsTaken() const { return stepsTaken_.load(std::memory_order_relaxed); }
    // The backend the solver in place was asked for ("cpu", "opencl:0"; empty: no solver yet).
    std::string backend() const;

    // Speed colouring draws the flows: then every snapshot carries fresh ones. Otherwise only the
    // depth is read back per snapshot, and the flows (for the cell readout) twice a second.
    // On: every snapshot carries the newest flows (speed colouring, flow particles), the first at once.
    void setFlowsEveryFrame(bool on);

    // Calls `receiver` on the GUI thread with the full map (flows included) read at a step boundary,
    // or `unavailable` when there is no solver (no map loaded yet, or it could not be loaded) or the
    // map could not be read (then requestFailed says why first).
    // `unavailable` hears why (empty: there is no map).
    void requestMap(std::function<void(Map)> receiver, std::function<void(const QString& why)> unavailable = {});

    // The newest snapshot not yet taken, or null. Taking one lets the worker publish the next.
    std::shared_ptr<const SimulationSnapshot> takeSnapshot();
    std::shared_ptr<const SimulationSnapshot> latestSnapshot() const;

signals:
    // After a load (or its rollback) and a backend change; `notice` says why the solver is not the
    // one asked for (empty when it is).
    void solverReady(const QString& name, const QString& notice);
    void pausedByError(const QString& message);                   // a refused step (or no memory to go on)
    void requestFailed(const QString& message);                   // an invalid parameter or edit, or no memory for it
    void playingChanged(bool playing);
    // A stretch of simulation with erosion on ended (a pause, a refused step, erosion turned off,
    // or a terrain edit arriving): what it changed, for one undoable command. Nothing is sent
    // when it changed nothing.
    void erosionPeriodEnded(std::shared_ptr<const rb::editor::ErosionPeriod> period);

private:
    using Request = std::function<void()>;

    void post(Request request);
    void run();
    bool waitForWork(std::deque<Request>& requests, int& stepsToDo);
    int playingBatch(int substeps) const;
    void advance(int stepsToDo);
    void publish();
    std::shared_ptr<const MapState> readDrawnState();
    // A state the worker publishes into, reused once no snapshot holds it: what it already holds.
    struct DrawnBuffer {
        std::shared_ptr<MapState> state;
        std::uint64_t bedGeneration = 0; // bedGeneration_ when its bed was read
        std::uint64_t flowsFrom = 0;     // fullReads_ when its flows were copied
    };
    DrawnBuffer& freeDrawnBuffer();
    static void copyFields(const std::vector<FloatField>& from, std::vector<FloatField>& to);
    bool createSolver(const Map& map, const std::string& backend);
    void setBackendName(const std::string& backend);
    void applyParams(const SimParams& requested);
    SimParams withDtInForce(const SimParams& requested) const;
    std::unique_ptr<Solver> adoptSolver(std::unique_ptr<Solver> solver, const QString& notice); // returns the one replaced
    void dropPrevious();   // worker: the solver a load replaced goes for good
    void reportFromWorker(std::function<void()> onGui);
    void runGuarded(const std::function<void()>& work); // worker: a throw becomes requestFailed
    void stopWithError(const QString& message);          // worker: pauses and reports pausedByError
    void setPlaying(bool playing);
    void openErosionPeriod();          // worker: before steps with erosion on
    void closeErosionPeriodIfStopped(); // worker: after them, once paused or erosion is off
    void closeErosionPeriod();          // worker: reports what the period changed
    void shedSpareTags();               // worker: no tagged water left, the solver drops its channels
    void solverReloaded();              // worker: WaterTags reloaded the solver's state: read it all again

    QThread* thread_ = nullptr;
    std::uint64_t lastMapId_ = 0; // GUI thread
    mutable std::mutex mutex_;
    std::condition_variable wake_;
    std::deque<Request> requests_; // guarded by mutex_
    bool quit_ = false;            // guarded by mutex_
    bool playing_ = false;         // guarded by mutex_
    int pendingSteps_ = 0;         // guarded by mutex_
    bool snapshotTaken_ = true;    // guarded by mutex_
    std::shared_ptr<const SimulationSnapshot> latest_;  // guarded by mutex_
    std::shared_ptr<const SimulationSnapshot> untaken_; // guarded by mutex_

    std::atomic<bool> flowsEveryFrame_{false};
    std::atomic<std::int64_t> stepsTaken_{0};
    std::atomic<int> callBudgetMs_{100};
    std::string backend_;          // guarded by mutex_

    // Worker thread only.
    std::unique_ptr<Solver> solver_;
    std::shared_ptr<const MapState> lastFullRead_; // null: the next snapshot reads everything
    std::int64_t lastFullReadNs_ = 0;
    std::int64_t lastFullReadCostNs_ = 0;
    std::uint64_t fullReads_ = 0;
    std::uint64_t bedGeneration_ = 1; // rises whenever the solver's bed may have changed other than by erosion
    std::vector<DrawnBuffer> drawnPool_;
    static constexpr std::size_t kMostDrawnBuffers = 4;
    std::uint64_t serial_ = 0;
    std::uint64_t workerMapId_ = 0;
    double stepsPerSecond_ = 0.0;
    SimulationRunnerBatch batch_; // the calls' times: how many steps the next one runs
    std::int64_t rateSteps_ = 0;
    std::int64_t rateStartNs_ = 0;
    std::optional<ErosionState> erosionStart_; // the state an erosion period started from, while one runs
    // Between a load and its commitLoad() or rollbackLoad(): the solver replaced, its map's id and
    // its open erosion period. Nothing steps or is published meanwhile.
    std::unique_ptr<Solver> previous_;
    std::uint64_t previousMapId_ = 0;
    std::optional<ErosionState> previousErosionStart_;
    bool loadUndecided_ = false;
    // The Add-water strokes' tagged water (WaterTags): kept out of every map, snapshot and
    // diagnostics handed on; a load keeps the previous map's aside until it is decided.
    WaterTags tags_;
    WaterTags previousTags_;
};

} // namespace rb::editor
