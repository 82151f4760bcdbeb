// The dye on the device: ClSolver's side of the dye kernels (opencl/kernels/, each named after the
// DyeTransport or CurrentDrift function it mirrors), the mirror kept in the host's DyeCarrier, and
// the host paths: diffusion (no kernel yet), and the whole carrier on a device without doubles.
#include "ClSolverImpl.h"

#include "model/DyeLedger.h"
#include "transport/DyeDiffusion.h"

#include <algorithm>
#include <utility>

namespace rb::opencl {
namespace {


// Which DyeLedger total each of the device's ledger slots is.
using contract::DyeLedgerSlot;
constexpr std::array<std::pair<DyeLedgerSlot, double DyeLedger::*>, contract::kDyeLedgerSlots> kLedgerFields = {{
    {DyeLedgerSlot::BoundaryIn, &DyeLedger::boundaryIn},
    {DyeLedgerSlot::BoundaryOut, &DyeLedger::boundaryOut},
    {DyeLedgerSlot::Springs, &DyeLedger::springs},
    {DyeLedgerSlot::Drains, &DyeLedger::drains},
    {DyeLedgerSlot::Evaporation, &DyeLedger::evaporation},
    {DyeLedgerSlot::Decayed, &DyeLedger::decayed},
    {DyeLedgerSlot::Clipped, &DyeLedger::clipped},
}};

// The step's numbers as DyeCarrier hands them to DyeTransport.
DyeStepArgs dyeStepArgs(const SimParams& params, const Lattice& lattice)
{
    const DyeStepConstants c = DyeStepConstants::from(params, lattice, params.dyeHalfLife);
    return {c.cellArea, c.dtSeconds, c.dtOverArea, c.rainDepth, c.evaporationDepth, c.decayFactor};
}

std::size_t ledgerIndex(std::size_t channel, DyeLedgerSlot slot)
{
    return channel * contract::kDyeLedgerSlots + static_cast<std::size_t>(slot);
}

} // namespace

ClSolver::Impl::DyeMode ClSolver::Impl::dyeMode() const
{
    if (dye.empty()) return DyeMode::None;
    if (!dyeKernels || erosion.needsEveryStep()) return DyeMode::Host; // the erosion reads every step's water on the host anyway
    return params.dyeDiffusivity > 0.0 ? DyeMode::DeviceWithHostDiffusion : DyeMode::Device;
}

bool ClSolver::carriesDyeOnDevice() const
{
    const Impl::DyeMode mode = impl_->dyeMode();
    return mode == Impl::DyeMode::Device || mode == Impl::DyeMode::DeviceWithHostDiffusion;
}

// The dye kernels need doubles for the ledgers; without them the program leaves them out.
void ClSolver::Impl::createDyeKernels()
{
    dyeKernels = device.getInfo<CL_DEVICE_EXTENSIONS>().find("cl_khr_fp64") != std::string::npos;
    if (!dyeKernels) return;
    replayWaterForDye = cl::Kernel(program, "replayWaterForDye");
    computeDyeConcentrations = cl::Kernel(program, "computeDyeConcentrations");
    advectAndEvaporateDye = cl::Kernel(program, "advectAndEvaporateDye");
    crossDyeBoundary = cl::Kernel(program, "crossDyeBoundary");
    applyDyeSources = cl::Kernel(program, "applyDyeSources");
    decayAndKeepDyeWithinWater = cl::Kernel(program, "decayAndKeepDyeWithinWater");
    sumDyeRows = cl::Kernel(program, "sumDyeRows");
    bookDyeRows = cl::Kernel(program, "bookDyeRows");
    planCurrentSubsteps = cl::Kernel(program, "planCurrentSubsteps");
    countCurrentSubsteps = cl::Kernel(program, "countCurrentSubsteps");
    driftDyeOnCurrent = cl::Kernel(program, "driftDyeOnCurrent");
    bookCurrentOutflow = cl::Kernel(program, "bookCurrentOutflow");
    keepDriftedDyeWithinWater = cl::Kernel(program, "keepDriftedDyeWithinWater");
    bookDriftClamps = cl::Kernel(program, "bookDriftClamps");
}

void ClSolver::Impl::startDeviceDyeCall()
{
    if (dyeEditedOnHost || deviceDyeChannels < dye.channelCount()) pushDyeChannels();
    pushDyeLedgers();
    uploadDyeTables();
    if (dye.ridesOnCurrents() && !currentsOnDevice) uploadCurrents();
}

// The boundary edges and sources as DyeTransport has them, in the device's layout. Made at each
// call (a few hundred bytes): the sources' depths depend on dt, the edges on the segments.
void ClSolver::Impl::uploadDyeTables()
{
    std::vector<DyeEdgeArgs> edges;
    for (const DyeBoundaryEdge& e : dye.transportEdges()) {
        DyeEdgeArgs edge{static_cast<cl_uint>(static_cast<std::size_t>(e.family) * layout.plane + layout.fromPaddedIndex(e.flowIndex)),
                         static_cast<cl_uint>(layout.fromCellIndex(e.cell)), e.inward, {}};
        std::copy(e.concentration.begin(), e.concentration.end(), edge.concentration);
        edges.push_back(edge);
    }
    const DyeStepConstants c = DyeStepConstants::from(params, lattice, params.dyeHalfLife);
    std::vector<DyeSourceArgs> sources;
    for (const DyeSource& s : dye.transportSources())
        sources.push_back({static_cast<cl_uint>(layout.fromCellIndex(s.cell)), static_cast<cl_int>(s.kind),
                           static_cast<cl_float>(s.rate * c.dtSeconds / c.cellArea), s.drainAll ? 1 : 0, s.channel}); // as replayWater
    dyeEdgeCount = static_cast<int>(edges.size());
    dyeSourceCount = static_cast<int>(sources.size());
    edges.resize(std::max<std::size_t>(1, edges.size()));
    sources.resize(std::max<std::size_t>(1, sources.size()));
    dyeEdgeBuffer = cl::Buffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, edges.size() * sizeof(DyeEdgeArgs), edges.data());
    dyeSourceBuffer = cl::Buffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sources.size() * sizeof(DyeSourceArgs), sources.data());
    sourceDepths = cl::Buffer(context, CL_MEM_READ_WRITE, sources.size() * 2 * sizeof(float));
}

