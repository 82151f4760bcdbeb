#include "ClSolver.h"

#include "ClSolverImpl.h"
#include "KernelSource.h"

#include "currents/StoredCurrents.h"
#include "grid/BoundaryEdges.h"
#include "grid/RegionEdit.h"
#include "grid/SourceCells.h"
#include "ranges/ValueRanges.h"
#include "solver/DepthEditBooking.h"
#include "solver/PipeStages.h"
#include "solver/Stability.h"
#include "solver/StepContract.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <sstream>
#include <stdexcept>

namespace rb::opencl {
namespace {

// The header prepended to the kernels: the host's contract (constants and enums, generated from
// core/solver/StepContract.h) and the families' neighbour offsets as constants, so the compiler
// sees fixed distances between neighbours (see common.cl).
std::string latticeHeader(const Lattice& lattice, int vectorWidth)
{
    std::ostringstream out;
    out << contract::kernelContractHeader();
    const int n = lattice.familyCount();
    out << "#define VEC " << vectorWidth << "\n#define FAMILY_COUNT " << n << "\n";
    const auto table = [&](const char* name, auto pick) {
        out << "__constant int " << name << "[" << n << "][2] = {";
        for (int f = 0; f < n; ++f) {
            const EdgeFamily& e = lattice.family(f);
            out << (f ? ", " : "") << "{" << pick(e, 0) << ", " << pick(e, 1) << "}";
        }
        out << "};\n";
    };
    table("TAIL_DX", [](const EdgeFamily& e, int odd) { return e.tailOffset(odd).dx; });
    table("TAIL_DY", [](const EdgeFamily& e, int odd) { return e.tailOffset(odd).dy; });
    table("HEAD_DX", [](const EdgeFamily& e, int odd) { return e.headOffset(odd).dx; });
    table("HEAD_DY", [](const EdgeFamily& e, int odd) { return e.headOffset(odd).dy; });
    out << momentumHeader(lattice);
    return out.str();
}

} // namespace

std::string describe(const cl::Error& e)
{
    return std::string(e.what()) + " failed with OpenCL error " + std::to_string(e.err());
}


ClSolver::ClSolver(const ClOptions& options) : impl_(std::make_unique<Impl>())
{
    impl_->options = options;
    try {
        impl_->createContext();
        impl_->buildProgram(Lattice(LatticeKind::Triangle, 2, 2, 1.0)); // fail early; load() rebuilds for its lattice
    } catch (const cl::Error& e) {
        throw Unavailable("OpenCL could not start: " + describe(e));
    }
}

ClSolver::~ClSolver()
{
    if (impl_ && impl_->profiling) impl_->printProfile();
}

void ClSolver::Impl::launch(cl::Kernel& kernel, const cl::NDRange& global, const cl::NDRange& local)
{
    if (!profiling) {
        queue.enqueueNDRangeKernel(kernel, cl::NullRange, global, local);
        return;
    }
    cl::Event event;
    queue.enqueueNDRangeKernel(kernel, cl::NullRange, global, local, nullptr, &event);
    event.wait();
    const double seconds = static_cast<double>(event.getProfilingInfo<CL_PROFILING_COMMAND_END>() - event.getProfilingInfo<CL_PROFILING_COMMAND_START>()) * 1e-9;
    auto& entry = kernelTimes[kernel.getInfo<CL_KERNEL_FUNCTION_NAME>()];
    entry.first += seconds;
    ++entry.second;
}

void ClSolver::Impl::printProfile() const
{
    for (const auto& [name, time] : kernelTimes)
        std::fprintf(stderr, "opencl profile: %-22s %8ld launches %10.3f ms total %9.1f us each\n", name.c_str(), time.second, time.first * 1e3,
                     time.first * 1e6 / static_cast<double>(std::max(1L, time.second)));
}

void ClSolver::Impl::createContext()
{
    std::string problem;
    std::vector<DeviceInfo> devices = options.fault == InjectedFault::NoDevice ? std::vector<DeviceInfo>{} : listDevices(&problem);
    if (options.fault == InjectedFault::NoDevice) problem = "no OpenCL device found (injected fault)";
    const int index = chooseDevice(devices, options.device, &problem);
    if (index < 0) throw Unavailable("OpenCL unavailable: " + problem);
    info = devices[static_cast<std::size_t>(index)];
    // Find the same device again through the bindings (listDevices flattens platforms in order).
    std::vector<cl::Platform> platforms;
    cl::Platform::get(&platforms);
    int seen = 0;
    for (const cl::Platform& platform : platforms) {
        std::vector<cl::Device> platformDevices;
        try {
            platform.getDevices(CL_DEVICE_TYPE_ALL, &platformDevices);
        } catch (const cl::Error&) {
            continue;
        }
        for (const cl::Device& d : platformDevices)
            if (seen++ == index) device = d;
    }
    context = cl::Context(device);
    profiling = std::getenv("RIVERBED_OPENCL_PROFILE") != nullptr;
    if (options.vectorWidth != 0 && options.vectorWidth != 1 && options.vectorWidth != 8 && options.vectorWidth != 16)
        throw std::invalid_argument("the OpenCL vector width must be 1, 8 or 16 (or 0 for the device's choice), not " + std::to_string(options.vectorWidth));
    vectorWidth = options.vectorWidth != 0 ? options.vectorWidth : (device.getInfo<CL_DEVICE_TYPE>() & CL_DEVICE_TYPE_CPU) ? 16 : 1;
    queue = cl::CommandQueue(context, device, profiling ? CL_QUEUE_PROFILING_ENABLE : 0);
}

// OpenCL 1.2; division and square root correctly rounded, as the CPU solver's, wherever the
// device offers it (OpenCL otherwise allows 2.5 ulp for a division: GPUs may take it; PoCL
// divides exactly either way); the compiler's warnings off unless asked for (ClOptions).
std::string ClSolver::Impl::buildOptions() const
{
    std::string result = "-cl-std=CL1.2";
    if (device.getInfo<CL_DEVICE_SINGLE_FP_CONFIG>() & CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT) result += " -cl-fp32-correctly-rounded-divide-sqrt";
    if (!options.kernelWarnings) result += " -w";
    return result;
}

void ClSolver::Impl::buildProgram(const Lattice& forLattice)
{
    // The header depends on the lattice kind only, which the family count tells apart.
    const int familyCount = forLattice.familyCount();
    if (builtForFamilies == familyCount) return;
    std::string source = latticeHeader(forLattice, vectorWidth) + kernelSource() + kernelArgLayoutChecks();
    if (options.fault == InjectedFault::KernelBuildFailure) source += "\n#error injected kernel build failure\n";
    program = cl::Program(context, source);
    try {
        program.build({device}, buildOptions().c_str());
    } catch (const cl::Error&) {
        const std::string log = program.getBuildInfo<CL_PROGRAM_BUILD_LOG>(device);
        throw Unavailable("the OpenCL kernels failed to build on " + info.name + "; build log:\n" + log);
    }
    setBoundaryFlows = cl::Kernel(program, "setBoundaryFlows");
    accelerateFlowsAndScales = cl::Kernel(program, "accelerateFlowsAndScales");
    scaleFlowsAndUpdateDepths = cl::Kernel(program, "scaleFlowsAndUpdateDepths");
    recordBoundaryFlows = cl::Kernel(program, "recordBoundaryFlows");
    sumGroupLedger = cl::Kernel(program, "sumGroupLedger");
    applyPointSources = cl::Kernel(program, "applyPointSources");
    refreshDiagnostics = cl::Kernel(program, "refreshDiagnostics");
    foldDiagnostics = cl::Kernel(program, "foldDiagnostics");
    createMomentumKernels();
    createDyeKernels();
    createMeanKernel(); // after the dye's, which find out whether the device does doubles
    builtForFamilies = familyCount;
}

std::string ClSolver::kernelBuildLog() const
{
    return impl_->program.getBuildInfo<CL_PROGRAM_BUILD_LOG>(impl_->device);
}

std::string ClSolver::name() const
{
    return "opencl:" + impl_->info.name;
}

GridArgs ClSolver::Impl::grid() const
{
    return {lattice.width(), lattice.height(), layout.pitch, static_cast<cl_int>(layout.plane), static_cast<cl_float>(lattice.cellArea())};
}

// The step's constants as the CPU solver has them: the same StepConstants, so the same roundings.
PipeArgs ClSolver::Impl::pipes() const
{
    const StepConstants& c = pipeConstants;
    PipeArgs p{};
    p.dt = c.dt;
    p.gravity = c.gravity;
    for (int f = 0; f < lattice.familyCount(); ++f) {
        const EdgeFamily& e = lattice.family(f);
        p.pipeLength[f] = static_cast<float>(e.pipeLength);
        p.gdtOverLength[f] = c.gravityDtOverLength(e);
        p.faceWidth[f] = static_cast<float>(e.faceWidth);
    }
    p.frictionFactor = c.frictionFactor;
    p.viscosityTerm = c.viscosityTerm;
    p.constantArea = c.constantArea;
    p.depthPipes = c.depthPipes ? 1 : 0;
    return p;
}

cl::NDRange ClSolver::Impl::cellRange() const
{
    const std::size_t items = (static_cast<std::size_t>(lattice.width()) + static_cast<std::size_t>(vectorWidth) - 1) / static_cast<std::size_t>(vectorWidth);
    return {roundUp(items, static_cast<std::size_t>(kGroupX)), roundUp(static_cast<std::size_t>(lattice.height()), static_cast<std::size_t>(kGroupY))};
}

// Padded columns −1..W on rows 0..H: what scaleOutflows covers.
cl::NDRange ClSolver::Impl::updateRange() const
{
    const auto items = static_cast<std::size_t>(layout.pitch / vectorWidth);
    return {roundUp(items, static_cast<std::size_t>(kGroupX)), roundUp(static_cast<std::size_t>(lattice.height() + 1), static_cast<std::size_t>(kGroupY))};
}

void ClSolver::Impl::allocate(const Map& map)
{
    lattice = map.state.lattice;
    layout = FieldLayout(lattice, vectorWidth);
    std::size_t bytes = fieldBytes();
    if (options.fault == InjectedFault::AllocationFailure) bytes = std::size_t{1} << 46; // 64 TiB: no device has it
    const auto groupsOf = [](cl::NDRange range) { return range[0] / static_cast<std::size_t>(kGroupX) * (range[1] / static_cast<std::size_t>(kGroupY)); };
    cellGroups = groupsOf(cellRange());
    updateGroups = groupsOf(updateRange());
    faceScanGroups = groupsOf(faceScanRange());

    bed = map.state.bed.values();
    std::vector<float> deviceBed = layout.fromCells(bed.data()), deviceDepth = layout.fromCells(map.state.depth.data());
    std::vector<float> flows(layout.plane * static_cast<std::size_t>(lattice.familyCount()), 0.0f);
    for (int f = 0; f < lattice.familyCount(); ++f)
        layout.fromPadded(map.state.flows[static_cast<std::size_t>(f)].data(), flows.data() + static_cast<std::size_t>(f) * layout.plane);
    bedBuffer = cl::Buffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, bytes, deviceBed.data());
    for (std::size_t i = 0; i < depthSets.size(); ++i) {
        depthSets[i] = cl::Buffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, fieldBytes(), deviceDepth.data());
        flowSets[i] = cl::Buffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, flowBytes(), flows.data());
    }
    current = 0;
    acceleratedBuffer = cl::Buffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, flowBytes(), flows.data());
    std::vector<float> ones(layout.plane, 1.0f); // the ghost ring of the scales stays 1
    scaleBuffer = cl::Buffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, fieldBytes(), ones.data());
    stepLedger = cl::Buffer(context, CL_MEM_READ_WRITE, kStepsPerBatch * kLedgerSlots * sizeof(float));
    groupSums = cl::Buffer(context, CL_MEM_READ_WRITE, std::max({cellGroups, updateGroups, faceScanGroups}) * 4 * sizeof(float));
    diagnosticSums = cl::Buffer(context, CL_MEM_READ_WRITE, 4 * sizeof(float));
    speedSets = {};
    hasVelocities = false;
    dyeSets = {};
    currentsOnDevice = false;
    deviceDyeChannels = 0; // the dye buffers are made when a call first carries dye
    dyeEditedOnHost = true;
    if (!map.state.velocities.empty()) uploadVelocities(map.state.velocities);
    queue.finish();
}

