#pragma once

#include <QObject>

class QAction;
class QMainWindow;

namespace rb::view {
class Viewport;
}

namespace rb::panels {
class CurrentsDock;
class EditorStatusBar;
class FlowParticlesBar;
class StatisticsDock;
} // namespace rb::panels

namespace rb::editor {

class EditingSession;
class RiverNetworkJob;
struct SimulationSnapshot;

// The View menu's overlays and colourings, each a checkable action: water by speed, dye, flow
// particles (with their toolbar), the stored currents as arrows, terrain by erosion or by
// erodibility, and the river network. Each keeps the view and its legend in step with the
// document and the newest water; the window only calls it when a map or a snapshot arrives.
class ViewToggles : public QObject {
    Q_OBJECT
public:
    ViewToggles(QMainWindow* window, EditingSession* session, view::Viewport* viewport, panels::StatisticsDock* statistics,
                panels::CurrentsDock* currents, panels::EditorStatusBar* statusBar);

    // Every view tick: the particles move over the water on screen.
    void tick();
    // A new snapshot of the map on screen: the river network follows it.
    void snapshotShown(const SimulationSnapshot& snapshot);
    // A new map in place: the overlays start again on it.
    void mapLoaded();

private:
    void createWaterToggles();
    void createErosionToggles();
    void createOverlayToggles();
    void showRiverNetwork(bool on);
    // From the document's currents (changed by a solve, Clear, undo and redo, or a new map), laid
    // on the newest water drawn. `announce`: the user toggled the view, so a map without currents
    // says so.
    void showCurrentArrows(bool announce);
    void followFlowsEveryFrame();

    QMainWindow* window_;
    EditingSession* session_;
    view::Viewport* viewport_;
    panels::StatisticsDock* statistics_;
    panels::CurrentsDock* currents_;
    panels::EditorStatusBar* statusBar_;
    QAction* bySpeed_ = nullptr;
    QAction* particles_ = nullptr;
    QAction* currentArrows_ = nullptr;
    panels::FlowParticlesBar* particlesBar_ = nullptr;
    RiverNetworkJob* riverNetwork_ = nullptr;
};

} // namespace rb::editor
