#include "distributed/BandSnapshot.h"

#include <QDir>

#include <algorithm>
#include <stdexcept>

namespace rb {
namespace {

// The arrays of a row block in a fixed order: depth, flows, velocities.
std::vector<std::vector<float>*> arraysOf(RowBlock& rows)
{
    std::vector<std::vector<float>*> arrays{&rows.depth};
    for (std::vector<float>& f : rows.flows) arrays.push_back(&f);
    for (std::vector<float>& u : rows.velocities) arrays.push_back(&u);
    return arrays;
}

} // namespace

BandSnapshot::BandSnapshot(const CpuSolver& solver, int height, bool recordingMean) : height_(height)
{
    if (!recordingMean && spill(solver)) return;
    file_.reset();
    map_ = solver.readMap();
}

bool BandSnapshot::spill(const CpuSolver& solver)
{
    const Diagnostics d = solver.diagnostics();
    time_ = d.time;
    steps_ = d.steps;
    ledger_ = d.ledger;
    file_ = std::make_unique<QTemporaryFile>(QDir::tempPath() + "/riverbed-band-XXXXXX");
    if (!file_->open()) return false;
    for (int y0 = -1; y0 < height_ + 1; y0 += kBlockRows) {
        RowBlock rows = solver.readRows(y0, std::min(height_ + 1, y0 + kBlockRows));
        for (const std::vector<float>* a : arraysOf(rows)) {
            const auto bytes = static_cast<qint64>(a->size() * sizeof(float));
            if (file_->write(reinterpret_cast<const char*>(a->data()), bytes) != bytes) return false;
        }
    }
    return file_->flush();
}

Map BandSnapshot::restore(CpuSolver& solver) const
{
    if (map_) return *map_;
    if (!file_->seek(0)) throw std::runtime_error("a band's saved water cannot be read back: " + file_->errorString().toStdString());
    for (int y0 = -1; y0 < height_ + 1; y0 += kBlockRows) {
        RowBlock rows = solver.readRows(y0, std::min(height_ + 1, y0 + kBlockRows)); // the shapes, then the values
        for (std::vector<float>* a : arraysOf(rows)) {
            const auto bytes = static_cast<qint64>(a->size() * sizeof(float));
            if (file_->read(reinterpret_cast<char*>(a->data()), bytes) != bytes)
                throw std::runtime_error("a band's saved water cannot be read back: " + file_->errorString().toStdString());
        }
        solver.writeRows(rows);
    }
    Map map = solver.readMap();
    map.state.time = time_;
    map.state.steps = steps_;
    map.state.ledger = ledger_;
    return map;
}

} // namespace rb
