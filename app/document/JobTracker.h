#pragma once

#include <QFuture>
#include <QFutureWatcher>
#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QtConcurrent/QtConcurrentRun>

#include <functional>

namespace rb::editor {

// The editing session's background work (Tiled's document manager keeps the same list): every job
// runs on the thread pool and hands its result to `done` on the GUI thread. Destroying the tracker
// waits for every running job first, so work never outlives the objects its results are for, and
// a `done` never runs once the tracker is going away.
//
// Phases that are not on the pool yet (a save waiting for the runner's map at a step boundary)
// count too: expect() them and arrived() when they are over, so a close waits for them as well.
class JobTracker : public QObject {
    Q_OBJECT
public:
    explicit JobTracker(QObject* parent = nullptr);
    ~JobTracker() override; // waits for every job

    template <typename Result>
    void run(const QString& description, std::function<Result()> work, std::function<void(Result)> done = {});

    void expect(const QString& description);
    void arrived(const QString& description);

    bool isIdle() const { return running_.isEmpty() && waiting_.isEmpty(); }
    QStringList descriptions() const; // what runs now, oldest first
    int runningCount() const { return static_cast<int>(running_.size()); } // on the pool (not waiting)
    void waitForAll();

    // A progress callback that worker code may call from any thread; progress() arrives on the
    // GUI thread. Valid while the job runs (the tracker outlives its jobs).
    std::function<void(int percent)> progressReporter();

signals:
    void started(const QString& description);
    void progress(int percent);
    void idle(); // the last job finished (after its `done`, unless that started another)

private:
    struct Running {
        QString description;
        QFuture<void> future;
        const QObject* watcher;
    };
    void forget(const QObject* watcher);
    void emitIdleIfDone();

    QList<Running> running_;
    QStringList waiting_; // expected, not yet on the pool
};

template <typename Result>
void JobTracker::run(const QString& description, std::function<Result()> work, std::function<void(Result)> done)
{
    auto* watcher = new QFutureWatcher<Result>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, done = std::move(done)] {
        forget(watcher);
        Result result = watcher->result();
        watcher->deleteLater();
        if (done) done(std::move(result));
        emitIdleIfDone();
    });
    const QFuture<Result> future = QtConcurrent::run(std::move(work));
    running_.append({description, QFuture<void>(future), watcher});
    watcher->setFuture(future);
    emit started(description);
}

} // namespace rb::editor