void ClSolver::load(const Map& map)
{
    if (const std::string problem = map.validate(); !problem.empty()) throw std::invalid_argument(problem);
    Impl& s = *impl_;
    try {
        s.buildProgram(map.state.lattice);
    } catch (const cl::Error& e) {
        throw Unavailable("OpenCL could not build its kernels on " + s.info.name + ": " + describe(e));
    }
    try {
        s.allocate(map);
    } catch (const cl::Error& e) {
        throw Unavailable("OpenCL could not hold the map on " + s.info.name + ": " + describe(e));
    }
    s.time = map.state.time;
    s.steps = map.state.steps;
    s.ledger = map.state.ledger;
    s.boundaryEdges.clear(); // the previous map's; setBoundary brings this one's
    s.inflowShares.clear();
    s.sources.clear();
    s.dye.load(map.state.lattice, map.state, 1);
    s.erosion.load(map.state.lattice, map.state, 1);
    s.mean.load(map.state);
    s.currents = map.state.currents;
    s.currentFlows = map.state.currentFlows;
    setParams(map.params);
    setBoundary(map.boundary);
    setSources(map.sources);
    s.enqueueDiagnostics();
    s.readDiagnostics();
    s.diagnostics.cflAfterStep = s.diagnostics.cfl;
}

void ClSolver::setParams(const SimParams& params)
{
    if (const std::string problem = params.validate(); !problem.empty()) throw std::invalid_argument(problem);
    Impl& s = *impl_;
    const bool perStepChanged = params.dt != s.params.dt || params.model != s.params.model;
    const SimParams before = s.params;
    s.params = params; // kernel arguments are set at each launch: no field is uploaded
    s.pipeConstants = StepConstants::from(params, s.lattice);
    s.momentumConstants = MomentumConstants::from(params, s.lattice);
    s.dye.setParams(params);
    s.erosion.setParams(params);
    try {
        s.matchVelocitiesToModel(*this);
        if (s.momentum()) s.uploadInflows(); // their critical depths depend on gravity
    } catch (const cl::Error& e) {
        throw std::runtime_error("the OpenCL device failed to take the flow model: " + describe(e));
    }
    // As CpuSolver::setParams: another model's speeds measured, not bounded from the old one's.
    if (params.model != before.model) {
        try {
            s.enqueueDiagnostics();
            s.readDiagnostics();
        } catch (const cl::Error& e) {
            throw std::runtime_error("the OpenCL device failed to take the flow model: " + describe(e));
        }
    } else {
        s.diagnostics.cfl = cflAfterParamsChange(before, s.diagnostics.cfl, s.lattice, params, s.diagnostics.maxDepth, s.diagnostics.maxSpeed);
    }
    if (perStepChanged && !s.sources.empty()) setSources(s.sources); // their depth per step depends on dt and the model
}

