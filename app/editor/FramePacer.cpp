#include "editor/FramePacer.h"

#include <QOffscreenSurface>
#include <QOpenGLContext>
#include <QOpenGLFunctions>

#include <algorithm>
#include <cmath>

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

// The next frame waits the floor, or long enough that this one's cost stays within kBusyShare.
void FramePacer::tick()
{
    QElapsedTimer cost;
    cost.start();
    frame_();
    const double costMs = static_cast<double>(cost.nsecsElapsed()) * 1e-6;
    const int needed = static_cast<int>(std::ceil(costMs / kBusyShare - costMs)); // from the end of this frame
    const int interval = std::clamp(needed, floorMs_, std::max(floorMs_, kLongestIntervalMs));
    timer_.start(interval);
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
