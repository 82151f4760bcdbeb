#pragma once

#include "view/Picker.h"
#include "view/WaterMesh.h"

#include <QFuture>
#include <QFutureWatcher>
#include <QObject>

#include <functional>
#include <memory>

namespace rb::view {

// The pass over a large map that each water snapshot needs before it is drawn (the water's
// texels, its wet tiles, the picker's surface: about 0.4 s at 4096² on this project's 2-core
// machine), run on the thread pool so that the GUI thread keeps answering the camera meanwhile.
// One pass at a time, because WaterMesh::prepare keeps the record of what its textures hold; a
// snapshot offered while one runs waits, and a newer one replaces it (the view wants the newest
// water, not every one). The result is handed to `deliver` on the GUI thread.
class WaterPreparation : public QObject {
    Q_OBJECT
public:
    struct Prepared {
        std::shared_ptr<const MapState> state;
        WaterTexels texels;
        std::optional<Picker::Surface> surface; // none: not asked for
        bool outOfMemory = false; // the pass could not get its arrays: nothing else is set
        double passMs = 0.0;      // what the pass took (the view's pacing counts it)
    };

    explicit WaterPreparation(std::function<void(Prepared)> deliver, QObject* parent = nullptr);
    ~WaterPreparation() override;

    // `mesh` must stay alive until the pass ends: call settle() before replacing it.
    // `withSurface`: prepare the picker's surface too (a third of the pass; without it the view
    // makes it when something first picks).
    void offer(WaterMesh* mesh, std::shared_ptr<const MapState> state, WaterColouring colouring, bool dyeShown, bool withSurface);
    // Before anything else touches the mesh (a new map, another colouring): waits for the running
    // pass and delivers it at once; the waiting snapshot is dropped.
    void settle();
    bool busy() const { return running_; }

private:
    struct Request {
        WaterMesh* mesh = nullptr;
        std::shared_ptr<const MapState> state;
        WaterColouring colouring = WaterColouring::Depth;
        bool dyeShown = false;
        bool withSurface = true;
    };
    void start(Request request);
    void finished();
    static Prepared prepare(const Request& request);

    std::function<void(Prepared)> deliver_;
    QFuture<Prepared> future_;
    QFutureWatcher<Prepared> watcher_;
    bool running_ = false; // a pass whose result is not delivered yet
    std::optional<Request> waiting_;
};

} // namespace rb::view