void ClSolver::setBoundary(const std::vector<BoundarySegment>& segments)
{
    Impl& s = *impl_;
    if (const std::string problem = validateBoundary(s.lattice, segments); !problem.empty()) throw std::invalid_argument(problem);
    std::vector<BoundaryEdgeArgs> edges;
    for (const BoundaryEdge& e : expandBoundary(s.lattice, segments))
        edges.push_back({static_cast<cl_uint>(static_cast<std::size_t>(e.family) * s.layout.plane + s.layout.fromPaddedIndex(e.flowIndex)),
                         static_cast<cl_uint>(s.layout.fromCellIndex(e.cell)),
                         e.inward, static_cast<cl_int>(e.type), e.value, e.family});
    s.segments = segments;
    s.setMomentumBoundary(expandBoundary(s.lattice, segments));
    s.dye.setBoundaryAndSources(expandBoundary(s.lattice, segments), segments, resolveSources(s.lattice, s.sources));
    s.erosion.setBoundaryAndSources(expandBoundary(s.lattice, segments), segments, resolveSources(s.lattice, s.sources));
    s.dyeEditedOnHost = true; // channels the segments name may be new
    s.refreshDyeDiagnostics();
    s.edgeCount = static_cast<int>(edges.size());
    s.edgeBuffer = cl::Buffer(s.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, std::max<std::size_t>(1, edges.size()) * sizeof(BoundaryEdgeArgs),
                              edges.empty() ? nullptr : edges.data());
}

