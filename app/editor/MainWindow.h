#pragma once

#include "editor/UserPrompts.h"
#include "generator/GeneratorSettings.h"
#include "io/export/EngineBundle.h"
#include "io/export/EngineExport.h"
#include "model/Map.h"
#include "panels/StartUpIsland.h"

#include <QMainWindow>

#include <memory>

class QLabel;
class QMenu;
class QToolBar;

namespace rb::opencl {
struct DeviceInfo;
}
namespace rb::panels {
class BoundaryDock;
class CurrentsDock;
class EditorStatusBar;
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
}

namespace rb::editor {

struct CurrentsOutcome;
class AboutDialog;
class EditingSession;
class FileActions;
class FramePacer;
class HelpActions;
class ImportHeightmapDialog;
class ShortcutsDialog;
class UserGuideDialog;
class MapDocument;
class SimulationActions;
class SimulationRunner;
class UndoActions;
class ViewToggles;

struct EditorOptions {
    int startSize = panels::kStartUpCells; // the start-up island (panels/StartUpIsland)
    std::int64_t startSeed = panels::kStartUpSeed;
    double startCellSize = panels::kStartUpCellSize; // m
    QString startFile;          // opened instead of generating the island
    bool startPlaying = false;  // the simulation runs as soon as the first map is in place
    bool restoreLayout = true;  // dock layout and geometry from QSettings
    int viewRefreshMs = 33;     // how often the view picks up the newest snapshot, at most (FramePacer)
};

// The editor's window: the 3D viewport in the middle, the tools (a toolbar, their options bar),
// the Simulation, Generator, Statistics, Boundary, Currents and Undo history docks, the File / Edit /
// Simulation / Tools / View / Help menus and the status bar, all wired to one EditingSession, which owns
// the map, the simulation and the background work. The window asks the user first (unsaved
// changes, file names, restoring an autosave) and shows what the session reports.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(const EditorOptions& options = {}, QWidget* parent = nullptr);
    ~MainWindow() override;

    EditingSession* session() const { return session_; }
    MapDocument* document() const;
    SimulationRunner* runner() const;
    view::Viewport* viewport() const { return viewport_; }
    panels::SimulationDock* simulationDock() const { return simulationDock_; }
    panels::GeneratorDock* generatorDock() const { return generatorDock_; }
    panels::StatisticsDock* statisticsDock() const { return statisticsDock_; }
    panels::BoundaryDock* boundaryDock() const { return boundaryDock_; }
    panels::CurrentsDock* currentsDock() const { return currentsDock_; }
    panels::UndoHistoryDock* undoHistoryDock() const { return undoHistoryDock_; }
    panels::ToolOptionsBar* toolOptionsBar() const { return toolOptionsBar_; }
    tools::ToolManager* toolManager() const { return toolManager_; }
    QLabel* cellReadout() const;
    QAction* action(const QString& objectName) const;
    std::uint64_t currentMapId() const; // snapshots of the map on screen carry it
    void setPrompts(UserPrompts prompts) { prompts_ = std::move(prompts); }

    // The File menu's work, callable directly (tests, command line). All return at once; those
    // that replace the map ask about unsaved changes first.
    void generate(const gen::GeneratorSettings& settings);
    void cancelGeneration();
    void openFile(const QString& path);
    void saveAs(const QString& path);
    void exportForEngine(const io::EngineExportRequest& request);
    void exportBundle(const io::EngineBundleRequest& request);
    // File › Import heightmap's dialog for `path`, shown window-modal; its Import replaces the map.
    ImportHeightmapDialog* showImportDialog(const QString& path);
    // The Help menu's windows (non-modal; shown, raised and returned).
    UserGuideDialog* showUserGuide();
    ShortcutsDialog* showShortcuts();
    AboutDialog* showAbout();
    bool isBusy() const; // any of the session's jobs running (generating, opening, saving, …)
    // Offers each autosave a crash left, newest first (UserPrompts::askRecovery), until one is restored.
    void offerRecovery();

signals:
    void mapLoaded();                                 // a generated, opened or imported map is in place
    void generationFinished(bool ok);
    void saveFinished(bool ok, const QString& path);
    void engineExportFinished(bool ok, const QStringList& files);
    void bundleExportFinished(bool ok, const QStringList& files); // the files: manifest.json last

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    void createActions();
    void createMenus();
    void createDocks();
    void createTools();
    void createStatusBar();
    void connectDocument();
    void connectSession();
    void pauseForViewMemory(); // the newest water could not be drawn
    void refreshFromSnapshot();
    void showNewestSnapshot();
    void createCurrentsDock();
    void connectCurrents();
    QString presentMap(const Map& map); // EditingSession's presenter: empty, or why the view cannot take it
    void showLoadedMap();
    void updateTitle();
    void reportError(const QString& title, const QString& message);

    EditorOptions options_;
    UserPrompts prompts_ = UserPrompts::dialogs();
    EditingSession* session_ = nullptr;
    view::Viewport* viewport_ = nullptr;
    panels::SimulationDock* simulationDock_ = nullptr;
    panels::GeneratorDock* generatorDock_ = nullptr;
    panels::StatisticsDock* statisticsDock_ = nullptr;
    panels::BoundaryDock* boundaryDock_ = nullptr;
    panels::CurrentsDock* currentsDock_ = nullptr;
    panels::UndoHistoryDock* undoHistoryDock_ = nullptr;
    panels::ToolOptionsBar* toolOptionsBar_ = nullptr;
    QToolBar* toolBar_ = nullptr;
    tools::ToolManager* toolManager_ = nullptr;
    panels::EditorStatusBar* statusBar_ = nullptr;
    FramePacer* framePacer_ = nullptr; // picks up the newest snapshot for the view
    ViewToggles* viewToggles_ = nullptr; // the View menu's overlays and colourings
    FileActions* fileActions_ = nullptr; // the File menu's dialogs, questions and reports
    HelpActions* helpActions_ = nullptr;
    SimulationActions* simulationActions_ = nullptr; // Play, Step, Reset, and what the simulation reports
    UndoActions* undoActions_ = nullptr;

    bool closeApproved_ = false; // unsaved changes: the user answered
    bool closeWhenIdle_ = false; // a close waits for the session's jobs
};

} // namespace rb::editor