// The mirror's channels into the current set, the buffers made first when there are more
// channels than they hold.
void ClSolver::Impl::pushDyeChannels()
{
    if (deviceDyeChannels < dye.channelCount()) allocateDyeBuffers();
    const cl::Buffer& set = dyeSets[static_cast<std::size_t>(current)];
    for (std::size_t c = 0; c < dye.channels().size(); ++c)
        queue.enqueueWriteBuffer(set, CL_TRUE, c * fieldBytes(), fieldBytes(), layout.fromCells(dye.channels()[c].data()).data());
    dyeEditedOnHost = false;
}

// For every channel of the mirror; the sets' ghost rings and the concentrations' stay 0.
void ClSolver::Impl::allocateDyeBuffers()
{
    const auto channels = static_cast<std::size_t>(dye.channelCount());
    const std::size_t bytes = channels * fieldBytes(), rows = channels * static_cast<std::size_t>(lattice.height()) * sizeof(double);
    for (cl::Buffer* zeroed : {&dyeSets[0], &dyeSets[1], &dyeSets[2], &dyeConcentrations}) {
        *zeroed = cl::Buffer(context, CL_MEM_READ_WRITE, bytes);
        queue.enqueueFillBuffer(*zeroed, 0.0f, 0, bytes);
    }
    for (cl::Buffer* terms : {&evaporatedTerms, &clippedTerms, &decayedTerms}) *terms = cl::Buffer(context, CL_MEM_READ_WRITE, bytes);
    for (cl::Buffer* r : {&rowEvaporated, &rowClipped, &rowDecayed}) *r = cl::Buffer(context, CL_MEM_READ_WRITE, rows);
    dyeLedgerBuffer = cl::Buffer(context, CL_MEM_READ_WRITE, channels * contract::kDyeLedgerSlots * sizeof(double));
    driftTerms = cl::Buffer(context, CL_MEM_READ_WRITE, channels * layout.plane * sizeof(double));
    rowClamped = cl::Buffer(context, CL_MEM_READ_WRITE, channels * static_cast<std::size_t>(lattice.height()) * sizeof(cl_int));
    deviceDyeChannels = dye.channelCount();
}

void ClSolver::Impl::pullDyeChannels()
{
    std::vector<float> field(layout.plane);
    const cl::Buffer& set = dyeSets[static_cast<std::size_t>(current)];
    for (std::size_t c = 0; c < dye.channels().size(); ++c) {
        queue.enqueueReadBuffer(set, CL_TRUE, c * fieldBytes(), fieldBytes(), field.data());
        layout.toCells(field, dye.channels()[c].data());
    }
}