void ClSolver::setSources(const std::vector<PointSource>& sources)
{
    Impl& s = *impl_;
    if (const std::string problem = validateSources(s.lattice, sources); !problem.empty()) throw std::invalid_argument(problem);
    std::vector<SourceCellArgs> cells;
    for (const SourceCell& c : resolveSources(s.lattice, sources)) {
        // rate·dt/S as each model's step works it out (the momentum step's S is a float).
        const double depthPerStep = c.rate * s.params.dt / s.ledgerCellArea();
        cells.push_back({static_cast<cl_uint>(s.layout.fromCellIndex(c.cell)), static_cast<cl_int>(c.kind), static_cast<cl_float>(depthPerStep), c.drainAll ? 1 : 0});
    }
    s.sources = sources;
    s.dye.setBoundaryAndSources(expandBoundary(s.lattice, s.segments), s.segments, resolveSources(s.lattice, sources));
    s.erosion.setBoundaryAndSources(expandBoundary(s.lattice, s.segments), s.segments, resolveSources(s.lattice, sources));
    s.dyeEditedOnHost = true; // channels the springs name may be new
    s.refreshDyeDiagnostics();
    s.sourceCount = static_cast<int>(cells.size());
    SourceCellArgs placeholder{};
    s.sourceBuffer = cl::Buffer(s.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, std::max<std::size_t>(1, cells.size()) * sizeof(SourceCellArgs),
                                cells.empty() ? &placeholder : cells.data());
}

// One step from state set `from` into set `to`: the same order as PipeStep::run, as a chain of
// kernels with no host sync.
void ClSolver::Impl::enqueueStep(int stepInBatch, int from, int to)
{
    const GridArgs gridArgs = grid();
    const PipeArgs pipeArgs = pipes();
    const cl::LocalSpaceArg scratch = cl::Local(kScratchValues * sizeof(float));
    const cl::Buffer &depthIn = depthSets[static_cast<std::size_t>(from)], &flowsIn = flowSets[static_cast<std::size_t>(from)];
    const cl::Buffer &depthOut = depthSets[static_cast<std::size_t>(to)], &flowsOut = flowSets[static_cast<std::size_t>(to)];

    setBoundaryFlows.setArg(0, acceleratedBuffer), setBoundaryFlows.setArg(1, flowsIn), setBoundaryFlows.setArg(2, bedBuffer);
    setBoundaryFlows.setArg(3, depthIn), setBoundaryFlows.setArg(4, edgeBuffer), setBoundaryFlows.setArg(5, edgeCount);
    setBoundaryFlows.setArg(6, pipeArgs);
    launch(setBoundaryFlows, cl::NDRange(roundUp(static_cast<std::size_t>(edgeCount), 64)), cl::NDRange(64));

    cl::Kernel& accelerate = accelerateFlowsAndScales;
    accelerate.setArg(0, acceleratedBuffer), accelerate.setArg(1, scaleBuffer), accelerate.setArg(2, flowsIn);
    accelerate.setArg(3, bedBuffer), accelerate.setArg(4, depthIn), accelerate.setArg(5, gridArgs), accelerate.setArg(6, pipeArgs);
    launch(accelerate, cellRange(), cl::NDRange(kGroupX, kGroupY));

    const float rainDepth = pipeConstants.rainDepth, evaporationDepth = pipeConstants.evaporationDepth;
    cl::Kernel& update = scaleFlowsAndUpdateDepths;
    update.setArg(0, flowsOut), update.setArg(1, depthOut), update.setArg(2, depthIn), update.setArg(3, acceleratedBuffer);
    update.setArg(4, scaleBuffer), update.setArg(5, gridArgs), update.setArg(6, pipeConstants.dtOverArea);
    update.setArg(7, rainDepth), update.setArg(8, evaporationDepth), update.setArg(9, groupSums), update.setArg(10, scratch);
    launch(update, updateRange(), cl::NDRange(kGroupX, kGroupY));

    enqueueLedgerKernels(stepInBatch, flowsOut, depthOut, rainDepth != 0.0f || evaporationDepth != 0.0f, updateGroups);
}

