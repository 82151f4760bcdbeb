#include "editor/InputLatencyProbe.h"

#include "view/Viewport.h"

#include <Qt3DRender/QRenderCaptureReply>

#include <QCoreApplication>
#include <QMouseEvent>
#include <QWheelEvent>
#include <QWindow>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <mutex>

namespace rb::editor {
namespace {

void sendMouse(QWindow* window, QEvent::Type type, QPoint pixel, Qt::MouseButton button, Qt::MouseButtons held)
{
    QMouseEvent event(type, QPointF(pixel), QPointF(window->mapToGlobal(pixel)), button, held, Qt::AltModifier);
    QCoreApplication::sendEvent(window, &event);
}

double median(std::vector<double> values)
{
    if (values.empty()) return 0.0;
    const auto middle = values.begin() + static_cast<std::ptrdiff_t>(values.size() / 2);
    std::nth_element(values.begin(), middle, values.end());
    return *middle;
}

} // namespace

InputLatencyProbe::InputLatencyProbe(view::Viewport& viewport, QObject* parent) : QObject(parent), viewport_(viewport) {}

InputLatencyProbe::~InputLatencyProbe()
{
    planner_ = {}; // asks the planner to stop and joins it
}

void InputLatencyProbe::start()
{
    clock_.start();
    planner_ = std::jthread([this](std::stop_token stop) { plan(stop); });
}

// The worker's clock, not the GUI thread's timers: a request is made on time however busy the GUI
// thread is, as a user's drag would be.
void InputLatencyProbe::plan(std::stop_token stop)
{
    std::mutex mutex;
    std::condition_variable_any wake;
    std::unique_lock lock(mutex);
    for (int i = 1;; ++i) {
        const auto due = std::chrono::steady_clock::now() + std::chrono::milliseconds(kIntervalMs);
        if (wake.wait_until(lock, stop, due, [] { return false; }) || stop.stop_requested()) return;
        const Kind kind = i % 2 == 1 ? Kind::Orbit : Kind::Zoom;
        const qint64 asked = clock_.nsecsElapsed();
        QMetaObject::invokeMethod(this, [this, kind, asked] { ask(kind, asked); }, Qt::QueuedConnection);
    }
}

void InputLatencyProbe::stop()
{
    planner_ = {};
    stopped_ = true;
    if (waiting_) record(waiting_->first, waiting_->second);
    waiting_.reset();
}

// One request at a time: while the last move's picture is not drawn, a new one would only be
// merged into it by the renderer, so it is skipped.
void InputLatencyProbe::ask(Kind kind, qint64 askedNs)
{
    if (stopped_ || waiting_) return;
    moveCamera(kind);
    (kind == Kind::Orbit ? orbitAsked_ : zoomAsked_) = true;
    waiting_ = std::pair(kind, askedNs);
    Qt3DRender::QRenderCaptureReply* reply = viewport_.requestCapture();
    connect(reply, &Qt3DRender::QRenderCaptureReply::completed, this, [this, reply] {
        reply->deleteLater();
        if (!waiting_) return; // stopped meanwhile: already counted
        record(waiting_->first, waiting_->second);
        waiting_.reset();
    });
}

void InputLatencyProbe::moveCamera(Kind kind)
{
    QWindow* window = viewport_.renderWindow();
    const QPoint centre(window->width() / 2, window->height() / 2);
    if (kind == Kind::Orbit) {
        const QPoint to = centre + QPoint(orbitSign_ * kOrbitPixels, 0);
        orbitSign_ = -orbitSign_;
        sendMouse(window, QEvent::MouseButtonPress, centre, Qt::LeftButton, Qt::LeftButton);
        sendMouse(window, QEvent::MouseMove, to, Qt::NoButton, Qt::LeftButton);
        sendMouse(window, QEvent::MouseButtonRelease, to, Qt::LeftButton, Qt::NoButton);
        return;
    }
    QWheelEvent wheel(QPointF(centre), QPointF(window->mapToGlobal(centre)), QPoint(), QPoint(0, 120 * zoomSign_), Qt::NoButton,
                      Qt::NoModifier, Qt::NoScrollPhase, false);
    zoomSign_ = -zoomSign_;
    QCoreApplication::sendEvent(window, &wheel);
}

void InputLatencyProbe::record(Kind kind, qint64 askedNs)
{
    const double seconds = static_cast<double>(clock_.nsecsElapsed() - askedNs) * 1e-9;
    (kind == Kind::Orbit ? orbitSeconds_ : zoomSeconds_).push_back(seconds);
}

InputLatencyProbe::Figures InputLatencyProbe::figures(Kind kind) const
{
    const std::vector<double>& seconds = kind == Kind::Orbit ? orbitSeconds_ : zoomSeconds_;
    Figures result;
    result.answered = static_cast<int>(seconds.size());
    if (seconds.empty()) return result;
    result.worstSeconds = *std::max_element(seconds.begin(), seconds.end());
    result.medianSeconds = median(seconds);
    return result;
}

} // namespace rb::editor