void ClSolver::Impl::pushDyeLedgers()
{
    const std::vector<DyeLedger>& ledgers = dye.ledgers();
    std::vector<double> slots(ledgers.size() * contract::kDyeLedgerSlots);
    for (std::size_t c = 0; c < ledgers.size(); ++c)
        for (const auto& [slot, field] : kLedgerFields) slots[ledgerIndex(c, slot)] = ledgers[c].*field;
    queue.enqueueWriteBuffer(dyeLedgerBuffer, CL_TRUE, 0, slots.size() * sizeof(double), slots.data());
}

void ClSolver::Impl::pullDyeLedgers()
{
    std::vector<DyeLedger>& ledgers = dye.mutableLedgers();
    std::vector<double> slots(ledgers.size() * contract::kDyeLedgerSlots);
    queue.enqueueReadBuffer(dyeLedgerBuffer, CL_TRUE, 0, slots.size() * sizeof(double), slots.data());
    for (std::size_t c = 0; c < ledgers.size(); ++c)
        for (const auto& [slot, field] : kLedgerFields) ledgers[c].*field = slots[ledgerIndex(c, slot)];
}

// DyeTransport::step after the water's step from set `from` into set `to`: its depths before and
// after and its flows are the sets' own; the channels go from dye set `from` to dye set `to`.
void ClSolver::Impl::enqueueDyeStep(int from, int to)
{
    const DyeStepArgs step = dyeStepArgs(params, lattice);
    const GridArgs g = grid();
    const auto set = [](const std::array<cl::Buffer, 3>& sets, int i) -> const cl::Buffer& { return sets[static_cast<std::size_t>(i)]; };
    const cl::Buffer &depthIn = set(depthSets, from), &depthOut = set(depthSets, to), &flows = set(flowSets, to);
    const cl::Buffer &dyeIn = set(dyeSets, from), &dyeOut = set(dyeSets, to);
    const auto width = static_cast<std::size_t>(lattice.width()), height = static_cast<std::size_t>(lattice.height());
    const auto channels = static_cast<std::size_t>(dye.channelCount());

    const cl::NDRange cells(cellRange()[0], cellRange()[1], channels), group(kGroupX, kGroupY, 1);

    cl::Kernel& replay = replayWaterForDye;
    replay.setArg(0, sourceDepths), replay.setArg(1, dyeSourceBuffer), replay.setArg(2, dyeSourceCount), replay.setArg(3, depthIn);
    replay.setArg(4, flows), replay.setArg(5, g), replay.setArg(6, step);
    launch(replay, cl::NDRange(1), cl::NDRange(1));

    cl::Kernel& concentrations = computeDyeConcentrations;
    concentrations.setArg(0, dyeConcentrations), concentrations.setArg(1, dyeIn), concentrations.setArg(2, depthIn), concentrations.setArg(3, g);
    launch(concentrations, cl::NDRange(width, height, channels), cl::NullRange);
    cl::Kernel& advect = advectAndEvaporateDye;
    advect.setArg(0, dyeOut), advect.setArg(1, evaporatedTerms), advect.setArg(2, dyeIn), advect.setArg(3, dyeConcentrations);
    advect.setArg(4, depthIn), advect.setArg(5, flows), advect.setArg(6, g), advect.setArg(7, step);
    launch(advect, cells, group);

    // The CPU books boundary and sources even when there are none (adding +0): so does the device.
    cl::Kernel& boundary = crossDyeBoundary;
    boundary.setArg(0, dyeOut), boundary.setArg(1, dyeConcentrations), boundary.setArg(2, flows), boundary.setArg(3, dyeEdgeBuffer);
    boundary.setArg(4, dyeEdgeCount), boundary.setArg(5, g), boundary.setArg(6, step), boundary.setArg(7, dyeLedgerBuffer);
    boundary.setArg(8, depthIn); // for the weather's share of the inflow's dye
    launch(boundary, cl::NDRange(channels), cl::NullRange);
    cl::Kernel& sources = applyDyeSources;
    sources.setArg(0, dyeOut), sources.setArg(1, sourceDepths), sources.setArg(2, dyeSourceBuffer), sources.setArg(3, dyeSourceCount);
    sources.setArg(4, g), sources.setArg(5, step), sources.setArg(6, dyeLedgerBuffer);
    launch(sources, cl::NDRange(channels), cl::NullRange);

    cl::Kernel& decay = decayAndKeepDyeWithinWater;
    decay.setArg(0, dyeOut), decay.setArg(1, clippedTerms), decay.setArg(2, decayedTerms), decay.setArg(3, depthOut), decay.setArg(4, g);
    decay.setArg(5, step);
    launch(decay, cells, group);
    enqueueDyeBooks(channels);
}