// The end of a step in either model: what crossed the boundary, the weather's group sums (left in
// groupSums by the update kernel) and the point sources, into the step's ledger row.
void ClSolver::Impl::enqueueLedgerKernels(int stepInBatch, const cl::Buffer& flowsOut, const cl::Buffer& depthOut, bool weather, std::size_t weatherGroups)
{
    const cl::LocalSpaceArg scratch = cl::Local(kScratchValues * sizeof(float));
    recordBoundaryFlows.setArg(0, stepLedger), recordBoundaryFlows.setArg(1, stepInBatch), recordBoundaryFlows.setArg(2, flowsOut);
    recordBoundaryFlows.setArg(3, edgeBuffer), recordBoundaryFlows.setArg(4, edgeCount), recordBoundaryFlows.setArg(5, scratch);
    launch(recordBoundaryFlows, cl::NDRange(kReductionSize), cl::NDRange(kReductionSize));

    if (weather) {
        sumGroupLedger.setArg(0, stepLedger), sumGroupLedger.setArg(1, stepInBatch), sumGroupLedger.setArg(2, groupSums);
        sumGroupLedger.setArg(3, static_cast<cl_int>(weatherGroups)), sumGroupLedger.setArg(4, scratch);
        launch(sumGroupLedger, cl::NDRange(kReductionSize), cl::NDRange(kReductionSize));
    }
    if (sourceCount > 0) {
        applyPointSources.setArg(0, depthOut), applyPointSources.setArg(1, sourceBuffer), applyPointSources.setArg(2, sourceCount);
        applyPointSources.setArg(3, stepLedger), applyPointSources.setArg(4, stepInBatch);
        launch(applyPointSources, cl::NDRange(1), cl::NDRange(1));
    }
}

void ClSolver::Impl::enqueueDiagnostics()
{
    const PipeArgs pipeArgs = pipes();
    const cl_float3 faceWidths = {{pipeArgs.faceWidth[0], pipeArgs.faceWidth[1], pipeArgs.faceWidth[2], 0.0f}};
    refreshDiagnostics.setArg(0, depthBuffer()), refreshDiagnostics.setArg(1, flowBuffer()), refreshDiagnostics.setArg(2, grid());
    refreshDiagnostics.setArg(3, faceWidths), refreshDiagnostics.setArg(4, groupSums);
    refreshDiagnostics.setArg(5, cl::Local(kScratchValues * 4 * sizeof(float)));
    launch(refreshDiagnostics, cellRange(), cl::NDRange(kGroupX, kGroupY));
    foldDiagnostics.setArg(0, diagnosticSums), foldDiagnostics.setArg(1, groupSums), foldDiagnostics.setArg(2, static_cast<cl_int>(cellGroups));
    foldDiagnostics.setArg(3, cl::Local(kReductionSize * sizeof(float)));
    launch(foldDiagnostics, cl::NDRange(kReductionSize), cl::NDRange(kReductionSize));
    if (momentum()) enqueueFaceSpeedScan();
}

double ClSolver::Impl::ledgerCellArea() const
{
    return momentum() ? static_cast<double>(momentumConstants.cellArea) : lattice.cellArea();
}

void ClSolver::Impl::readBatchLedger(int stepsInBatch)
{
    std::vector<float> rows(static_cast<std::size_t>(stepsInBatch) * kLedgerSlots);
    queue.enqueueReadBuffer(stepLedger, CL_TRUE, 0, rows.size() * sizeof(float), rows.data());
    const double dt = params.dt, area = ledgerCellArea();
    using contract::LedgerSlot;
    for (int i = 0; i < stepsInBatch; ++i) {
        const float* row = &rows[static_cast<std::size_t>(i) * kLedgerSlots];
        const auto slot = [&](LedgerSlot which) { return static_cast<double>(row[static_cast<int>(which)]); };
        ledger.boundaryIn += slot(LedgerSlot::BoundaryIn) * dt;
        ledger.boundaryOut += slot(LedgerSlot::BoundaryOut) * dt;
        ledger.rain += slot(LedgerSlot::Rain) * area;
        ledger.evaporation += slot(LedgerSlot::Evaporation) * area;
        ledger.springs += slot(LedgerSlot::Springs) * area;
        ledger.drains += slot(LedgerSlot::Drains) * area;
    }
}

void ClSolver::Impl::readDiagnostics()
{
    float sums[4] = {};
    queue.enqueueReadBuffer(diagnosticSums, CL_TRUE, 0, sizeof(sums), sums);
    diagnostics.steps = steps;
    diagnostics.time = time;
    diagnostics.volume = static_cast<double>(sums[0]) * lattice.cellArea();
    diagnostics.ledger = ledger;
    diagnostics.maxDepth = sums[1];
    diagnostics.maxSpeed = sums[2];
    diagnostics.cfl = sums[3] > 0.0f ? std::numeric_limits<double>::infinity() : cflNumber(lattice, params, diagnostics.maxDepth);
    if (!momentum()) return;
    // The momentum model knows its face speeds: (0, fastest wet face, fastest signal, non-finite).
    float faces[4] = {};
    queue.enqueueReadBuffer(speedSums, CL_TRUE, 0, sizeof(faces), faces);
    diagnostics.maxSpeed = faces[1];
    if (std::isfinite(diagnostics.cfl))
        diagnostics.cfl = faces[3] > 0.0f ? std::numeric_limits<double>::infinity() : momentumCflNumber(lattice, params, faces[2]);
}

