#pragma once

#include "currents/CurrentsSettings.h"
#include "document/CurrentsJob.h"
#include "document/RecoveryFiles.h"
#include "generator/GeneratorSettings.h"
#include "io/export/EngineBundle.h"
#include "io/export/EngineExport.h"
#include "io/export/LayerExport.h"
#include "io/import/MapImport.h"
#include "model/Map.h"

#include <QObject>
#include <QString>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>

class QUndoCommand;

namespace rb::editor {

class AutosaveTimer;
class JobTracker;
class MapDocument;
class SimulationRunner;

// One open map and everything working on it (Tiled's document manager is the model): the
// MapDocument, the SimulationRunner, and the jobs that generate, open, import, save, export and
// autosave it. The main window only wires widgets to it and asks the user questions first.
//
// Lifetime: every job is tracked (jobs()); destroying the session cancels a generation, waits for
// the rest and then removes this process's recovery files (a normal quit). A job's result never
// reaches a destroyed object: results arrive through the tracker, which goes with the session.
//
// Maps arrive in the order they were asked for: a generation, open, import or restore started
// later wins, and an earlier one still running is cancelled (generation) or dropped.
class EditingSession : public QObject {
    Q_OBJECT
public:
    explicit EditingSession(QObject* parent = nullptr);
    ~EditingSession() override;

    MapDocument* document() const { return document_; }
    SimulationRunner* runner() const { return runner_; }
    JobTracker* jobs() const { return jobs_; }
    AutosaveTimer* autosaveTimer() const { return autosaveTimer_; }
    std::uint64_t currentMapId() const { return mapId_; } // snapshots of the map in place carry it
    bool isBusy() const;

    // The backend every map is loaded onto ("cpu", "opencl:0"), changed live.
    void setBackend(const QString& backend);

    // A new map goes to the simulation first, then to the view through `presenter` (the window's),
    // and into the document only when both took it: a map whose solver or view does not fit (the
    // presenter returns why, e.g. "Not enough memory to show this 4096×4096 map") is refused with a
    // message and the previous map goes on everywhere, its undo history and running water included.
    using MapPresenter = std::function<QString(const Map& map)>;
    void setMapPresenter(MapPresenter presenter) { presenter_ = std::move(presenter); }
    // What the view takes for a map on this lattice (its textures, meshes and state copies; measured
    // at about 55 bytes a cell with Qt 3D's OpenGL renderer), for the memory checks before a load.
    static std::uint64_t viewBytes(const Lattice& lattice, FlowModel model);
    // Empty when simulating and showing `map` fits in the memory left beside the map in place,
    // else why not ("simulating and showing this 4096×4096 map needs about …").
    static std::string loadRefusal(const Map& map, const QString& backend);

    // Where maps come from. Each returns at once; mapLoaded() follows, or failed().
    void generate(const gen::GeneratorSettings& settings);
    void cancelGeneration();
    bool isGenerating() const { return generation_ != nullptr; }
    int generationProgress() const;
    void open(const QString& path);
    void importHeightmap(const QString& path, const io::ImportOptions& options);
    void restore(const RecoveryEntry& orphan); // an autosave left by a crash, as a modified map

    // Where maps go: the runner hands over the whole state at a step boundary, written on the pool.
    void saveAs(const QString& path, std::function<void()> onSaved = {});
    void exportLayer(io::Layer layer, const QString& path);
    void exportForEngine(const io::EngineExportRequest& request);
    // The engine bundle on the pool (the map's sea level and georeference go with it).
    void exportBundle(const io::EngineBundleRequest& request);

    // The lattice as one undoable command (commands::ChangeLatticeCommand); undo gives back the
    // document and the running water as they were.
    void changeLattice(LatticeKind kind);
    // Called by that command: `document` becomes the document's map (the undo history kept) and
    // `live` the simulation's. False (with failed()) when they do not fit: the map in place stays.
    bool swapMap(const Map& document, const Map& live);
    void resetWater();

    // The docks' edits, each one undoable command on the document (the window only forwards them).
    void editParams(const SimParams& params, const QString& field);
    void chooseFlowModel(FlowModel model);
    void editBoundary(const std::vector<BoundarySegment>& segments, const QString& description, const QString& mergeKey);

