#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QString>
#include <QTimer>

#include <functional>

namespace rb::editor {

// Paces the view: calls `frame` (pick up the newest snapshot and draw it) at most every
// `baseIntervalMs`, and less often when that costs the machine too much, so the simulation, which
// never waits for the view, keeps its cores:
//  - on a software renderer (llvmpipe, softpipe, SwiftShader: the pictures are drawn by the
//    same CPU cores the solver runs on) at most kSoftwareFramesPerSecond;
//  - never more than kBusyShare of the GUI thread's time in `frame` itself: a frame that took
//    40 ms starts the next at least 40 / kBusyShare ms after its own start (a large map's snapshot
//    costs more to draw, so it is drawn less often, and the rate follows the map and the machine).
//    Work a frame hands to another thread (a large map's pass over the water) counts as the
//    frame's own when it is reported (addCost): it takes a core from the simulation all the same.
class FramePacer : public QObject {
    Q_OBJECT
public:
    static constexpr int kSoftwareFramesPerSecond = 6;
    static constexpr double kBusyShare = 0.15;
    static constexpr int kLongestIntervalMs = 1000; // the view stays alive, however large the map

    FramePacer(int baseIntervalMs, std::function<void()> frame, QObject* parent = nullptr);

    int intervalMs() const { return intervalMs_; }  // from one frame's start to the next, as last chosen
    void addCost(double ms) { extraCostMs_ += ms; } // counted with the next frame's own time
    bool softwareRenderer() const { return software_; }
    // The OpenGL renderer's name as the driver reports it ("llvmpipe (LLVM 15.0.6, 256 bits)"),
    // from a throwaway context; empty when OpenGL is not available.
    static QString rendererName();
    static bool isSoftwareRenderer(const QString& rendererName);

signals:
    void intervalChanged(int ms); // the time between two frames now chosen

private:
    void tick();

    std::function<void()> frame_;
    QTimer timer_;
    int baseIntervalMs_;
    int floorMs_;
    int intervalMs_;
    double extraCostMs_ = 0.0;
    bool software_ = false;
};

} // namespace rb::editor
