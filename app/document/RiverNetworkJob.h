#pragma once

#include "analysis/WaterFeatures.h"
#include "model/BoundarySegment.h"
#include "model/MapState.h"

#include <QElapsedTimer>
#include <QFutureWatcher>
#include <QObject>

#include <cstdint>
#include <memory>
#include <vector>

namespace rb::editor {

// Computes the river network of the running water (View › River network) off the GUI thread:
// one computation at a time, a new one at most once a second (the network of a big map takes a
// while, and the water does not change its course from frame to frame); a result for a map that
// is no longer shown, or that arrives after the overlay was switched off, is dropped.
class RiverNetworkJob : public QObject {
    Q_OBJECT
public:
    using Result = std::shared_ptr<const analysis::WaterFeatures>;

    explicit RiverNetworkJob(QObject* parent = nullptr);
    ~RiverNetworkJob() override; // waits for a computation still running

    void setEnabled(bool on);
    bool enabled() const { return enabled_; }
    bool busy() const { return watcher_.isRunning(); }
    // The newest state of map `mapId`: computed if the overlay is on, nothing runs and the last
    // computation began a second ago or more (`now`: right away, e.g. when switched on).
    void offer(std::shared_ptr<const MapState> state, const std::vector<BoundarySegment>& boundary, std::uint64_t mapId, bool now = false);
    // The map on screen changed: results still to come belong to the old one.
    void mapChanged(std::uint64_t mapId) { shownMapId_ = mapId; }

signals:
    void computed(rb::editor::RiverNetworkJob::Result features);

private:
    void finish();

    QFutureWatcher<Result> watcher_;
    QElapsedTimer sinceStart_;
    bool enabled_ = false;
    std::uint64_t runningMapId_ = 0;
    std::uint64_t shownMapId_ = 0;
};

} // namespace rb::editor
