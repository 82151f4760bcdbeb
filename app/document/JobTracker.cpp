#include "document/JobTracker.h"

namespace rb::editor {

JobTracker::JobTracker(QObject* parent) : QObject(parent) {}

JobTracker::~JobTracker()
{
    waitForAll();
}

void JobTracker::expect(const QString& description)
{
    waiting_.append(description);
    emit started(description);
}

void JobTracker::arrived(const QString& description)
{
    waiting_.removeOne(description);
    emitIdleIfDone();
}

QStringList JobTracker::descriptions() const
{
    QStringList all = waiting_;
    for (const Running& job : running_) all.append(job.description);
    return all;
}

// Jobs still queued on the pool are taken back and run here (QFuture::waitForFinished), so this
// never waits for a thread that is itself waiting for the pool.
void JobTracker::waitForAll()
{
    for (Running& job : running_) job.future.waitForFinished();
}

std::function<void(int)> JobTracker::progressReporter()
{
    return [this](int percent) {
        QMetaObject::invokeMethod(this, [this, percent] { emit progress(percent); }, Qt::QueuedConnection);
    };
}

void JobTracker::forget(const QObject* watcher)
{
    running_.removeIf([watcher](const Running& job) { return job.watcher == watcher; });
}

void JobTracker::emitIdleIfDone()
{
    if (isIdle()) emit idle();
}

} // namespace rb::editor
