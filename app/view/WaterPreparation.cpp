#include "view/WaterPreparation.h"

#include <QElapsedTimer>
#include <QtConcurrent>

#include <new>

namespace rb::view {

WaterPreparation::WaterPreparation(std::function<void(Prepared)> deliver, QObject* parent) : QObject(parent), deliver_(std::move(deliver))
{
    connect(&watcher_, &QFutureWatcher<Prepared>::finished, this, &WaterPreparation::finished);
}

WaterPreparation::~WaterPreparation()
{
    // The pass reads a mesh its owner is about to delete. (Only a started one: a QFuture that never
    // ran waits for ever.)
    if (running_) future_.waitForFinished();
}

void WaterPreparation::offer(WaterMesh* mesh, std::shared_ptr<const MapState> state, WaterColouring colouring, bool dyeShown,
                             bool withSurface)
{
    Request request{mesh, std::move(state), colouring, dyeShown, withSurface};
    if (running_) waiting_ = std::move(request);
    else start(std::move(request));
}

void WaterPreparation::start(Request request)
{
    running_ = true;
    future_ = QtConcurrent::run([request = std::move(request)] { return prepare(request); });
    watcher_.setFuture(future_);
}

WaterPreparation::Prepared WaterPreparation::prepare(const Request& request)
{
    QElapsedTimer clock;
    clock.start();
    Prepared prepared;
    try {
        prepared.texels = request.mesh->prepare(*request.state, request.colouring, request.dyeShown);
        if (request.withSurface) prepared.surface = Picker::surfaceOf(*request.state);
        prepared.state = request.state;
    } catch (const std::bad_alloc&) {
        prepared = Prepared();
        prepared.outOfMemory = true;
    }
    prepared.passMs = static_cast<double>(clock.nsecsElapsed()) * 1e-6;
    return prepared;
}

// On the GUI thread, from the watcher (or from settle, which got there first: then nothing is left).
void WaterPreparation::finished()
{
    if (!running_) return;
    running_ = false;
    Prepared prepared = future_.takeResult();
    if (waiting_) {
        Request next = std::move(*waiting_);
        waiting_.reset();
        start(std::move(next));
    }
    deliver_(std::move(prepared));
}

void WaterPreparation::settle()
{
    waiting_.reset();
    if (!running_) return;
    future_.waitForFinished();
    finished();
}

} // namespace rb::view
