#pragma once

#include "editor/UserPrompts.h"
#include "model/Map.h"

#include <QElapsedTimer>
#include <QObject>
#include <QString>

#include <functional>
#include <optional>

namespace rb::editor {

class InputLatencyProbe;
class MainWindow;

// `riverbed --measure MAP [--model M] [--seconds N]`: how fast the editor runs its simulation
// with the view open, against the same solver with no view. The window opens MAP (the clock runs
// from the program's start until the first picture of the map is drawn), switches to the flow
// model asked for (as the Simulation dock would), plays N seconds, pauses, then steps the same
// map (the state the play reached, same backend and parameters) with no view for N seconds more.
// While it plays, an InputLatencyProbe orbits and zooms the view now and then and times the
// answer. One JSON line on stdout, then the program quits with status 0:
//   {"open_seconds", "steps_per_second", "frames_per_second", "headless_steps_per_second",
//    "orbit_seconds", "zoom_seconds", ...} (the camera's figures: the slowest answer; medians too,
// and the same figures from a few seconds with the simulation paused before it plays)
// A map that does not open, a step refused or a time limit reached quits with status 1 and a
// line on stderr.
class LiveMeasure : public QObject {
    Q_OBJECT
public:
    struct Options {
        std::optional<FlowModel> model; // none: the map's own
        double seconds = 10.0;          // of play, and as many of headless stepping
    };

    // `sinceStart` runs from the program's start: the open time counts it all.
    LiveMeasure(MainWindow& window, const Options& options, const QElapsedTimer& sinceStart);

    // `prompts` with errors ending the measurement at once instead of waiting in a dialog.
    UserPrompts failingOnErrors(UserPrompts prompts);

private:
    void mapOnScreen(); // the first picture of the map is drawn
    void chooseModel();
    void probeCameraPaused(); // the camera's answers with the simulation paused, as a baseline
    void startPlaying();
    void whenEachAsked(InputLatencyProbe* probe, std::function<void()> then);
    void stopPlaying();
    void measureHeadless(Map map);
    void report(double headlessStepsPerSecond);
    void fail(const QString& message);

    MainWindow& window_;
    Options options_;
    QElapsedTimer sinceStart_;
    QElapsedTimer playClock_;
    double openSeconds_ = 0.0;
    double playedSeconds_ = 0.0;
    std::int64_t firstStep_ = 0;
    std::uint64_t firstPicture_ = 0;
    double stepsPerSecond_ = 0.0;
    double framesPerSecond_ = 0.0;
    InputLatencyProbe* pausedCameraProbe_ = nullptr;
    InputLatencyProbe* cameraProbe_ = nullptr;
    QString modelName_;
    QString backend_;
    bool finished_ = false;
};

} // namespace rb::editor
