#pragma once

#include "editor/ErosionPeriod.h"
#include "editor/SimulationSnapshot.h"
#include "editor/WaterEdit.h"
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

    // Replaces the solver's map; `backend` as in rb::opencl::createSolver ("cpu", "opencl:0").
    // Returns the id that snapshots of this map carry (older snapshots may still arrive).
    std::uint64_t load(const Map& map, const std::string& backend);
    void setBackend(const std::string& backend); // moves the current state to a new solver
    // A momentum model on a solver that runs only the pipes (OpenCL) moves the state to the CPU
    // solver first and says why in solverReady's notice; back to pipes, it stays on the CPU.
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

    void play();
    void pause();
    void step(int count = 1);
    bool isPlaying() const;

    // Speed colouring draws the flows: then every snapshot carries fresh ones. Otherwise only the
    // depth is read back per snapshot, and the flows (for the cell readout) twice a second.
    // On: every snapshot carries the newest flows (speed colouring, flow particles), the first at once.
    void setFlowsEveryFrame(bool on);

    // Calls `receiver` on the GUI thread with the full map (flows included) read at a step boundary,
    // or `unavailable` when there is no solver (no map loaded yet, or it could not be loaded).
    void requestMap(std::function<void(Map)> receiver, std::function<void()> unavailable = {});

    // The newest snapshot not yet taken, or null. Taking one lets the worker publish the next.
    std::shared_ptr<const SimulationSnapshot> takeSnapshot();
    std::shared_ptr<const SimulationSnapshot> latestSnapshot() const;

signals:
    // After load, a backend change or a move to the CPU for the momentum model; `notice` says why
    // the solver is not the one asked for (empty when it is). Also sent, with the same solver, to
    // remind that a switch back to the pipes stays on the CPU.
    void solverReady(const QString& name, const QString& notice);
    void pausedByError(const QString& message);                   // a refused step
    void requestFailed(const QString& message);                   // an invalid map or parameter
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
    void advance(int stepsToDo);
    void publish();
    std::shared_ptr<const MapState> readDrawnState();
    bool createSolver(const Map& map, const std::string& backend);
    void applyParams(const SimParams& requested);
    SimParams withDtInForce(const SimParams& requested) const;
    void adoptSolver(std::unique_ptr<Solver> solver, const QString& notice);
    void reportFromWorker(std::function<void()> onGui);
    void runGuarded(const std::function<void()>& work); // worker: a throw becomes requestFailed
    void setPlaying(bool playing);
    void openErosionPeriod();          // worker: before steps with erosion on
    void closeErosionPeriodIfStopped(); // worker: after them, once paused or erosion is off
    void closeErosionPeriod();          // worker: reports what the period changed

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

    // Worker thread only.
    std::unique_ptr<Solver> solver_;
    std::shared_ptr<const MapState> lastFullRead_; // null: the next snapshot reads everything
    std::int64_t lastFullReadNs_ = 0;
    std::uint64_t serial_ = 0;
    std::uint64_t workerMapId_ = 0;
    double stepsPerSecond_ = 0.0;
    std::int64_t rateSteps_ = 0;
    std::int64_t rateStartNs_ = 0;
    std::optional<ErosionState> erosionStart_; // the state an erosion period started from, while one runs
};

} // namespace rb::editor
