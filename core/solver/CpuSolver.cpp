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

// Outflow scaling leaves this fraction of a cell's water behind, so float rounding in the
// update can never take a depth below zero.
constexpr float kScaleMargin = 1.0f - 1e-6f;

} // namespace

CpuSolver::CpuSolver(int threadCount, bool refuseAboveCfl)
    : threadCount_(threadCount > 0 ? threadCount : omp_get_max_threads()), forceThreads_(threadCount > 0), refuseAboveCfl_(refuseAboveCfl)
{
}

void CpuSolver::load(const Map& map)
{
    if (const std::string problem = map.validate(); !problem.empty()) throw std::invalid_argument(problem);
    lattice_ = map.state.lattice;
    bed_ = map.state.bed.values();
    depth_ = map.state.depth.values();
    flows_.clear();
    for (const FloatField& f : map.state.flows) flows_.push_back(f.values());
    outflowScale_.assign(lattice_.paddedCount(), 1.0f); // the ghost ring stays 1 for good
    // Below this size a step takes microseconds and thread hand-offs cost more than they save
    // (and stall badly when another process holds a core).
    constexpr std::size_t kParallelCells = 128 * 256;
    parallel_ = forceThreads_ || lattice_.cellCount() >= kParallelCells;
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
    constants_.dt = static_cast<float>(params.dt);
    constants_.frictionFactor = static_cast<float>(std::pow(1.0 - params.friction, params.dt));
    constants_.viscosityTerm = static_cast<float>(3.0 * params.dt * params.viscosity);
    constants_.depthPipes = params.pipe == PipeMode::Depth;
    constants_.constantArea = static_cast<float>(constantPipeArea(lattice_));
    constants_.dtOverArea = static_cast<float>(params.dt / lattice_.cellArea());
    constants_.rainDepth = static_cast<float>(params.rain * params.dt);
    constants_.evaporationDepth = static_cast<float>(params.evaporation * params.dt);
    diagnostics_.cfl = cflNumber(lattice_, params_, diagnostics_.maxDepth);
}

void CpuSolver::setBoundary(const std::vector<BoundarySegment>& segments)
{
    if (const std::string problem = validateBoundary(lattice_, segments); !problem.empty()) throw std::invalid_argument(problem);
    segments_ = segments;
    boundaryEdges_ = expandBoundary(lattice_, segments);
}

void CpuSolver::setSources(const std::vector<PointSource>& sources)
{
    if (const std::string problem = validateSources(lattice_, sources); !problem.empty()) throw std::invalid_argument(problem);
    sources_ = sources;
    sourceCells_ = resolveSources(lattice_, sources);
}

