#include "solver/CpuSolver.h"

#include "currents/StoredCurrents.h"
#include "grid/RegionEdit.h"
#include "ranges/ValueRanges.h"
#include "solver/DepthEditBooking.h"
#include "solver/Stability.h"
#include "solver/StepContract.h"

#include <omp.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cmath>
#include <numeric>
#include <stdexcept>

namespace rb {
namespace {

// Below the contract's wet depth a pipe counts as dry for speed diagnostics (a film's "speed"
// means nothing); the kernels' scans use the same number (WET_DEPTH).
using contract::kWetDepth;

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
    state_.velocities.clear();
    for (const FloatField& f : map.state.velocities) state_.velocities.push_back(f.values());
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
    dye_.load(lattice_, map.state, parallel_ ? threadCount_ : 1);
    erosion_.load(lattice_, map.state, parallel_ ? threadCount_ : 1);
    mean_.load(map.state);
    currents_ = map.state.currents;
    currentFlows_ = map.state.currentFlows;
    sources_.clear(); // the previous map's, which setBoundary would otherwise hand the dye
    sourceCells_.clear();
    setParams(map.params);
    setBoundary(map.boundary);
    setSources(map.sources);
    refreshDiagnostics();
    diagnostics_.cflAfterStep = diagnostics_.cfl;
}

void CpuSolver::setParams(const SimParams& params)
{
    if (const std::string problem = params.validate(); !problem.empty()) throw std::invalid_argument(problem);
    const SimParams before = params_;
    params_ = params;
    constants_ = StepConstants::from(params, lattice_);
    momentumConstants_ = MomentumConstants::from(params, lattice_);
    dye_.setParams(params);
    erosion_.setParams(params);
    matchVelocitiesToModel();
    // Another model has other speeds (momentum's from its velocities): measured, not bounded from
    // the old model's fastest face, which the pipes' films put far beyond the momentum model's.
    if (params.model != before.model) refreshDiagnostics();
    else diagnostics_.cfl = cflAfterParamsChange(before, diagnostics_.cfl, lattice_, params_, diagnostics_.maxDepth, diagnostics_.maxSpeed);
}

// Switching to momentum keeps the water moving: velocities start from the flows in force.
void CpuSolver::matchVelocitiesToModel()
{
    if (params_.model == FlowModel::Pipes) {
        // From every copy of the state, or a swap (a pass, a refused call) would bring stale
        // velocities back: into a saved pipes map, or into a later switch back to momentum.
        for (FieldSet* set : {&state_, &kept_, &scratch_}) set->velocities.clear();
        return;
    }
    if (!state_.velocities.empty()) return;
    for (const FloatField& u : MomentumStep::velocitiesFromFlows(readState(), params_.gravity)) state_.velocities.push_back(u.values());
}

void CpuSolver::setBoundary(const std::vector<BoundarySegment>& segments)
{
    if (const std::string problem = validateBoundary(lattice_, segments); !problem.empty()) throw std::invalid_argument(problem);
    segments_ = segments;
    boundaryEdges_ = expandBoundary(lattice_, segments);
    tiles_.assignBoundary(lattice_, boundaryEdges_);
    updateDyeSources();
}

void CpuSolver::setSources(const std::vector<PointSource>& sources)
{
    if (const std::string problem = validateSources(lattice_, sources); !problem.empty()) throw std::invalid_argument(problem);
    sources_ = sources;
    sourceCells_ = resolveSources(lattice_, sources);
    tiles_.assignSources(lattice_, sourceCells_);
    updateDyeSources();
}

void CpuSolver::updateDyeSources()
{
    dye_.setBoundaryAndSources(boundaryEdges_, segments_, sourceCells_);
    erosion_.setBoundaryAndSources(boundaryEdges_, segments_, sourceCells_);
    refreshDyeDiagnostics();
}

StepResult CpuSolver::step(int count)
{
    if (count < 0) throw std::invalid_argument("step count must not be negative");
    if (std::string refusal = counterLimitMessage(steps_, time_, params_.dt, count); !refusal.empty()) return {0, std::move(refusal)};
    if (refuseAboveCfl_ && !(diagnostics_.cfl <= 1.0)) return {0, refusal(diagnostics_, "the CFL number is above 1")};
    if (count == 0) return {0, {}};
    const Diagnostics before = diagnostics_;

    erosion_.beginCall();
    mean_.beginCall();
    if (!dye_.empty() || erosion_.needsEveryStep()) advanceStepwise(count);
    else advanceBetweenBedUpdates(count); // the state before the call is now in kept_

    const bool finite = refreshDiagnostics();
    std::string message;
    if (const char* what = unstableWhat(finite)) message = refusal(before, what);
    else if (const std::string problem = checkLedger(ledger_); !problem.empty()) message = ledgerLimitMessage(before.steps, problem);
    if (message.empty()) {
        diagnostics_.cflAfterStep = diagnostics_.cfl;
        return {count, {}};
    }
    std::swap(state_, kept_);
    dye_.restoreCall();
    erosion_.restoreCall(bed_);
    mean_.restoreCall();
    time_ = before.time;
    steps_ = before.steps;
    ledger_ = before.ledger;
    diagnostics_ = before;
    return {0, message};
}

// Why the state after a call cannot stand as a step of the scheme, or nullptr.
const char* CpuSolver::unstableWhat(bool finite) const
{
    if (!finite) return "a value turned NaN/Inf";
    if (erosion_.updatedThisCall() && !bedInRange()) return "the eroded terrain left its range (lower the erosion rates or dt)";
    if (refuseAboveCfl_ && !(diagnostics_.cfl <= 1.0)) return "the CFL number rose above 1";
    if (diagnostics_.maxDepth > ranges::kMaxElevation || largestMagnitude_ > ranges::kMaxFlow) return kWaterOutOfRange;
    return nullptr;
}

std::string CpuSolver::refusal(const Diagnostics& atStart, const char* what) const
{
    return unstableCallMessage({lattice_, params_, bed_, segments_, sources_, atStart.maxDepth, atStart.cfl, atStart.steps}, what);
}

void CpuSolver::setBed(const CellRegion& rect, const std::vector<float>& bed)
{
    if (const std::string problem = checkRegionEdit(lattice_, rect, bed, EditedField::Bed); !problem.empty()) throw std::invalid_argument(problem);
    writeRegion(bed_, lattice_.width(), rect, bed);
}

void CpuSolver::setDepth(const CellRegion& rect, const std::vector<float>& depth)
{
    writeDepth(rect, depth, std::nullopt);
}

void CpuSolver::restoreDepth(const CellRegion& rect, const std::vector<float>& depth, double edited)
{
    writeDepth(rect, depth, edited);
}

void CpuSolver::writeDepth(const CellRegion& rect, const std::vector<float>& depth, std::optional<double> edited)
{
    if (const std::string problem = checkRegionEdit(lattice_, rect, depth, EditedField::Depth); !problem.empty()) throw std::invalid_argument(problem);
    const std::vector<float> before = copyRegion(state_.depth, lattice_.width(), rect);
    const double change = depthChange(before, depth);
    writeRegion(state_.depth, lattice_.width(), rect, depth);
    dye_.keepWithinWater(rect, before, depth);
    erosion_.keepWithinWater(rect, before, depth);
    refreshDyeDiagnostics();
    ledger_.edited = edited.value_or(ledger_.edited + change * lattice_.cellArea());
    bookDepthEdit(diagnostics_, lattice_, params_, change, depth, ledger_);
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

void CpuSolver::setDye(int channel, const CellRegion& rect, const std::vector<float>& dyed)
{
    requireRegionInside(lattice_, rect);
    dye_.setDye(channel, rect, dyed, copyRegion(state_.depth, lattice_.width(), rect));
    refreshDyeDiagnostics();
}

void CpuSolver::setErodibility(const CellRegion& rect, const std::vector<float>& values)
{
    erosion_.setErodibility(rect, values);
}

std::vector<float> CpuSolver::readErodibility(const CellRegion& rect) const
{
    return erosion_.readErodibility(rect);
}

std::vector<float> CpuSolver::readSediment(const CellRegion& rect) const
{
    return erosion_.readSediment(rect);
}

std::vector<float> CpuSolver::readDeposition(const CellRegion& rect) const
{
    return erosion_.readDeposition(rect);
}

void CpuSolver::restoreErosion(const CellRegion& rect, const std::vector<float>& bed, const std::vector<float>& sediment,
                               const std::vector<float>& deposition, const std::vector<float>& bedRemainder, const SedimentLedger& ledger)
{
    if (rect.empty()) { // the ledger alone
        erosion_.restore(rect, sediment, deposition, bedRemainder, ledger);
        return refreshDyeDiagnostics();
    }
    if (const std::string problem = checkRegionEdit(lattice_, rect, bed, EditedField::Bed); !problem.empty()) throw std::invalid_argument(problem);
    erosion_.restore(rect, sediment, deposition, bedRemainder, ledger); // checks the rest before anything changes
    writeRegion(bed_, lattice_.width(), rect, bed);
    refreshDyeDiagnostics();
}

std::vector<float> CpuSolver::readDye(int channel, const CellRegion& rect) const
{
    return dye_.readDye(channel, rect);
}

void CpuSolver::setCurrents(const std::vector<FloatField>& cells, const std::vector<FloatField>& flows)
{
    if (const std::string problem = checkCurrents(lattice_, cells, flows); !problem.empty()) throw std::invalid_argument(problem);
    currents_ = cells;
    currentFlows_ = flows;
    dye_.setCurrentFlows(flows);
}

void CpuSolver::advance(int count, bool callStart)
{
    const int stepsPerPass = mean_.recording() ? 1 : tiling_.stepsPerPass; // the mean sees every step's flows
    for (int done = 0; done < count;) {
        const int steps = std::min(stepsPerPass, count - done);
        const double stepStart = time_;
        advancePass(steps, callStart && done == 0 ? kept_ : scratch_);
        if (steps == 1) recordMeanStep(stepStart);
        done += steps;
    }
}

void CpuSolver::recordMeanStep(double stepStart)
{
    if (mean_.takeStep(stepStart, time_, params_.dt)) mean_.addSums(params_.dt, state_.depth, state_.flows);
}

void CpuSolver::startMean(double from)
{
    mean_.start(lattice_, from);
}

void CpuSolver::resumeMean()
{
    mean_.resume(time_);
}

void CpuSolver::advanceMomentum(int count, bool callStart)
{
    if (callStart) kept_ = state_;
    runMomentumSteps(count);
}

// The water runs at full speed (the pipes' temporal tiling) between the bed's updates: the bed is
// still while the water moves, and an update needs only the water as it stands.
void CpuSolver::advanceBetweenBedUpdates(int count)
{
    for (int done = 0; done < count;) {
        const int run = erosion_.enabled() ? std::min(count - done, erosion_.stepsUntilUpdate(steps_)) : count - done;
        if (params_.model == FlowModel::Momentum) advanceMomentum(run, done == 0);
        else advance(run, done == 0);
        done += run;
        if (erosion_.dueAfter(steps_)) erosion_.update(waterNow(), bed_);
    }
}

// The dye needs each step's flows and the depths around it (and so does the erosion's load with
// interval 1), so a call runs its steps one by one; the pipes' temporal tiling gives bitwise the
// same water either way.
void CpuSolver::advanceStepwise(int count)
{
    dye_.beginCall();
    if (params_.model == FlowModel::Momentum) kept_ = state_;
    for (int i = 0; i < count; ++i) {
        depthBefore_ = state_.depth;
        if (params_.model == FlowModel::Momentum) {
            runMomentumSteps(1);
        } else {
            const double stepStart = time_;
            advancePass(1, i == 0 ? kept_ : scratch_);
            recordMeanStep(stepStart);
        }
        const WaterStepRecord water = lastStep();
        dye_.carry(water);
        if (erosion_.dueAfter(steps_)) erosion_.update(water, bed_);
    }
}

bool CpuSolver::bedInRange() const
{
    constexpr auto kLimit = static_cast<float>(ranges::kMaxElevation);
    return std::all_of(bed_.begin(), bed_.end(), [](float b) { return b >= -kLimit && b <= kLimit; });
}

WaterStepRecord CpuSolver::waterNow() const
{
    WaterStepRecord water{nullptr, state_.depth.data(), {}};
    for (std::size_t f = 0; f < state_.flows.size(); ++f) water.flows[f] = state_.flows[f].data();
    return water;
}

WaterStepRecord CpuSolver::lastStep() const
{
    WaterStepRecord water{depthBefore_.data(), state_.depth.data(), {}};
    for (std::size_t f = 0; f < state_.flows.size(); ++f) water.flows[f] = state_.flows[f].data();
    return water;
}

void CpuSolver::runMomentumSteps(int count)
{
    MomentumFusedStep step(lattice_, momentumConstants_, boundaryEdges_, parallel_ ? threadCount_ : 1);
    MomentumFields fields;
    fields.bed = bed_.data();
    fields.depth = state_.depth.data();
    for (std::size_t f = 0; f < state_.flows.size(); ++f) {
        fields.flows[f] = state_.flows[f].data();
        fields.speeds[f] = state_.velocities[f].data();
    }
    for (int i = 0; i < count; ++i) {
        if (trace_) step.setTrace(&trace_->emplace_back());
        step.run(fields, boundaryEdges_, sourceCells_, ledger_);
        const double stepStart = time_;
        time_ += params_.dt;
        ++steps_;
        recordMeanStep(stepStart);
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
    std::vector<StepTrace> traces(trace_ ? stepCount : 0);
    if (trace_ && tileCount != 1) throw std::logic_error("a ledger trace needs the pipes in one tile");
#pragma omp parallel for schedule(dynamic, 1) num_threads(threadCount_) if (parallel_ && tileCount > 1)
    for (int t = 0; t < tileCount; ++t) {
        const TilePlan::Tile& tile = tiles[static_cast<std::size_t>(t)];
        TileWorkspace& workspace = workspaces_[static_cast<std::size_t>(omp_get_thread_num())];
        const GridView view = workspace.open(lattice_, tile, steps, {&bed_, &state_.depth, &state_.flows}, {&target.depth, &target.flows});
        PipeStep step(view, constants_);
        step.runSteps(steps, tile.edges, tile.sources, tile.countedCells, &tileLedgers[static_cast<std::size_t>(t) * stepCount], &workspace,
                      trace_ ? traces.data() : nullptr);
    }
    if (trace_) trace_->insert(trace_->end(), traces.begin(), traces.end());
    // The pipes move depths and flows; any velocities stay with the state they belong to.
    std::swap(state_.depth, target.depth);
    std::swap(state_.flows, target.flows);
    for (std::size_t i = 0; i < stepCount; ++i) {
        VolumeLedger stepLedger;
        for (std::size_t t = 0; t < tiles.size(); ++t) stepLedger += tileLedgers[t * stepCount + i];
        ledger_ += stepLedger;
        time_ += params_.dt;
        ++steps_;
    }
}

namespace {

#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
#define RB_DIAGNOSTICS_CLONES __attribute__((target_clones("avx512f", "avx2", "default")))
#else
#define RB_DIAGNOSTICS_CLONES
#endif

// One row's share of the diagnostics. Maxima are kept as the bit patterns of non-negative
// floats, whose integer order is their order as numbers; that keeps the loops vectorisable.
struct RowScan {
    std::int32_t depthBits = 0;   // max(0, h) over the row
    std::int32_t speedBits = 0;   // max speed over the pipes headed on the row
    std::int32_t largestBits = 0; // largest |value| seen: at or above Inf's pattern means NaN/Inf
};

constexpr std::int32_t kInfinityBits = 0x7f800000;

std::int32_t bitsOf(float value)
{
    return std::bit_cast<std::int32_t>(value);
}

RB_DIAGNOSTICS_CLONES void scanDepths(const float* depth, int width, RowScan& scan)
{
    std::int32_t depthBits = scan.depthBits, largest = scan.largestBits;
    for (int x = 0; x < width; ++x) {
        const std::int32_t bits = bitsOf(depth[x]);
        depthBits = std::max(depthBits, bits); // negative depths have the sign bit: below 0
        largest = std::max(largest, bits & 0x7fffffff);
    }
    scan.depthBits = depthBits;
    scan.largestBits = largest;
}

// Speed through the pipes headed on cells [x0, x1) of a row: flow over the face's wetted area,
// with the mean depth of the two cells it joins (the cell the water left may have just emptied;
// its depth alone would turn a draining film into absurd speeds). `tail` is the tail cells'
// depths, lined up with `head`.
RB_DIAGNOSTICS_CLONES void scanSpeeds(const float* flow, const float* head, const float* tail, int x0, int x1, float faceWidth, RowScan& scan)
{
    std::int32_t speedBits = scan.speedBits, largest = scan.largestBits;
    for (int x = x0; x < x1; ++x) {
        const float q = flow[x];
        largest = std::max(largest, bitsOf(q) & 0x7fffffff);
        const float faceDepth = 0.5f * (tail[x] + head[x]);
        const float speed = std::abs(q) / (faceDepth * faceWidth); // computed either way, so the loop vectorises
        speedBits = std::max(speedBits, faceDepth >= kWetDepth ? bitsOf(speed) : 0);
    }
    scan.speedBits = speedBits;
    scan.largestBits = largest;
}

} // namespace

bool CpuSolver::refreshDiagnostics()
{
    // One pass over the state for every diagnostic and the NaN/Inf check. A non-finite flow on a
    // boundary edge reaches its cell's depth in the same step's update, so cells and the flows
    // headed at them are enough to see it.
    const int width = lattice_.width(), height = lattice_.height();
    const int first = diagnosticFirst_, last = diagnosticLast_ < 0 ? height : diagnosticLast_;
    std::vector<double>& volume = rowVolumes_;
    volume.assign(static_cast<std::size_t>(height), 0.0);
    std::vector<RowScan> scans(static_cast<std::size_t>(height));
#pragma omp parallel for schedule(static) num_threads(threadCount_) if (parallel_)
    for (int y = first; y < last; ++y) {
        const float* depth = &state_.depth[lattice_.index(0, y)];
        double rowVolume = 0.0;
        for (int x = 0; x < width; ++x) rowVolume += depth[x];
        RowScan& scan = scans[static_cast<std::size_t>(y)];
        scanDepths(depth, width, scan);
        for (int f = 0; f < lattice_.familyCount(); ++f) {
            const EdgeFamily& family = lattice_.family(f);
            const CellOffset t = family.tailOffset(y);
            const float* flow = &state_.flows[static_cast<std::size_t>(f)][lattice_.paddedIndex(0, y)];
            const auto faceWidth = static_cast<float>(family.faceWidth);
            if (y + t.dy < 0 || y + t.dy >= height) { // every tail is outside: the head's depth stands in
                scanSpeeds(flow, depth, depth, 0, width, faceWidth, scan);
                continue;
            }
            const float* tail = &state_.depth[lattice_.index(0, y + t.dy)] + t.dx; // tail[x]: the tail of the pipe headed at x
            const int x0 = std::max(0, -t.dx), x1 = std::min(width, width - t.dx);
            scanSpeeds(flow, depth, depth, 0, x0, faceWidth, scan);
            scanSpeeds(flow, depth, tail, x0, x1, faceWidth, scan);
            scanSpeeds(flow, depth, depth, x1, width, faceWidth, scan);
        }
        volume[static_cast<std::size_t>(y)] = rowVolume;
    }
    RowScan all;
    for (const RowScan& scan : scans) {
        all.depthBits = std::max(all.depthBits, scan.depthBits);
        all.speedBits = std::max(all.speedBits, scan.speedBits);
        all.largestBits = std::max(all.largestBits, scan.largestBits);
    }
    diagnostics_.steps = steps_;
    diagnostics_.time = time_;
    diagnostics_.volume = std::accumulate(volume.begin(), volume.end(), 0.0) * lattice_.cellArea();
    diagnostics_.ledger = ledger_;
    refreshDyeDiagnostics();
    diagnostics_.maxDepth = std::bit_cast<float>(all.depthBits);
    diagnostics_.maxSpeed = std::bit_cast<float>(all.speedBits);
    largestMagnitude_ = std::bit_cast<float>(all.largestBits);
    bool finite = all.largestBits < kInfinityBits;
    diagnostics_.cfl = cflNumber(lattice_, params_, diagnostics_.maxDepth);
    if (params_.model == FlowModel::Momentum) {
        double fastestSignal = 0.0;
        finite = scanFaceSpeeds(fastestSignal) && finite;
        diagnostics_.cfl = momentumCflNumber(lattice_, params_, fastestSignal);
    }
    return finite;
}

void CpuSolver::refreshDyeDiagnostics()
{
    diagnostics_.dyeVolumes = dye_.volumes();
    diagnostics_.dyeLedgers = dye_.ledgers();
    diagnostics_.sediment = erosion_.suspendedVolume();
    diagnostics_.sedimentLedger = erosion_.ledger();
}

// The momentum model knows its face speeds: the fastest face whose two cells hold 1 mm on average,
// and the fastest signal, |u| + √(g·h), over every face.
bool CpuSolver::scanFaceSpeeds(double& fastestSignal)
{
    float fastest = 0.0f, signal = 0.0f;
    const auto g = static_cast<float>(params_.gravity);
    bool finite = true;
    for (int f = 0; f < lattice_.familyCount(); ++f) {
        const std::vector<float>& u = state_.velocities[static_cast<std::size_t>(f)];
        const EdgeFamily& family = lattice_.family(f);
        const int height = lattice_.height(), last = diagnosticLast_ < 0 ? height : diagnosticLast_;
        const int yBegin = diagnosticFirst_ == 0 ? -1 : diagnosticFirst_, yEnd = last == height ? height : last - 1;
        for (int y = yBegin; y <= yEnd; ++y)
            for (int x = -1; x <= lattice_.width(); ++x) {
                const float speed = std::abs(u[lattice_.paddedIndex(x, y)]);
                finite = finite && std::isfinite(speed);
                const CellOffset t = family.tailOffset(y);
                const bool headInside = lattice_.contains(x, y), tailInside = lattice_.contains(x + t.dx, y + t.dy);
                if (!headInside && !tailInside) continue;
                const float head = headInside ? state_.depth[lattice_.index(x, y)] : state_.depth[lattice_.index(x + t.dx, y + t.dy)];
                const float tail = tailInside ? state_.depth[lattice_.index(x + t.dx, y + t.dy)] : head;
                const float faceDepth = 0.5f * (head + tail);
                if (faceDepth >= kWetDepth) fastest = std::max(fastest, speed);
                signal = std::max(signal, speed + std::sqrt(g * std::max(head, tail)));
            }
    }
    diagnostics_.maxSpeed = fastest;
    fastestSignal = signal;
    return finite;
}

void CpuSolver::setDiagnosticRows(int first, int last)
{
    if (first < 0 || last > lattice_.height() || first >= last) throw std::invalid_argument("diagnostic rows outside the map");
    diagnosticFirst_ = first;
    diagnosticLast_ = last;
    refreshDiagnostics();
    diagnostics_.cflAfterStep = diagnostics_.cfl;
}

void CpuSolver::setLedgerTrace(std::vector<StepTrace>* trace)
{
    trace_ = trace;
}

namespace {

// Padded rows [y0 + 1, y1 + 1) of each array, or back.
void copyPaddedRows(const std::vector<std::vector<float>>& from, std::vector<std::vector<float>>& to, std::size_t fromStart, std::size_t toStart,
                    std::size_t count)
{
    to.resize(from.size());
    for (std::size_t f = 0; f < from.size(); ++f) {
        if (to[f].size() < toStart + count) to[f].resize(toStart + count);
        std::copy_n(from[f].begin() + static_cast<std::ptrdiff_t>(fromStart), count, to[f].begin() + static_cast<std::ptrdiff_t>(toStart));
    }
}

} // namespace

RowBlock CpuSolver::readRows(int y0, int y1) const
{
    if (y0 < -1 || y1 > lattice_.height() + 1 || y0 > y1) throw std::invalid_argument("rows outside the padded map");
    RowBlock rows{y0, y1, {}, {}, {}, {}};
    const int c0 = std::max(0, y0), c1 = std::min(lattice_.height(), y1);
    const auto cellRows = [&](const std::vector<float>& from) {
        if (c1 <= c0) return std::vector<float>();
        return std::vector<float>(from.begin() + static_cast<std::ptrdiff_t>(lattice_.index(0, c0)), from.begin() + static_cast<std::ptrdiff_t>(lattice_.index(0, c1)));
    };
    rows.depth = cellRows(state_.depth);
    for (const std::vector<float>* cells : carriedCells()) rows.cells.push_back(cellRows(*cells));
    const std::size_t start = lattice_.paddedIndex(-1, y0), count = static_cast<std::size_t>(y1 - y0) * static_cast<std::size_t>(lattice_.paddedWidth());
    copyPaddedRows(state_.flows, rows.flows, start, 0, count);
    copyPaddedRows(state_.velocities, rows.velocities, start, 0, count);
    return rows;
}

void CpuSolver::writeRows(const RowBlock& rows)
{
    const RowBlock expected = readRows(rows.y0, rows.y1); // checks the rows
    if (rows.depth.size() != expected.depth.size() || rows.flows.size() != expected.flows.size() || rows.velocities.size() != expected.velocities.size() ||
        rows.cells.size() != expected.cells.size())
        throw std::invalid_argument("a row block that does not fit the map");
    const int c0 = std::max(0, rows.y0);
    const auto cellStart = static_cast<std::ptrdiff_t>(c0 < lattice_.height() ? lattice_.index(0, c0) : state_.depth.size());
    std::copy(rows.depth.begin(), rows.depth.end(), state_.depth.begin() + cellStart);
    const std::vector<const std::vector<float>*> carried = carriedCells();
    for (std::size_t k = 0; k < carried.size(); ++k) {
        if (rows.cells[k].size() != rows.depth.size()) throw std::invalid_argument("a row block that does not fit the map");
        auto* into = const_cast<std::vector<float>*>(carried[k]); // this solver's own array, and this call may change it
        std::copy(rows.cells[k].begin(), rows.cells[k].end(), into->begin() + cellStart);
    }
    erosion_.loadChanged();
    const std::size_t start = lattice_.paddedIndex(-1, rows.y0), count = static_cast<std::size_t>(rows.y1 - rows.y0) * static_cast<std::size_t>(lattice_.paddedWidth());
    copyPaddedRows(rows.flows, state_.flows, 0, start, count);
    copyPaddedRows(rows.velocities, state_.velocities, 0, start, count);
}

std::vector<const std::vector<float>*> CpuSolver::carriedCells() const
{
    std::vector<const std::vector<float>*> cells;
    for (const std::vector<float>& channel : dye_.channels()) cells.push_back(&channel);
    const std::vector<const std::vector<float>*> erosion = erosion_.carriedFields();
    if (erosion.empty()) return cells; // the bed is still
    cells.push_back(&bed_);
    cells.insert(cells.end(), erosion.begin(), erosion.end());
    return cells;
}

void CpuSolver::setLedgerTape(LedgerTape* tape)
{
    dye_.setLedgerTape(tape);
    erosion_.setLedgerTape(tape);
}

void CpuSolver::setSweepScope(int first, int last, IntervalLoadTransport::SweepReduce reduce)
{
    erosion_.setSweepScope(first, last, std::move(reduce));
}

MapState CpuSolver::readState() const
{
    MapState state(lattice_);
    state.bed.values() = bed_;
    state.depth.values() = state_.depth;
    for (std::size_t f = 0; f < state_.flows.size(); ++f) state.flows[f].values() = state_.flows[f];
    for (const std::vector<float>& u : state_.velocities) {
        state.velocities.emplace_back(lattice_.paddedWidth(), lattice_.paddedHeight());
        state.velocities.back().values() = u;
    }
    dye_.writeTo(state);
    erosion_.writeTo(state);
    mean_.writeTo(state);
    state.currents = currents_;
    state.currentFlows = currentFlows_;
    state.time = time_;
    state.steps = steps_;
    state.ledger = ledger_;
    return state;
}

} // namespace rb