std::string ClSolver::Impl::refuse(const Diagnostics& atStart, const char* what) const
{
    return unstableCallMessage({lattice, params, bed, segments, sources, atStart.maxDepth, atStart.cfl, atStart.steps}, what);
}

// A call that cannot stand is undone: its starting state set (which no step of the call wrote)
// becomes current again, and the counters, ledger and diagnostics are those of its start.
void ClSolver::Impl::readWater(std::vector<float>& depth, std::vector<std::vector<float>>* flows) const
{
    std::vector<float> field(layout.plane);
    depth.resize(lattice.cellCount());
    queue.enqueueReadBuffer(depthBuffer(), CL_TRUE, 0, fieldBytes(), field.data());
    layout.toCells(field, depth.data());
    if (!flows) return;
    flows->resize(static_cast<std::size_t>(lattice.familyCount()));
    for (int f = 0; f < lattice.familyCount(); ++f) {
        std::vector<float>& padded = (*flows)[static_cast<std::size_t>(f)];
        padded.resize(static_cast<std::size_t>(lattice.paddedWidth()) * static_cast<std::size_t>(lattice.paddedHeight()));
        queue.enqueueReadBuffer(flowBuffer(), CL_TRUE, static_cast<std::size_t>(f) * fieldBytes(), fieldBytes(), field.data());
        layout.toPadded(field.data(), padded.data());
    }
}

void ClSolver::Impl::rollBack(int startSet, const Diagnostics& atStart)
{
    current = startSet;
    if (!dye.empty()) dye.restoreCall();
    if (erosion.enabled()) {
        erosion.restoreCall(bed);
        uploadBed();
    }
    restoreMeanCall();
    time = atStart.time;
    steps = atStart.steps;
    ledger = atStart.ledger;
    diagnostics = atStart;
}

// Why the state after a call cannot stand as a step of the scheme, or nullptr. The device sums no
// flow magnitudes: only the depth's range is checked here (the CPU solver checks flows too).
const char* ClSolver::Impl::unstableWhat() const
{
    if (!std::isfinite(diagnostics.cfl)) return "a value turned NaN/Inf";
    if (diagnostics.cfl > 1.0) return "the CFL number rose above 1";
    if (diagnostics.maxDepth > ranges::kMaxElevation) return kWaterOutOfRange;
    constexpr auto kLimit = static_cast<float>(ranges::kMaxElevation);
    if (erosion.updatedThisCall() && !std::all_of(bed.begin(), bed.end(), [](float b) { return b >= -kLimit && b <= kLimit; }))
        return "the eroded terrain left its range (lower the erosion rates or dt)";
    return nullptr;
}

StepResult ClSolver::step(int count)
{
    if (count < 0) throw std::invalid_argument("step count must not be negative");
    Impl& s = *impl_;
    if (std::string refusal = counterLimitMessage(s.steps, s.time, s.params.dt, count); !refusal.empty()) return {0, std::move(refusal)};
    if (!(s.diagnostics.cfl <= 1.0)) return {0, s.refuse(s.diagnostics, "the CFL number is above 1")};
    const Diagnostics before = s.diagnostics;
    const int start = s.current; // no step of this call writes it: a refused call returns to it
    const Impl::DyeMode dyeMode = s.dyeMode();
    const bool dyeOnDevice = dyeMode == Impl::DyeMode::Device || dyeMode == Impl::DyeMode::DeviceWithHostDiffusion;
    // Diffusion on the host, the host's carrier and the erosion with interval 1 need every step's
    // water: one step per batch. A longer bed interval ends a batch where the bed updates.
    const bool onHost = dyeMode == Impl::DyeMode::Host || s.erosion.needsEveryStep();
    // A mean recorded on the host (a device without doubles) reads every step's water back too.
    const bool stepwise = onHost || dyeMode == Impl::DyeMode::DeviceWithHostDiffusion || (s.mean.recording() && !s.meanOnDevice());
    try {
        if (dyeMode != Impl::DyeMode::None) s.dye.beginCall();
        s.erosion.beginCall();
        s.beginMeanCall();
        double stepTime = s.time; // as s.time will count it, step by step
        if (onHost) s.readWater(s.dyeDepthBefore, nullptr);
        if (dyeOnDevice) s.startDeviceDyeCall();
        for (int done = 0; done < count;) {
            int batch = stepwise ? 1 : std::min(kStepsPerBatch, count - done);
            if (s.erosion.enabled()) batch = std::min(batch, s.erosion.stepsUntilUpdate(s.steps + done));
            s.queue.enqueueFillBuffer(s.stepLedger, 0.0f, 0, static_cast<std::size_t>(batch) * kLedgerSlots * sizeof(float));
            for (int i = 0; i < batch; ++i) {
                // First step: a set other than the start; then the one that is neither start nor current.
                const int next = s.current == start ? (start + 1) % 3 : 3 - start - s.current;
                if (s.momentum()) s.enqueueMomentumStep(i, s.current, next);
                else s.enqueueStep(i, s.current, next);
                if (dyeOnDevice) s.enqueueDyeStep(s.current, next);
                if (dyeOnDevice && s.dye.ridesOnCurrents()) s.enqueueCurrentDrift(next);
                s.current = next;
                const double stepStart = stepTime;
                stepTime += s.params.dt;
                s.recordMeanStep(stepStart, stepTime);
            }
            s.readBatchLedger(batch);
            const std::int64_t stepNumber = s.steps + done + batch; // of the batch's last step
            if (onHost) {
                s.carryOnHost(stepNumber);
                s.dyeEditedOnHost = true; // the device's channels are behind the mirror's now
            } else if (s.erosion.dueAfter(stepNumber)) {
                s.updateBedOnHost();
            }
            if (dyeMode == Impl::DyeMode::DeviceWithHostDiffusion) s.diffuseDyeOnHost();
            done += batch;
        }
        if (dyeOnDevice) {
            s.pullDyeChannels(); // the mirror, for the diagnostics, reads and a refusal's restore point
            s.pullDyeLedgers();
        }
        for (int i = 0; i < count; ++i) s.time += s.params.dt; // step by step, as the CPU counts it
        s.steps += count;
        s.enqueueDiagnostics();
        s.readDiagnostics();
        s.refreshDyeDiagnostics();
    } catch (const cl::Error& e) {
        s.rollBack(start, before);
        return {0, "the OpenCL device failed while stepping: " + describe(e)};
    }
    std::string message;
    if (const char* what = s.unstableWhat()) message = s.refuse(before, what);
    else if (const std::string problem = checkLedger(s.ledger); !problem.empty()) message = ledgerLimitMessage(before.steps, problem);
    if (!message.empty()) {
        s.rollBack(start, before);
        return {0, message};
    }
    s.diagnostics.cflAfterStep = s.diagnostics.cfl;
    return {count, {}};
}

