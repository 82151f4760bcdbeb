#include "editor/FramePacer.h"

#include <QOffscreenSurface>
#include <QOpenGLContext>
#include <QOpenGLFunctions>

#include <algorithm>
#include <cmath>
#include <utility>

namespace rb::editor {

FramePacer::FramePacer(int baseIntervalMs, std::function<void()> frame, QObject* parent)
    : QObject(parent), frame_(std::move(frame)), baseIntervalMs_(std::max(1, baseIntervalMs))
{
    software_ = isSoftwareRenderer(rendererName());
    floorMs_ = software_ ? std::max(baseIntervalMs_, 1000 / kSoftwareFramesPerSecond) : baseIntervalMs_;
    intervalMs_ = floorMs_;
    timer_.setSingleShot(true);
    connect(&timer_, &QTimer::timeout, this, &FramePacer::tick);
    timer_.start(intervalMs_);
}

// Frames start at most every floorMs_ (the floor is a period: this frame's cost comes out of
// it), and after a costly frame the GUI thread rests long enough that frames take at most
// kBusyShare of its time.
void FramePacer::tick()
{
    QElapsedTimer cost;
    cost.start();
    frame_();
    const double ownMs = static_cast<double>(cost.nsecsElapsed()) * 1e-6;
    const double costMs = ownMs + std::exchange(extraCostMs_, 0.0);
    const int rest = static_cast<int>(std::ceil(costMs / kBusyShare - costMs));
    const int period = static_cast<int>(std::ceil(costMs)) + std::max(0, rest);
    const int interval = std::clamp(period, floorMs_, std::max(floorMs_, kLongestIntervalMs));
    timer_.start(std::max(0, interval - static_cast<int>(std::ceil(ownMs))));
    if (interval != intervalMs_) emit intervalChanged(intervalMs_ = interval);
}

QString FramePacer::rendererName()
{
    QOffscreenSurface surface;
    surface.create();
    QOpenGLContext context;
    if (!context.create() || !context.makeCurrent(&surface)) return {};
    const auto* name = reinterpret_cast<const char*>(context.functions()->glGetString(GL_RENDERER));
    const QString result = name ? QString::fromLatin1(name) : QString();
    context.doneCurrent();
    return result;
}

bool FramePacer::isSoftwareRenderer(const QString& rendererName)
{
    const QString name = rendererName.toLower();
    return name.contains("llvmpipe") || name.contains("softpipe") || name.contains("swiftshader") || name.contains("software");
}

} // namespace rb::editor
