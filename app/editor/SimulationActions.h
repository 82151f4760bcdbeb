#pragma once

#include <QObject>
#include <QString>
#include <QStringList>

class QMainWindow;

namespace rb::view {
class Viewport;
}

namespace rb::panels {
class EditorStatusBar;
class SimulationDock;
class StatisticsDock;
} // namespace rb::panels

namespace rb::editor {

class EditingSession;

// The Simulation menu (Play/Pause, Step, Reset water, Record mean flow) and what the running
// simulation tells the user: the Play button's state, why it paused, its errors (one dialog at a
// time) and which solver runs.
class SimulationActions : public QObject {
    Q_OBJECT
public:
    SimulationActions(QMainWindow* window, EditingSession* session, view::Viewport* viewport, panels::SimulationDock* simulationDock,
                      panels::StatisticsDock* statistics, panels::EditorStatusBar* statusBar);

signals:
    void failed(const QString& title, const QString& message); // worth a dialog
    void devicesFound(const QStringList& devices);             // the OpenCL devices, named for people

private:
    void createActions();
    void connectRunner();
    void listDevicesInBackground();
    void togglePlaying();
    void resetWater();

    QMainWindow* window_;
    EditingSession* session_;
    view::Viewport* viewport_;
    panels::SimulationDock* simulationDock_;
    panels::StatisticsDock* statistics_;
    panels::EditorStatusBar* statusBar_;
    bool errorShown_ = false; // a Simulation error dialog is open
    QString pausedMessage_;   // "Simulation paused: …" while the status bar may show it
};

} // namespace rb::editor
