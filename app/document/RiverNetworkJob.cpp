#include "document/RiverNetworkJob.h"

#include "analysis/WaterFeatureExtraction.h"

#include <QtConcurrent/QtConcurrentRun>

namespace rb::editor {

namespace {

constexpr qint64 kMinIntervalMs = 1000;

} // namespace

RiverNetworkJob::RiverNetworkJob(QObject* parent) : QObject(parent)
{
    connect(&watcher_, &QFutureWatcher<Result>::finished, this, &RiverNetworkJob::finish);
}

RiverNetworkJob::~RiverNetworkJob()
{
    watcher_.waitForFinished();
}

void RiverNetworkJob::setEnabled(bool on)
{
    enabled_ = on;
}

void RiverNetworkJob::offer(std::shared_ptr<const MapState> state, const std::vector<BoundarySegment>& boundary, std::uint64_t mapId, bool now)
{
    shownMapId_ = mapId;
    if (!enabled_ || !state || busy()) return;
    if (!now && sinceStart_.isValid() && sinceStart_.elapsed() < kMinIntervalMs) return;
    sinceStart_.start();
    runningMapId_ = mapId;
    watcher_.setFuture(QtConcurrent::run([state = std::move(state), boundary]() -> Result {
        Map map;
        map.state = *state;
        map.boundary = boundary;
        return std::make_shared<const analysis::WaterFeatures>(analysis::extractWaterFeatures(map));
    }));
}

void RiverNetworkJob::finish()
{
    if (!enabled_ || runningMapId_ != shownMapId_) return;
    emit computed(watcher_.result());
}

} // namespace rb::editor