// The evaporated, clipped and decayed dye: the per-cell terms summed along their rows, then the
// rows into the ledgers.
void ClSolver::Impl::enqueueDyeBooks(std::size_t channels)
{
    const GridArgs g = grid();
    sumDyeRows.setArg(0, rowEvaporated), sumDyeRows.setArg(1, rowClipped), sumDyeRows.setArg(2, rowDecayed);
    sumDyeRows.setArg(3, evaporatedTerms), sumDyeRows.setArg(4, clippedTerms), sumDyeRows.setArg(5, decayedTerms), sumDyeRows.setArg(6, g);
    launch(sumDyeRows, cl::NDRange(static_cast<std::size_t>(lattice.height()), channels), cl::NullRange);
    bookDyeRows.setArg(0, dyeLedgerBuffer), bookDyeRows.setArg(1, rowEvaporated), bookDyeRows.setArg(2, rowClipped);
    bookDyeRows.setArg(3, rowDecayed), bookDyeRows.setArg(4, g), bookDyeRows.setArg(5, dyeStepArgs(params, lattice));
    launch(bookDyeRows, cl::NDRange(channels), cl::NullRange);
}

// The current's face fluxes in the flows' layout, and the faces through open sides (one end on
// the map) in CurrentDrift's order: family, then the face's head row, then its column.
void ClSolver::Impl::uploadCurrents()
{
    std::vector<float> flows(layout.plane * static_cast<std::size_t>(lattice.familyCount()), 0.0f);
    std::vector<CurrentSideFaceArgs> sideFaces;
    const auto deviceCell = [&](int x, int y) { return lattice.contains(x, y) ? static_cast<cl_int>(layout.index(x, y)) : cl_int{-1}; };
    for (int f = 0; f < std::min(lattice.familyCount(), static_cast<int>(currentFlows.size())); ++f) {
        const FloatField& field = currentFlows[static_cast<std::size_t>(f)];
        layout.fromPadded(field.data(), flows.data() + static_cast<std::size_t>(f) * layout.plane);
        for (int y = -1; y <= lattice.height(); ++y)
            for (int x = -1; x <= lattice.width(); ++x) {
                const CellOffset t = lattice.family(f).tailOffset(y);
                const cl_int tail = deviceCell(x + t.dx, y + t.dy), head = deviceCell(x, y);
                if (field[lattice.paddedIndex(x, y)] == 0.0f || (tail < 0) == (head < 0)) continue;
                sideFaces.push_back({static_cast<cl_uint>(static_cast<std::size_t>(f) * layout.plane + layout.index(x, y)), tail, head});
            }
    }
    currentSideFaceCount = static_cast<int>(sideFaces.size());
    sideFaces.resize(std::max<std::size_t>(1, sideFaces.size()));
    currentFlowBuffer = cl::Buffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, flows.size() * sizeof(float), flows.data());
    currentSideFaces = cl::Buffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sideFaces.size() * sizeof(CurrentSideFaceArgs), sideFaces.data());
    currentOutflow = cl::Buffer(context, CL_MEM_READ_WRITE, layout.plane * sizeof(double));
    rowWorst = cl::Buffer(context, CL_MEM_READ_WRITE, static_cast<std::size_t>(lattice.height()) * sizeof(double));
    substepCount = cl::Buffer(context, CL_MEM_READ_WRITE, sizeof(cl_int));
    currentsOnDevice = true;
}

