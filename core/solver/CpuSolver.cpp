#include "solver/CpuSolver.h"

#include "solver/Stability.h"

#include <omp.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>

namespace rb {
namespace {

// Below this depth a pipe counts as dry for speed diagnostics (a film's "speed" means nothing).
constexpr float kWetDepth = 1e-3f;

} // namespace

CpuSolver::CpuSolver(int threadCount, bool refuseAboveCfl, CpuTiling tiling)
    : threadCount_(threadCount > 0 ? threadCount : omp_get_max_threads()), refuseAboveCfl_(refuseAboveCfl), tiling_(tiling)
{
    if (tiling_.tileSize < 1 || tiling_.stepsPerPass < 1) throw std::invalid_argument("tile size and steps per pass must be positive");
    workspaces_.resize(static_cast<std::size_t>(threadCount_));
    parallel_ = threadCount > 0; // an explicit count is used whatever the map's size
}

void CpuSolver::load(const Map& map)
{
    if (const std::string problem = map.validate(); !problem.empty()) throw std::invalid_argument(problem);
    lattice_ = map.state.lattice;
    bed_ = map.state.bed.values();
    depth_ = map.state.depth.values();
    flows_.clear();
    for (const FloatField& f : map.state.flows) flows_.push_back(f.values());
    nextDepth_ = depth_;
    nextFlows_ = flows_;
    // The step's dependency radius is 2 cells: a window needs 2 cells of halo per step it runs.
    tiles_.build(lattice_, tiling_.tileSize, 2 * tiling_.stepsPerPass);
    // Below this size a step takes microseconds and thread hand-offs cost more than they save
    // (and stall badly when another process holds a core).
    constexpr std::size_t kParallelCells = 128 * 256;
    parallel_ = parallel_ || lattice_.cellCount() >= kParallelCells;
    time_ = map.state.time;
    steps_ = map.state.steps;
    ledger_ = map.state.ledger;
    setParams(map.params);
    setBoundary(map.boundary);
    setSources(map.sources);
    refreshDiagnostics();
}

void CpuSolver::setParams(const SimParams& params)
{
    if (const std::string problem = params.validate(); !problem.empty()) throw std::invalid_argument(problem);
    params_ = params;
    constants_ = StepConstants::from(params, lattice_);
    diagnostics_.cfl = cflNumber(lattice_, params_, diagnostics_.maxDepth);
}

void CpuSolver::setBoundary(const std::vector<BoundarySegment>& segments)
{
    if (const std::string problem = validateBoundary(lattice_, segments); !problem.empty()) throw std::invalid_argument(problem);
    segments_ = segments;
    tiles_.assignBoundary(lattice_, expandBoundary(lattice_, segments));
}

void CpuSolver::setSources(const std::vector<PointSource>& sources)
{
    if (const std::string problem = validateSources(lattice_, sources); !problem.empty()) throw std::invalid_argument(problem);
    sources_ = sources;
    tiles_.assignSources(lattice_, resolveSources(lattice_, sources));
}

StepResult CpuSolver::step(int count)
{
    if (count < 0) throw std::invalid_argument("step count must not be negative");
    if (refuseAboveCfl_ && diagnostics_.cfl > 1.0) return {0, unstableCallMessage(lattice_, params_, diagnostics_.maxDepth, steps_, "the CFL number is above 1")};
    // Keep what we need to undo the whole call if the scheme blows up inside it.
    depthBackup_ = depth_;
    flowsBackup_ = flows_;
    const Diagnostics before = diagnostics_;

    advance(count);

    const bool finite = stateIsFinite();
    if (finite) refreshDiagnostics();
    if (!finite || (refuseAboveCfl_ && diagnostics_.cfl > 1.0)) {
        const std::string message = unstableCallMessage(lattice_, params_, diagnostics_.maxDepth, before.steps, finite ? "the CFL number rose above 1" : "a value turned NaN/Inf");
        depth_.swap(depthBackup_);
        flows_.swap(flowsBackup_);
        time_ = before.time;
        steps_ = before.steps;
        ledger_ = before.ledger;
        diagnostics_ = before;
        return {0, message};
    }
    return {count, {}};
}

void CpuSolver::advance(int count)
{
    for (int done = 0; done < count;) {
        const int steps = std::min(tiling_.stepsPerPass, count - done);
        advancePass(steps);
        done += steps;
    }
}

void CpuSolver::advancePass(int steps)
{
    const std::vector<TilePlan::Tile>& tiles = tiles_.tiles();
    std::vector<VolumeLedger> tileLedgers(tiles.size());
    const int tileCount = static_cast<int>(tiles.size());
#pragma omp parallel for schedule(dynamic, 1) num_threads(threadCount_) if (parallel_ && tileCount > 1)
    for (int t = 0; t < tileCount; ++t) {
        const TilePlan::Tile& tile = tiles[static_cast<std::size_t>(t)];
        TileWorkspace& workspace = workspaces_[static_cast<std::size_t>(omp_get_thread_num())];
        const GridView view = workspace.load(lattice_, tile, bed_, depth_, flows_);
        PipeStep step(view, constants_);
        for (int i = 0; i < steps; ++i) step.run(tile.edges, tile.sources, tile.countedCells, tileLedgers[static_cast<std::size_t>(t)]);
        workspace.store(lattice_, tile, nextDepth_, nextFlows_);
    }
    depth_.swap(nextDepth_);
    flows_.swap(nextFlows_);
    for (const VolumeLedger& l : tileLedgers) ledger_ += l; // in tile order, whatever thread ran it
    for (int i = 0; i < steps; ++i) {
        time_ += params_.dt;
        ++steps_;
    }
}

bool CpuSolver::stateIsFinite() const
{
    auto finite = [](const std::vector<float>& values) {
        return std::all_of(values.begin(), values.end(), [](float v) { return std::isfinite(v); });
    };
    return finite(depth_) && std::all_of(flows_.begin(), flows_.end(), finite);
}

void CpuSolver::refreshDiagnostics()
{
    const int width = lattice_.width(), height = lattice_.height();
    std::vector<double> volume(static_cast<std::size_t>(height), 0.0);
    std::vector<float> maxDepth(static_cast<std::size_t>(height), 0.0f), maxSpeed(static_cast<std::size_t>(height), 0.0f);
#pragma omp parallel for schedule(static) num_threads(threadCount_) if (parallel_)
    for (int y = 0; y < height; ++y) {
        double rowVolume = 0.0;
        float rowDepth = 0.0f, rowSpeed = 0.0f;
        for (int x = 0; x < width; ++x) {
            const float h = depth_[lattice_.index(x, y)];
            rowVolume += h;
            rowDepth = std::max(rowDepth, h);
            for (int f = 0; f < lattice_.familyCount(); ++f) {
                // Speed through the pipe headed here: flow over the face's wetted area, with the
                // mean depth of the two cells it joins (the cell the water left may have just
                // emptied; its depth alone would turn a draining film into absurd speeds).
                const CellOffset t = lattice_.family(f).tailOffset(y);
                const float q = flows_[static_cast<std::size_t>(f)][lattice_.paddedIndex(x, y)];
                const float tailDepth = lattice_.contains(x + t.dx, y + t.dy) ? depth_[lattice_.index(x + t.dx, y + t.dy)] : h;
                const float faceDepth = 0.5f * (tailDepth + h);
                if (faceDepth >= kWetDepth)
                    rowSpeed = std::max(rowSpeed, std::abs(q) / (faceDepth * static_cast<float>(lattice_.family(f).faceWidth)));
            }
        }
        const auto row = static_cast<std::size_t>(y);
        volume[row] = rowVolume;
        maxDepth[row] = rowDepth;
        maxSpeed[row] = rowSpeed;
    }
    diagnostics_.steps = steps_;
    diagnostics_.time = time_;
    diagnostics_.volume = std::accumulate(volume.begin(), volume.end(), 0.0) * lattice_.cellArea();
    diagnostics_.ledger = ledger_;
    diagnostics_.maxDepth = *std::max_element(maxDepth.begin(), maxDepth.end());
    diagnostics_.maxSpeed = *std::max_element(maxSpeed.begin(), maxSpeed.end());
    diagnostics_.cfl = cflNumber(lattice_, params_, diagnostics_.maxDepth);
}

MapState CpuSolver::readState() const
{
    MapState state(lattice_);
    state.bed.values() = bed_;
    state.depth.values() = depth_;
    for (std::size_t f = 0; f < flows_.size(); ++f) state.flows[f].values() = flows_[f];
    state.time = time_;
    state.steps = steps_;
    state.ledger = ledger_;
    return state;
}

} // namespace rb
