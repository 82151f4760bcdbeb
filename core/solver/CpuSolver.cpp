#include "solver/CpuSolver.h"

#include "solver/RegionEdit.h"
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
    state_.depth = map.state.depth.values();
    state_.flows.clear();
    for (const FloatField& f : map.state.flows) state_.flows.push_back(f.values());
    kept_ = state_;
    scratch_ = state_;
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
    if (count == 0) return {0, {}};
    const Diagnostics before = diagnostics_;

    advance(count); // the state before the call is now in kept_

    const bool finite = refreshDiagnostics();
    if (!finite || (refuseAboveCfl_ && diagnostics_.cfl > 1.0)) {
        const std::string message = unstableCallMessage(lattice_, params_, before.maxDepth, before.steps, finite ? "the CFL number rose above 1" : "a value turned NaN/Inf");
        std::swap(state_, kept_);
        time_ = before.time;
        steps_ = before.steps;
        ledger_ = before.ledger;
        diagnostics_ = before;
        return {0, message};
    }
    return {count, {}};
}

void CpuSolver::setBed(const CellRegion& rect, const std::vector<float>& bed)
{
    if (const std::string problem = checkRegionEdit(lattice_, rect, bed, EditedField::Bed); !problem.empty()) throw std::invalid_argument(problem);
    writeRegion(bed_, lattice_.width(), rect, bed);
}

void CpuSolver::setDepth(const CellRegion& rect, const std::vector<float>& depth)
{
    if (const std::string problem = checkRegionEdit(lattice_, rect, depth, EditedField::Depth); !problem.empty()) throw std::invalid_argument(problem);
    const double change = depthChange(copyRegion(state_.depth, lattice_.width(), rect), depth);
    writeRegion(state_.depth, lattice_.width(), rect, depth);
    ledger_.edited += change * lattice_.cellArea();
    refreshDiagnostics(); // depth (so the CFL number) may have risen
}

std::vector<float> CpuSolver::readBed(const CellRegion& rect) const
{
    requireRegionInside(lattice_, rect);
    return copyRegion(bed_, lattice_.width(), rect);
}

std::vector<float> CpuSolver::readDepth(const CellRegion& rect) const
{
    requireRegionInside(lattice_, rect);
    return copyRegion(state_.depth, lattice_.width(), rect);
}

void CpuSolver::advance(int count)
{
    for (int done = 0; done < count;) {
        const int steps = std::min(tiling_.stepsPerPass, count - done);
        advancePass(steps, done == 0 ? kept_ : scratch_);
        done += steps;
    }
}

void CpuSolver::advancePass(int steps, FieldSet& target)
{
    const std::vector<TilePlan::Tile>& tiles = tiles_.tiles();
    // One ledger per tile and step, summed per step (tiles in order) and then step by step: the
    // books then do not depend on how a run is split into calls and passes.
    const auto stepCount = static_cast<std::size_t>(steps);
    std::vector<VolumeLedger> tileLedgers(tiles.size() * stepCount);
    const int tileCount = static_cast<int>(tiles.size());
#pragma omp parallel for schedule(dynamic, 1) num_threads(threadCount_) if (parallel_ && tileCount > 1)
    for (int t = 0; t < tileCount; ++t) {
        const TilePlan::Tile& tile = tiles[static_cast<std::size_t>(t)];
        TileWorkspace& workspace = workspaces_[static_cast<std::size_t>(omp_get_thread_num())];
        const GridView view = workspace.load(lattice_, tile, bed_, state_.depth, state_.flows);
        PipeStep step(view, constants_);
        for (int i = 0; i < steps; ++i)
            step.run(tile.edges, tile.sources, tile.countedCells, tileLedgers[static_cast<std::size_t>(t) * stepCount + static_cast<std::size_t>(i)]);
        workspace.store(lattice_, tile, target.depth, target.flows);
    }
    std::swap(state_, target);
    for (std::size_t i = 0; i < stepCount; ++i) {
        VolumeLedger stepLedger;
        for (std::size_t t = 0; t < tiles.size(); ++t) stepLedger += tileLedgers[t * stepCount + i];
        ledger_ += stepLedger;
        time_ += params_.dt;
        ++steps_;
    }
}

bool CpuSolver::refreshDiagnostics()
{
    // One pass over the state for every diagnostic and the NaN/Inf check. A non-finite flow on a
    // boundary edge reaches its cell's depth in the same step's update, so cells and the flows
    // headed at them are enough to see it.
    const int width = lattice_.width(), height = lattice_.height();
    std::vector<double> volume(static_cast<std::size_t>(height), 0.0);
    std::vector<float> maxDepth(static_cast<std::size_t>(height), 0.0f), maxSpeed(static_cast<std::size_t>(height), 0.0f);
    std::vector<char> rowFinite(static_cast<std::size_t>(height), 1);
#pragma omp parallel for schedule(static) num_threads(threadCount_) if (parallel_)
    for (int y = 0; y < height; ++y) {
        double rowVolume = 0.0;
        float rowDepth = 0.0f, rowSpeed = 0.0f;
        bool finite = true;
        for (int x = 0; x < width; ++x) {
            const float h = state_.depth[lattice_.index(x, y)];
            finite = finite && std::isfinite(h);
            rowVolume += h;
            rowDepth = std::max(rowDepth, h);
            for (int f = 0; f < lattice_.familyCount(); ++f) {
                // Speed through the pipe headed here: flow over the face's wetted area, with the
                // mean depth of the two cells it joins (the cell the water left may have just
                // emptied; its depth alone would turn a draining film into absurd speeds).
                const CellOffset t = lattice_.family(f).tailOffset(y);
                const float q = state_.flows[static_cast<std::size_t>(f)][lattice_.paddedIndex(x, y)];
                finite = finite && std::isfinite(q);
                const float tailDepth = lattice_.contains(x + t.dx, y + t.dy) ? state_.depth[lattice_.index(x + t.dx, y + t.dy)] : h;
                const float faceDepth = 0.5f * (tailDepth + h);
                if (faceDepth >= kWetDepth)
                    rowSpeed = std::max(rowSpeed, std::abs(q) / (faceDepth * static_cast<float>(lattice_.family(f).faceWidth)));
            }
        }
        const auto row = static_cast<std::size_t>(y);
        volume[row] = rowVolume;
        maxDepth[row] = rowDepth;
        maxSpeed[row] = rowSpeed;
        rowFinite[row] = finite ? 1 : 0;
    }
    diagnostics_.steps = steps_;
    diagnostics_.time = time_;
    diagnostics_.volume = std::accumulate(volume.begin(), volume.end(), 0.0) * lattice_.cellArea();
    diagnostics_.ledger = ledger_;
    diagnostics_.maxDepth = *std::max_element(maxDepth.begin(), maxDepth.end());
    diagnostics_.maxSpeed = *std::max_element(maxSpeed.begin(), maxSpeed.end());
    diagnostics_.cfl = cflNumber(lattice_, params_, diagnostics_.maxDepth);
    return std::all_of(rowFinite.begin(), rowFinite.end(), [](char f) { return f != 0; });
}

MapState CpuSolver::readState() const
{
    MapState state(lattice_);
    state.bed.values() = bed_;
    state.depth.values() = state_.depth;
    for (std::size_t f = 0; f < state_.flows.size(); ++f) state.flows[f].values() = state_.flows[f];
    state.time = time_;
    state.steps = steps_;
    state.ledger = ledger_;
    return state;
}

} // namespace rb
