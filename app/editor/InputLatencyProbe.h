#pragma once

#include <QElapsedTimer>
#include <QObject>

#include <atomic>
#include <optional>
#include <thread>
#include <vector>

namespace rb::view {
class Viewport;
}

namespace rb::editor {

// How long the view takes to answer the camera while the simulation plays (`riverbed --measure`'s
// orbit and zoom figures). At planned moments a worker thread asks the GUI thread, through its
// event queue as the window system's input arrives, to orbit (an Alt+left drag of kOrbitPixels) or
// to zoom (one wheel step), in turn and back again so the view stays where it was. Each answer's
// time runs from the request until a picture drawn after the camera moved is complete (a render
// capture asked for right after the move): a GUI thread busy with a large map's snapshot, or a
// renderer that has not finished the last picture, shows up in it as a user would feel it.
class InputLatencyProbe : public QObject {
    Q_OBJECT
public:
    static constexpr int kIntervalMs = 700; // between two requests
    static constexpr int kOrbitPixels = 40;

    enum class Kind { Orbit, Zoom };
    struct Figures {
        int answered = 0;
        double worstSeconds = 0.0;
        double medianSeconds = 0.0;
    };

    explicit InputLatencyProbe(view::Viewport& viewport, QObject* parent = nullptr);
    ~InputLatencyProbe() override;

    void start();
    // No more requests. One still unanswered counts with the time it has waited so far (a lower
    // bound of its answer), so a view that never draws cannot read as a quick one.
    void stop();
    Figures figures(Kind kind) const;
    // Both an orbit and a zoom have been asked for (each then has a figure, answered or not). On a
    // loaded machine the GUI thread may take the planned requests late: a measurement waits for this.
    bool askedEach() const { return orbitAsked_ && zoomAsked_; }

private:
    void plan(std::stop_token stop);
    void ask(Kind kind, qint64 askedNs); // on the GUI thread
    void moveCamera(Kind kind);
    void record(Kind kind, qint64 askedNs);

    view::Viewport& viewport_;
    QElapsedTimer clock_;
    std::jthread planner_;
    std::optional<std::pair<Kind, qint64>> waiting_; // a request whose picture is not drawn yet
    std::vector<double> orbitSeconds_, zoomSeconds_;
    int orbitSign_ = 1, zoomSign_ = 1; // alternate, so the camera comes back
    bool stopped_ = false;
    bool orbitAsked_ = false, zoomAsked_ = false;
};

} // namespace rb::editor