    // The steady current of the water now on the map (the Currents dock), solved on the pool
    // from the newest snapshot's depth; stored as one undoable command (commands::SetCurrentsCommand,
    // "Solve currents") when it ends, unless cancelled or the map was replaced meanwhile. One at
    // a time: a second request while one runs is refused with a status message.
    void solveCurrents(const CurrentsSettings& settings);
    void cancelCurrents(); // the solve stops before its next iteration; the map keeps its currents
    bool isSolvingCurrents() const { return currentsJob_ != nullptr; }
    void clearCurrents(); // "Clear currents", undoable; nothing when the map has none
    void simulationReached(std::int64_t steps); // the newest snapshot's step: water moved since the save?
    // The view takes snapshots on its timer; before a question about unsaved changes the newest
    // one is looked at now, so steps taken since the last tick count.
    void catchUpWithRunner();

    // Autosave: writes the whole state to this process's recovery file if anything is unsaved.
    void autosave();
    const RecoveryFiles& recoveryFiles() const { return recovery_; }

    // Tests only: every save and autosave sleeps this long before writing (a slow disk).
    void setWriteDelay(std::chrono::milliseconds delay) { writeDelay_ = delay; }

signals:
    void mapLoaded(); // a new map in the document and the runner (also after a lattice swap)
    void opened(const QString& path); // a map file opened or saved (for the recent files)
    void generationFinished(bool ok);
    void saveFinished(bool ok, const QString& path);
    void layerExported(const QString& path);
    void engineExportFinished(const rb::io::EngineExportResult& result);
    void bundleExportFinished(const rb::io::EngineBundleResult& result);
    void autosaved(const QString& path);
    void failed(const QString& title, const QString& message);
    void status(const QString& message, int timeoutMs);
    void currentsStarted(int maxIterations);
    void currentsProgress(int iteration, int maxIterations, double residual);
    void currentsFinished(const rb::editor::CurrentsOutcome& outcome); // after the command (if any) is pushed

private:
    using Loaded = std::pair<std::optional<Map>, QString>; // the map, or why not
    void connectErosion();
    bool load(Map map, const QString& fileName, bool modified, const QString& errorTitle);
    bool installMap(const Map& document, const Map& live, const QString& errorTitle); // simulation and view; false: refused
    void withRunnerMap(const QString& description, std::function<void(Map)> use, std::function<void(const QString& why)> unavailable = {});
    void loadInBackground(const QString& description, const QString& errorTitle, std::function<Loaded()> read,
                          std::function<void(Map)> accept);
    std::uint64_t nextLoadTicket();
    void saveDone(bool ok, const QString& error, const QString& path, std::uint64_t mapId, std::int64_t steps,
                  const std::function<void()>& onSaved);
    void autosaveDone(std::uint64_t epoch, const QString& error);
    void forgetRecovery();
    std::shared_ptr<const MapState> newestWater() const;
    void currentsDone(const std::shared_ptr<CurrentsJob>& job, std::uint64_t mapId, CurrentsOutcome outcome);

    MapDocument* document_ = nullptr;
    SimulationRunner* runner_ = nullptr;
    JobTracker* jobs_ = nullptr;
    AutosaveTimer* autosaveTimer_ = nullptr;
    RecoveryFiles recovery_;
    QString backend_ = "cpu";
    MapPresenter presenter_;
    QUndoCommand* latticeCommand_ = nullptr; // the lattice change being pushed (changeLattice)

    std::uint64_t mapId_ = 0;       // the runner's id of the map in place
    std::uint64_t loadTicket_ = 0;  // the newest request for a map; older results are dropped
    std::int64_t savedSteps_ = 0;   // the step count the file (or the generator) holds
    bool autosaving_ = false;
    std::uint64_t recoveryEpoch_ = 0; // bumped when the recovery file must go (save, quit)
    std::chrono::milliseconds writeDelay_{0};

    struct Generation;
    std::shared_ptr<Generation> generation_; // the one running, if any
    std::shared_ptr<CurrentsJob> currentsJob_; // the currents solve running, if any
};

} // namespace rb::editor