namespace {

// Where a rectangle of cells lies in a device field (FieldLayout) and in a packed host array.
struct RegionCopy {
    cl::array<cl::size_type, 3> bufferOrigin, hostOrigin, region;
    cl::size_type bufferPitch, hostPitch;
};

RegionCopy regionCopy(const FieldLayout& layout, const CellRegion& rect)
{
    const cl::size_type rowBytes = static_cast<cl::size_type>(rect.width) * sizeof(float);
    const std::size_t first = layout.index(rect.x, rect.y); // row and column of the rectangle's first cell
    const auto pitch = static_cast<std::size_t>(layout.pitch);
    return {{first % pitch * sizeof(float), first / pitch, 0},
            {0, 0, 0},
            {rowBytes, static_cast<cl::size_type>(rect.height), 1},
            pitch * sizeof(float),
            rowBytes};
}

} // namespace

// Only the edited cells travel, not the field.
void ClSolver::Impl::writeRegion(const cl::Buffer& buffer, const CellRegion& rect, const std::vector<float>& values) const
{
    const RegionCopy c = regionCopy(layout, rect);
    queue.enqueueWriteBufferRect(buffer, CL_TRUE, c.bufferOrigin, c.hostOrigin, c.region, c.bufferPitch, 0, c.hostPitch, 0, values.data());
}

std::vector<float> ClSolver::Impl::readRegion(const cl::Buffer& buffer, const CellRegion& rect) const
{
    std::vector<float> values(rect.cellCount());
    const RegionCopy c = regionCopy(layout, rect);
    queue.enqueueReadBufferRect(buffer, CL_TRUE, c.bufferOrigin, c.hostOrigin, c.region, c.bufferPitch, 0, c.hostPitch, 0, values.data());
    return values;
}

void ClSolver::setBed(const CellRegion& rect, const std::vector<float>& bed)
{
    Impl& s = *impl_;
    if (const std::string problem = checkRegionEdit(s.lattice, rect, bed, EditedField::Bed); !problem.empty()) throw std::invalid_argument(problem);
    try {
        s.writeRegion(s.bedBuffer, rect, bed);
    } catch (const cl::Error& e) {
        throw std::runtime_error("the OpenCL device failed to take the terrain edit: " + describe(e));
    }
    rb::writeRegion(s.bed, s.lattice.width(), rect, bed);
}

void ClSolver::setDepth(const CellRegion& rect, const std::vector<float>& depth)
{
    writeDepth(rect, depth, std::nullopt);
}

void ClSolver::restoreDepth(const CellRegion& rect, const std::vector<float>& depth, double edited)
{
    writeDepth(rect, depth, edited);
}

void ClSolver::writeDepth(const CellRegion& rect, const std::vector<float>& depth, std::optional<double> edited)
{
    Impl& s = *impl_;
    if (const std::string problem = checkRegionEdit(s.lattice, rect, depth, EditedField::Depth); !problem.empty()) throw std::invalid_argument(problem);
    try {
        const std::vector<float> before = s.readRegion(s.depthBuffer(), rect);
        const double change = depthChange(before, depth);
        s.writeRegion(s.depthBuffer(), rect, depth);
        s.ledger.edited = edited.value_or(s.ledger.edited + change * s.lattice.cellArea());
        bookDepthEdit(s.diagnostics, s.lattice, s.params, change, depth, s.ledger);
        s.dye.keepWithinWater(rect, before, depth);
        s.erosion.keepWithinWater(rect, before, depth);
        s.dyeEditedOnHost = true;
        s.refreshDyeDiagnostics();
    } catch (const cl::Error& e) {
        throw std::runtime_error("the OpenCL device failed to take the water edit: " + describe(e));
    }
}