// CurrentDrift::step on the dye set `to` over the step's water (depth set `to`): the substeps are
// planned on the device and their count read back, so this many substeps are enqueued.
void ClSolver::Impl::enqueueCurrentDrift(int to)
{
    const DyeStepArgs step = dyeStepArgs(params, lattice);
    const GridArgs g = grid();
    const cl::Buffer &depth = depthSets[static_cast<std::size_t>(to)], &dyeOut = dyeSets[static_cast<std::size_t>(to)];
    const auto width = static_cast<std::size_t>(lattice.width()), height = static_cast<std::size_t>(lattice.height());
    const auto channels = static_cast<std::size_t>(dye.channelCount());

    cl::Kernel& plan = planCurrentSubsteps;
    plan.setArg(0, currentOutflow), plan.setArg(1, rowWorst), plan.setArg(2, currentFlowBuffer), plan.setArg(3, depth), plan.setArg(4, g);
    plan.setArg(5, step);
    launch(plan, cl::NDRange(height), cl::NullRange);
    countCurrentSubsteps.setArg(0, substepCount), countCurrentSubsteps.setArg(1, rowWorst), countCurrentSubsteps.setArg(2, g);
    launch(countCurrentSubsteps, cl::NDRange(1), cl::NDRange(1));
    cl_int substeps = 1;
    queue.enqueueReadBuffer(substepCount, CL_TRUE, 0, sizeof substeps, &substeps);

    for (cl_int i = 0; i < substeps; ++i) {
        cl::Kernel& concentrations = computeDyeConcentrations;
        concentrations.setArg(0, dyeConcentrations), concentrations.setArg(1, dyeOut), concentrations.setArg(2, depth), concentrations.setArg(3, g);
        launch(concentrations, cl::NDRange(width, height, channels), cl::NullRange);
        cl::Kernel& outflow = bookCurrentOutflow;
        outflow.setArg(0, dyeLedgerBuffer), outflow.setArg(1, currentSideFaces), outflow.setArg(2, currentSideFaceCount);
        outflow.setArg(3, dyeConcentrations), outflow.setArg(4, currentFlowBuffer), outflow.setArg(5, currentOutflow), outflow.setArg(6, depth);
        outflow.setArg(7, g), outflow.setArg(8, step), outflow.setArg(9, substepCount);
        launch(outflow, cl::NDRange(channels), cl::NullRange);
        cl::Kernel& drift = driftDyeOnCurrent;
        drift.setArg(0, dyeOut), drift.setArg(1, dyeConcentrations), drift.setArg(2, currentFlowBuffer), drift.setArg(3, currentOutflow);
        drift.setArg(4, depth), drift.setArg(5, g), drift.setArg(6, step), drift.setArg(7, substepCount);
        launch(drift, cl::NDRange(width, height, channels), cl::NullRange);
    }
    cl::Kernel& keep = keepDriftedDyeWithinWater;
    keep.setArg(0, dyeOut), keep.setArg(1, driftTerms), keep.setArg(2, rowClamped), keep.setArg(3, depth), keep.setArg(4, g);
    launch(keep, cl::NDRange(height, channels), cl::NullRange);
    bookDriftClamps.setArg(0, dyeLedgerBuffer), bookDriftClamps.setArg(1, driftTerms), bookDriftClamps.setArg(2, rowClamped);
    bookDriftClamps.setArg(3, g), bookDriftClamps.setArg(4, step);
    launch(bookDriftClamps, cl::NDRange(channels), cl::NullRange);
}

// Diffusion has no kernel (an implicit solve, Eigen's CG on the host): after each device step the
// channels, ledgers and depths come back, DyeDiffusion runs as DyeCarrier::carry runs it, and the
// channels and ledgers go back onto the device.
void ClSolver::Impl::diffuseDyeOnHost()
{
    pullDyeChannels();
    pullDyeLedgers();
    readWater(dyeDepthAfter, nullptr);
    const DyeDiffusion diffusion(lattice);
    for (std::size_t c = 0; c < dye.channels().size(); ++c)
        diffusion.diffuse(dyeDepthAfter.data(), params.dyeDiffusivity, params.dt, dye.channels()[c], dye.mutableLedgers()[c]);
    pushDyeChannels();
    pushDyeLedgers();
}

void ClSolver::Impl::carryOnHost(std::int64_t stepNumber)
{
    readWater(dyeDepthAfter, &dyeFlows);
    WaterStepRecord water{dyeDepthBefore.data(), dyeDepthAfter.data(), {}};
    for (std::size_t f = 0; f < dyeFlows.size(); ++f) water.flows[f] = dyeFlows[f].data();
    dye.carry(water);
    if (erosion.dueAfter(stepNumber)) {
        erosion.update(water, bed);
        uploadBed();
    }
    std::swap(dyeDepthBefore, dyeDepthAfter); // the next step starts from this one's water
}

void ClSolver::Impl::updateBedOnHost()
{
    readWater(dyeDepthAfter, &dyeFlows);
    WaterStepRecord water{nullptr, dyeDepthAfter.data(), {}};
    for (std::size_t f = 0; f < dyeFlows.size(); ++f) water.flows[f] = dyeFlows[f].data();
    erosion.update(water, bed);
    uploadBed();
}

void ClSolver::Impl::uploadBed()
{
    const std::vector<float> deviceBed = layout.fromCells(bed.data());
    queue.enqueueWriteBuffer(bedBuffer, CL_TRUE, 0, fieldBytes(), deviceBed.data());
}

void ClSolver::Impl::refreshDyeDiagnostics()
{
    diagnostics.dyeVolumes = dye.volumes();
    diagnostics.dyeLedgers = dye.ledgers();
    diagnostics.sediment = erosion.suspendedVolume();
    diagnostics.sedimentLedger = erosion.ledger();
}

} // namespace rb::opencl