StepResult CpuSolver::step(int count)
{
    if (count < 0) throw std::invalid_argument("step count must not be negative");
    if (refuseAboveCfl_ && diagnostics_.cfl > 1.0) return {0, unstableCallMessage(lattice_, params_, diagnostics_.maxDepth, steps_, "the CFL number is above 1")};
    // Keep what we need to undo the whole call if the scheme blows up inside it.
    depthBackup_ = depth_;
    flowsBackup_ = flows_;
    const Diagnostics before = diagnostics_;

    for (int i = 0; i < count; ++i) stepOnce();

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

// One step of the method, in the order physics.md gives it.
void CpuSolver::stepOnce()
{
    setBoundaryFlows();      // 1. boundary edges from their conditions (outflow scaling may have changed them)
    accelerateFlows();       // 2. interior edges accelerate down the surface gradient
    computeOutflowScales();  // 3. no cell may lose more water than it holds...
    scaleOutflows();         //    ...so each edge is scaled by the cell it leaves
    recordBoundaryFlows();
    updateDepths();          // 4. move the water (with rain and evaporation)
    applyPointSources();
    time_ += params_.dt;
    ++steps_;
}

float CpuSolver::pipeArea(float upwindDepth, int family) const
{
    return constants_.depthPipes ? upwindDepth * static_cast<float>(lattice_.family(family).faceWidth) : constants_.constantArea;
}

float CpuSolver::viscousDamping(float q, float upwindDepth) const
{
    // The seed's viscosity: thin layers resist flow, deep ones hardly notice.
    const float h2 = upwindDepth * upwindDepth;
    return h2 > 0.0f ? q * (h2 / (h2 + constants_.viscosityTerm)) : q;
}

void CpuSolver::setBoundaryFlows()
{
    const float g = static_cast<float>(params_.gravity);
    for (const BoundaryEdge& e : boundaryEdges_) {
        float& q = flows_[static_cast<std::size_t>(e.family)][e.flowIndex];
        const float h = depth_[e.cell];
        const float b = bed_[e.cell];
        float inward = 0.0f; // flow into the map
        switch (e.type) {
        case BoundaryType::Wall:
            break;
        case BoundaryType::Inflow:
            inward = e.value;
            break;
        case BoundaryType::Sea:
        case BoundaryType::Outflow: {
            // The ghost cell has the interior cell's bed; its surface is the sea level, or the bed
            // itself for free outflow (so only the inside water pushes, and nothing can enter).
            const float outside = e.type == BoundaryType::Sea ? e.value : b;
            const float drop = outside - (b + h);
            const float upwindDepth = drop > 0.0f ? outside - b : h;
            const float l = static_cast<float>(lattice_.family(e.family).pipeLength);
            inward = e.inward * q * constants_.frictionFactor + constants_.dt * g * pipeArea(upwindDepth, e.family) / l * drop;
            if (constants_.viscosityTerm > 0.0f) inward = viscousDamping(inward, inward > 0.0f ? upwindDepth : h);
            if (e.type == BoundaryType::Outflow) inward = std::min(inward, 0.0f);
            break;
        }
        }
        q = e.inward * inward;
    }
}

// Each pass below walks rows; within a row every family's neighbours sit at a fixed offset, so
// the inner loops run over plain pointers (stride 1) and vectorise.

void CpuSolver::accelerateFlows()
{
    const int width = lattice_.width(), height = lattice_.height();
    const float g = static_cast<float>(params_.gravity);
    const float kf = constants_.frictionFactor, constantArea = constants_.constantArea;
    const bool depthPipes = constants_.depthPipes;
#pragma omp parallel for schedule(static) num_threads(threadCount_) if (parallel_)
    for (int y = 0; y < height; ++y) {
        for (int f = 0; f < lattice_.familyCount(); ++f) {
            const CellOffset t = lattice_.family(f).tailOffset(y);
            if (y + t.dy < 0 || y + t.dy >= height) continue;
            const float gdtOverL = g * constants_.dt / static_cast<float>(lattice_.family(f).pipeLength);
            const float faceWidth = static_cast<float>(lattice_.family(f).faceWidth);
            const int xBegin = std::max(0, -t.dx), n = std::min(width, width - t.dx) - xBegin;
            const float* bedHead = &bed_[lattice_.index(xBegin, y)];
            const float* depthHead = &depth_[lattice_.index(xBegin, y)];
            const float* bedTail = &bed_[lattice_.index(xBegin + t.dx, y + t.dy)];
            const float* depthTail = &depth_[lattice_.index(xBegin + t.dx, y + t.dy)];
            float* q = &flow(f, xBegin, y);
            for (int i = 0; i < n; ++i) {
                const float drop = (bedTail[i] + depthTail[i]) - (bedHead[i] + depthHead[i]);
                // Depth pipes take the cross-section of the cell that pushes (the higher surface).
                const float area = depthPipes ? (drop > 0.0f ? depthTail[i] : depthHead[i]) * faceWidth : constantArea;
                q[i] = q[i] * kf + gdtOverL * area * drop;
            }
            if (constants_.viscosityTerm > 0.0f)
                for (int i = 0; i < n; ++i) q[i] = viscousDamping(q[i], q[i] > 0.0f ? depthTail[i] : depthHead[i]);
        }
    }
}

void CpuSolver::computeOutflowScales()
{
    const int width = lattice_.width(), height = lattice_.height();
    const float cellArea = static_cast<float>(lattice_.cellArea());
#pragma omp parallel num_threads(threadCount_) if (parallel_)
    {
        std::vector<float> leaving(static_cast<std::size_t>(width));
#pragma omp for schedule(static)
        for (int y = 0; y < height; ++y) {
            std::fill(leaving.begin(), leaving.end(), 0.0f);
            for (int f = 0; f < lattice_.familyCount(); ++f) {
                const CellOffset h = lattice_.family(f).headOffset(y);
                const float* ending = &flow(f, 0, y);              // edges that end here: negative flow leaves
                const float* starting = &flow(f, h.dx, y + h.dy);  // edges that start here: positive flow leaves
                for (int x = 0; x < width; ++x) leaving[static_cast<std::size_t>(x)] += std::max(0.0f, -ending[x]) + std::max(0.0f, starting[x]);
            }
            const float* depth = &depth_[lattice_.index(0, y)];
            float* scale = &outflowScale_[lattice_.paddedIndex(0, y)];
            for (int x = 0; x < width; ++x) {
                const float available = depth[x] * cellArea;
                const float wanted = leaving[static_cast<std::size_t>(x)] * constants_.dt;
                scale[x] = wanted > available ? available / wanted * kScaleMargin : 1.0f;
            }
        }
    }
}

void CpuSolver::scaleOutflows()
{
    // Every edge, ghost ends included, scaled by the cell it leaves. The scale array's ghost ring
    // holds 1: ghost cells are unlimited reservoirs. Edges headed on row −1 have no interior end.
    const int width = lattice_.width(), height = lattice_.height();
#pragma omp parallel for schedule(static) num_threads(threadCount_) if (parallel_)
    for (int y = 0; y <= height; ++y) {
        for (int f = 0; f < lattice_.familyCount(); ++f) {
            const CellOffset t = lattice_.family(f).tailOffset(y);
            const int xBegin = std::max(-1, -1 - t.dx), xEnd = std::min(width, width - t.dx);
            float* q = &flow(f, xBegin, y);
            const float* headScale = &outflowScale_[lattice_.paddedIndex(xBegin, y)];
            const float* tailScale = &outflowScale_[lattice_.paddedIndex(xBegin + t.dx, y + t.dy)];
            for (int i = 0; i <= xEnd - xBegin; ++i) q[i] *= q[i] > 0.0f ? tailScale[i] : headScale[i];
        }
    }
}

void CpuSolver::recordBoundaryFlows()
{
    double in = 0.0, out = 0.0;
    for (const BoundaryEdge& e : boundaryEdges_) {
        const double inward = static_cast<double>(e.inward) * flows_[static_cast<std::size_t>(e.family)][e.flowIndex];
        (inward > 0.0 ? in : out) += std::abs(inward);
    }
    ledger_.boundaryIn += in * params_.dt;
    ledger_.boundaryOut += out * params_.dt;
}

void CpuSolver::updateDepths()
{
    // The ledger records what each change actually did to the float depths (the difference of
    // two nearby floats is exact), not the nominal amount: adding a tiny constant to a depth
    // rounds the same way every step, and that bias would otherwise pile up in the books.
    const int width = lattice_.width(), height = lattice_.height();
    std::vector<double> rained(static_cast<std::size_t>(height), 0.0), evaporated(static_cast<std::size_t>(height), 0.0);
#pragma omp parallel num_threads(threadCount_) if (parallel_)
    {
        std::vector<float> net(static_cast<std::size_t>(width)); // what enters minus what leaves, m³/s
#pragma omp for schedule(static)
        for (int y = 0; y < height; ++y) {
            std::fill(net.begin(), net.end(), 0.0f);
            for (int f = 0; f < lattice_.familyCount(); ++f) {
                const CellOffset h = lattice_.family(f).headOffset(y);
                const float* entering = &flow(f, 0, y);
                const float* leaving = &flow(f, h.dx, y + h.dy);
                for (int x = 0; x < width; ++x) net[static_cast<std::size_t>(x)] += entering[x] - leaving[x];
            }
            float* depth = &depth_[lattice_.index(0, y)];
            double rowRain = 0.0, rowEvaporation = 0.0;
            for (int x = 0; x < width; ++x) {
                const float moved = depth[x] + constants_.dtOverArea * net[static_cast<std::size_t>(x)];
                const float wetted = moved + constants_.rainDepth;
                depth[x] = wetted - std::min(wetted, constants_.evaporationDepth);
                rowRain += static_cast<double>(wetted - moved);
                rowEvaporation += static_cast<double>(wetted - depth[x]);
            }
            rained[static_cast<std::size_t>(y)] = rowRain;
            evaporated[static_cast<std::size_t>(y)] = rowEvaporation;
        }
    }
    const double cellArea = lattice_.cellArea();
    ledger_.rain += std::accumulate(rained.begin(), rained.end(), 0.0) * cellArea;
    ledger_.evaporation += std::accumulate(evaporated.begin(), evaporated.end(), 0.0) * cellArea;
}

void CpuSolver::applyPointSources()
{
    const double cellArea = lattice_.cellArea();
    for (const SourceCell& s : sourceCells_) {
        float& depth = depth_[s.cell];
        const float before = depth;
        if (s.kind == PointSource::Kind::Spring) {
            depth += static_cast<float>(s.rate * params_.dt / cellArea);
            ledger_.springs += static_cast<double>(depth - before) * cellArea;
        } else {
            depth -= s.drainAll ? depth : std::min(depth, static_cast<float>(s.rate * params_.dt / cellArea));
            ledger_.drains += static_cast<double>(before - depth) * cellArea;
        }
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
