#pragma once

#include "editor/UserPrompts.h"
#include "generator/GenerationResult.h"
#include "generator/GeneratorSettings.h"
#include "io/EngineExport.h"
#include "model/Map.h"

#include <QFutureWatcher>
#include <QKeySequence>
#include <QList>
#include <QMainWindow>

#include <atomic>
#include <functional>
#include <memory>

class QLabel;
class QMenu;
class QProgressBar;
class QTimer;
class QToolBar;

namespace rb::panels {
class BoundaryDock;
class GeneratorDock;
class SimulationDock;
class StatisticsDock;
class ToolOptionsBar;
class UndoHistoryDock;
}
namespace rb::tools {
class ToolManager;
}
namespace rb::view {
class Viewport;
struct PickResult;
}

namespace rb::editor {

class MapDocument;
class SimulationRunner;

struct EditorOptions {
    int startSize = 256;        // the start-up island: runs live on two CPU cores
    std::int64_t startSeed = 1;
    double startCellSize = 4.0; // m: the preset's own 1 km island, at a quarter of its cells
    bool restoreLayout = true;  // dock layout and geometry from QSettings
    int viewRefreshMs = 33;     // how often the view picks up the newest snapshot
};

// The editor's window: the 3D viewport in the middle, the tools (a toolbar, their options bar),
// the Simulation, Generator, Statistics, Boundary and Undo history docks, the File / Edit /
// Simulation / Tools / View menus and the status bar. Long work (generating,
// opening, saving, exporting) runs on worker threads; the simulation on the runner's.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(const EditorOptions& options = {}, QWidget* parent = nullptr);
    ~MainWindow() override;

    MapDocument* document() const { return document_; }
    SimulationRunner* runner() const { return runner_; }
    view::Viewport* viewport() const { return viewport_; }
    panels::SimulationDock* simulationDock() const { return simulationDock_; }
    panels::GeneratorDock* generatorDock() const { return generatorDock_; }
    panels::StatisticsDock* statisticsDock() const { return statisticsDock_; }
    panels::BoundaryDock* boundaryDock() const { return boundaryDock_; }
    panels::UndoHistoryDock* undoHistoryDock() const { return undoHistoryDock_; }
    panels::ToolOptionsBar* toolOptionsBar() const { return toolOptionsBar_; }
    tools::ToolManager* toolManager() const { return toolManager_; }
    QLabel* cellReadout() const { return cellReadout_; }
    QAction* action(const QString& objectName) const;
    std::uint64_t currentMapId() const { return mapId_; } // snapshots of the map on screen carry it
    void setPrompts(UserPrompts prompts) { prompts_ = std::move(prompts); }

    // The File menu's work, callable directly (tests, command line). All return at once.
    void generate(const gen::GeneratorSettings& settings);
    void cancelGeneration();
    void openFile(const QString& path);
    void saveAs(const QString& path);
    void exportForEngine(const io::EngineExportRequest& request);
    bool isBusy() const; // generating, opening or saving

    // The status bar's text for a cell of a state.
    static QString describeCell(const MapState& state, CellCoord cell);

signals:
    void mapLoaded();                                 // a generated, opened or imported map is in place
    void generationFinished(bool ok);
    void saveFinished(bool ok, const QString& path);
    void engineExportFinished(bool ok, const QStringList& files);

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    void createActions();
    void createMenus();
    static QList<QKeySequence> redoShortcuts();
    void createDocks();
    void createTools();
    void connectDocument();
    void connectRunner();
    void refreshFromSnapshot();
    void loadIntoEditor(Map map, const QString& fileName, bool modified);
    void updateTitle();
    void whenSafeToDiscard(const QString& action, std::function<void()> proceed);
    void save(std::function<void()> onSuccess = {});
    void saveAsDialog(std::function<void()> onSuccess = {});
    void writeMap(const QString& path, std::function<void()> onSuccess);
    void openDialog();
    void importDialog();
    void exportDialog(int layer);
    void engineExportDialog();
    void addRecentFile(const QString& path);
    void rebuildRecentMenu();
    void showCell(const view::PickResult& pick);
    void generationDone(const gen::GenerationResult& result);
    void setBusyMessage(const QString& text); // empty: not busy
    void showProgress(int percent);
    void togglePlaying();
    void resetWater();
    void changeLattice(LatticeKind kind);
    void reportError(const QString& title, const QString& message);

    EditorOptions options_;
    UserPrompts prompts_ = UserPrompts::dialogs();
    MapDocument* document_ = nullptr;
    SimulationRunner* runner_ = nullptr;
    view::Viewport* viewport_ = nullptr;
    panels::SimulationDock* simulationDock_ = nullptr;
    panels::GeneratorDock* generatorDock_ = nullptr;
    panels::StatisticsDock* statisticsDock_ = nullptr;
    panels::BoundaryDock* boundaryDock_ = nullptr;
    panels::UndoHistoryDock* undoHistoryDock_ = nullptr;
    panels::ToolOptionsBar* toolOptionsBar_ = nullptr;
    QToolBar* toolBar_ = nullptr;
    tools::ToolManager* toolManager_ = nullptr;
    QLabel* cellReadout_ = nullptr;
    QLabel* backendLabel_ = nullptr;
    QProgressBar* busyBar_ = nullptr;
    QMenu* recentMenu_ = nullptr;
    QTimer* refreshTimer_ = nullptr;

    std::uint64_t mapId_ = 0;          // the runner's id of the map on screen
    std::int64_t savedSteps_ = 0;      // the step count the file (or the generator) holds
    std::shared_ptr<const MapState> shownState_;
    std::optional<CellCoord> hoveredCell_;
    bool closeApproved_ = false;
    int busyJobs_ = 0;

    std::atomic<bool> cancelGeneration_{false};
    std::atomic<int> generationProgress_{0};
    QFutureWatcher<gen::GenerationResult>* generation_ = nullptr;
};

} // namespace rb::editor