std::vector<float> ClSolver::readBed(const CellRegion& rect) const
{
    requireRegionInside(impl_->lattice, rect);
    return copyRegion(impl_->bed, impl_->lattice.width(), rect);
}

std::vector<float> ClSolver::readDepth(const CellRegion& rect) const
{
    requireRegionInside(impl_->lattice, rect);
    try {
        return impl_->readRegion(impl_->depthBuffer(), rect);
    } catch (const cl::Error& e) {
        throw std::runtime_error("the OpenCL device failed to hand back depths: " + describe(e));
    }
}

void ClSolver::setDye(int channel, const CellRegion& rect, const std::vector<float>& dyed)
{
    Impl& s = *impl_;
    requireRegionInside(s.lattice, rect);
    std::vector<float> depth;
    try {
        depth = s.readRegion(s.depthBuffer(), rect);
    } catch (const cl::Error& e) {
        throw std::runtime_error("the OpenCL device failed to hand back depths: " + describe(e));
    }
    s.dye.setDye(channel, rect, dyed, depth);
    s.dyeEditedOnHost = true;
    s.refreshDyeDiagnostics();
}

void ClSolver::setErodibility(const CellRegion& rect, const std::vector<float>& values)
{
    impl_->erosion.setErodibility(rect, values);
}

std::vector<float> ClSolver::readErodibility(const CellRegion& rect) const
{
    return impl_->erosion.readErodibility(rect);
}

std::vector<float> ClSolver::readSediment(const CellRegion& rect) const
{
    return impl_->erosion.readSediment(rect);
}

std::vector<float> ClSolver::readDeposition(const CellRegion& rect) const
{
    return impl_->erosion.readDeposition(rect);
}

// The erosion state lives on the host; the bed goes to the device as a terrain edit does.
void ClSolver::restoreErosion(const CellRegion& rect, const std::vector<float>& bed, const std::vector<float>& sediment,
                              const std::vector<float>& deposition, const std::vector<float>& bedRemainder, const SedimentLedger& ledger)
{
    Impl& s = *impl_;
    if (rect.empty()) { // the ledger alone
        s.erosion.restore(rect, sediment, deposition, bedRemainder, ledger);
        return s.refreshDyeDiagnostics();
    }
    if (const std::string problem = checkRegionEdit(s.lattice, rect, bed, EditedField::Bed); !problem.empty()) throw std::invalid_argument(problem);
    const SedimentLedger ledgerBefore = s.erosion.ledger();
    const std::vector<float> sedimentBefore = s.erosion.readSediment(rect), depositionBefore = s.erosion.readDeposition(rect),
                             remainderBefore = s.erosion.readBedRemainder(rect);
    s.erosion.restore(rect, sediment, deposition, bedRemainder, ledger);
    try {
        setBed(rect, bed);
    } catch (...) {
        s.erosion.restore(rect, sedimentBefore, depositionBefore, remainderBefore, ledgerBefore); // nothing changes
        throw;
    }
    s.refreshDyeDiagnostics();
}

std::vector<float> ClSolver::readDye(int channel, const CellRegion& rect) const
{
    return impl_->dye.readDye(channel, rect);
}

void ClSolver::setCurrents(const std::vector<FloatField>& cells, const std::vector<FloatField>& flows)
{
    Impl& s = *impl_;
    if (const std::string problem = checkCurrents(s.lattice, cells, flows); !problem.empty()) throw std::invalid_argument(problem);
    s.currents = cells;
    s.currentFlows = flows;
    s.dye.setCurrentFlows(flows);
    s.currentsOnDevice = false;
}

Diagnostics ClSolver::diagnostics() const { return impl_->diagnostics; }
const SimParams& ClSolver::params() const { return impl_->params; }
const std::vector<BoundarySegment>& ClSolver::boundary() const { return impl_->segments; }
const std::vector<PointSource>& ClSolver::sources() const { return impl_->sources; }

MapState ClSolver::readState() const
{
    const Impl& s = *impl_;
    MapState state(s.lattice);
    state.bed.values() = s.bed;
    std::vector<float> field(s.layout.plane);
    s.queue.enqueueReadBuffer(s.depthBuffer(), CL_TRUE, 0, s.fieldBytes(), field.data());
    s.layout.toCells(field, state.depth.data());
    for (int f = 0; f < s.lattice.familyCount(); ++f) {
        s.queue.enqueueReadBuffer(s.flowBuffer(), CL_TRUE, static_cast<std::size_t>(f) * s.fieldBytes(), s.fieldBytes(), field.data());
        s.layout.toPadded(field.data(), state.flows[static_cast<std::size_t>(f)].data());
    }
    if (s.hasVelocities) state.velocities = s.readVelocities();
    s.dye.writeTo(state);
    s.erosion.writeTo(state);
    state.meanFlow = s.readMean();
    state.currents = s.currents;
    state.currentFlows = s.currentFlows;
    state.time = s.time;
    state.steps = s.steps;
    state.ledger = s.ledger;
    return state;
}

} // namespace rb::opencl
