#include "ClSolver.h"

#include "ClDevices.h"
#include "ClHeaders.h"
#include "KernelSource.h"

#include "solver/BoundaryEdges.h"
#include "solver/RegionEdit.h"
#include "solver/SourceCells.h"
#include "solver/Stability.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <stdexcept>

namespace rb::opencl {
namespace {

// 2D work-groups are wide along rows (contiguous memory, what CPU devices vectorise) and hold
// kReductionSize items in all, as the reductions assume.
constexpr int kTileX = 64;
constexpr int kTileY = 4;
constexpr int kReductionSize = 256;   // REDUCTION_SIZE in common.cl
constexpr int kLedgerSlots = 6;       // LEDGER_SLOTS in common.cl
constexpr int kStepsPerBatch = 1024;  // per-step ledger rows kept on the device between read-backs
constexpr float kWetDepth = 1e-3f;    // as CpuSolver
constexpr float kScaleMargin = 1.0f - 1e-6f;

// Host mirrors of the structs in common.cl (all 4-byte fields, no padding).
struct FamilyArgs {
    cl_int tailEvenDx, tailEvenDy, tailOddDx, tailOddDy;
    cl_int headEvenDx, headEvenDy, headOddDx, headOddDy;
    cl_float pipeLength, faceWidth;
};
struct BoundaryEdgeArgs {
    cl_uint flowIndex, cell;
    cl_float inward;
    cl_int type;
    cl_float value;
    cl_int family;
};
struct GridArgs {
    cl_int width, height, families;
    cl_float cellArea;
};
struct SourceCellArgs {
    cl_uint cell;
    cl_int kind;
    cl_float depthPerStep;
    cl_int drainAll;
};
static_assert(kTileX * kTileY == kReductionSize);
static_assert(sizeof(FamilyArgs) == 40 && sizeof(BoundaryEdgeArgs) == 24 && sizeof(GridArgs) == 16 && sizeof(SourceCellArgs) == 16);

std::size_t roundUp(std::size_t value, std::size_t multiple) { return (value + multiple - 1) / multiple * multiple; }

std::string describe(const cl::Error& e)
{
    return std::string(e.what()) + " failed with OpenCL error " + std::to_string(e.err());
}

} // namespace

struct ClSolver::Impl {
    ClOptions options;
    DeviceInfo info;
    cl::Context context;
    cl::Device device;
    cl::CommandQueue queue;
    cl::Program program;
    cl::Kernel setBoundaryFlows, accelerateFlows, computeOutflowScales, scaleOutflows, recordBoundaryFlows, updateDepths,
        sumGroupLedger, applyPointSources, refreshDiagnostics, foldDiagnostics;

    // Model mirrors kept on the host: what the device cannot change.
    Lattice lattice;
    std::vector<float> bed;
    SimParams params;
    std::vector<BoundarySegment> segments;
    std::vector<PointSource> sources;
    double time = 0.0;
    std::int64_t steps = 0;
    VolumeLedger ledger;
    Diagnostics diagnostics;
    int edgeCount = 0;
    int sourceCount = 0;
    std::size_t cellGroups = 0;

    // Device state.
    cl::Buffer bedBuffer, depthBuffer, flowBuffer, scaleBuffer, depthBackup, flowBackup, familyBuffer, edgeBuffer, sourceBuffer,
        stepLedger, groupSums, diagnosticSums;

    // RIVERBED_OPENCL_PROFILE set: every launch is timed and a per-kernel summary is printed to
    // stderr when the solver is destroyed (for tuning on a new device).
    bool profiling = false;
    std::map<std::string, std::pair<double, long>> kernelTimes; // name → (seconds, launches)
    void launch(cl::Kernel& kernel, const cl::NDRange& global, const cl::NDRange& local);
    void printProfile() const;

    void createContext();
    int builtForFamilies = 0;
    void buildProgram(int familyCount);
    void allocate(const Map& map);
    GridArgs grid() const;
    cl::NDRange cellRange() const;
    void enqueueStep(int stepInBatch);
    void enqueueDiagnostics();
    void readBatchLedger(int stepsInBatch);
    void readDiagnostics();
    void writeRegion(const cl::Buffer& buffer, const CellRegion& rect, const std::vector<float>& values) const;
    std::vector<float> readRegion(const cl::Buffer& buffer, const CellRegion& rect) const;
    std::string refuse(std::int64_t callStart, const char* what) const;
};

ClSolver::ClSolver(const ClOptions& options) : impl_(std::make_unique<Impl>())
{
    impl_->options = options;
    try {
        impl_->createContext();
        impl_->buildProgram(Lattice::kMaxFamilies); // fail early; load() rebuilds for its lattice
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
    queue = cl::CommandQueue(context, device, profiling ? CL_QUEUE_PROFILING_ENABLE : 0);
}

void ClSolver::Impl::buildProgram(int familyCount)
{
    if (builtForFamilies == familyCount) return;
    std::string source = kernelSource();
    if (options.fault == InjectedFault::KernelBuildFailure) source += "\n#error injected kernel build failure\n";
    program = cl::Program(context, source);
    try {
        program.build({device}, ("-cl-std=CL1.2 -DFAMILY_COUNT=" + std::to_string(familyCount)).c_str());
    } catch (const cl::Error&) {
        const std::string log = program.getBuildInfo<CL_PROGRAM_BUILD_LOG>(device);
        throw Unavailable("the OpenCL kernels failed to build on " + info.name + "; build log:\n" + log);
    }
    setBoundaryFlows = cl::Kernel(program, "setBoundaryFlows");
    accelerateFlows = cl::Kernel(program, "accelerateFlows");
    computeOutflowScales = cl::Kernel(program, "computeOutflowScales");
    scaleOutflows = cl::Kernel(program, "scaleOutflows");
    recordBoundaryFlows = cl::Kernel(program, "recordBoundaryFlows");
    updateDepths = cl::Kernel(program, "updateDepths");
    sumGroupLedger = cl::Kernel(program, "sumGroupLedger");
    applyPointSources = cl::Kernel(program, "applyPointSources");
    refreshDiagnostics = cl::Kernel(program, "refreshDiagnostics");
    foldDiagnostics = cl::Kernel(program, "foldDiagnostics");
    builtForFamilies = familyCount;
}

std::string ClSolver::name() const
{
    return "opencl:" + impl_->info.name;
}

GridArgs ClSolver::Impl::grid() const
{
    return {lattice.width(), lattice.height(), lattice.familyCount(), static_cast<cl_float>(lattice.cellArea())};
}

cl::NDRange ClSolver::Impl::cellRange() const
{
    return {roundUp(static_cast<std::size_t>(lattice.width()), kTileX), roundUp(static_cast<std::size_t>(lattice.height()), kTileY)};
}

void ClSolver::Impl::allocate(const Map& map)
{
    lattice = map.state.lattice;
    const std::size_t cells = lattice.cellCount();
    const std::size_t flowCount = lattice.paddedCount() * static_cast<std::size_t>(lattice.familyCount());
    std::size_t cellBytes = cells * sizeof(float);
    if (options.fault == InjectedFault::AllocationFailure) cellBytes = std::size_t{1} << 46; // 64 TiB: no device has it
    cellGroups = (roundUp(static_cast<std::size_t>(lattice.width()), kTileX) / kTileX) * (roundUp(static_cast<std::size_t>(lattice.height()), kTileY) / kTileY);

    bed = map.state.bed.values();
    std::vector<float> flows;
    flows.reserve(flowCount);
    for (const FloatField& f : map.state.flows) flows.insert(flows.end(), f.values().begin(), f.values().end());
    bedBuffer = cl::Buffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, cellBytes, bed.data());
    depthBuffer = cl::Buffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, cells * sizeof(float),
                             const_cast<float*>(map.state.depth.data()));
    flowBuffer = cl::Buffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, flowCount * sizeof(float), flows.data());
    std::vector<float> ones(lattice.paddedCount(), 1.0f); // the ghost ring of the scales stays 1
    scaleBuffer = cl::Buffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, ones.size() * sizeof(float), ones.data());
    depthBackup = cl::Buffer(context, CL_MEM_READ_WRITE, cells * sizeof(float));
    flowBackup = cl::Buffer(context, CL_MEM_READ_WRITE, flowCount * sizeof(float));
    stepLedger = cl::Buffer(context, CL_MEM_READ_WRITE, kStepsPerBatch * kLedgerSlots * sizeof(float));
    groupSums = cl::Buffer(context, CL_MEM_READ_WRITE, cellGroups * 4 * sizeof(float));
    diagnosticSums = cl::Buffer(context, CL_MEM_READ_WRITE, 4 * sizeof(float));

    std::vector<FamilyArgs> families;
    for (int f = 0; f < lattice.familyCount(); ++f) {
        const EdgeFamily& e = lattice.family(f);
        families.push_back({e.tailFromEvenHead.dx, e.tailFromEvenHead.dy, e.tailFromOddHead.dx, e.tailFromOddHead.dy, e.headFromEvenTail.dx,
                            e.headFromEvenTail.dy, e.headFromOddTail.dx, e.headFromOddTail.dy, static_cast<cl_float>(e.pipeLength),
                            static_cast<cl_float>(e.faceWidth)});
    }
    familyBuffer = cl::Buffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, families.size() * sizeof(FamilyArgs), families.data());
    queue.finish();
}

void ClSolver::load(const Map& map)
{
    if (const std::string problem = map.validate(); !problem.empty()) throw std::invalid_argument(problem);
    Impl& s = *impl_;
    try {
        s.buildProgram(map.state.lattice.familyCount());
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
    setParams(map.params);
    setBoundary(map.boundary);
    setSources(map.sources);
    s.enqueueDiagnostics();
    s.readDiagnostics();
}

void ClSolver::setParams(const SimParams& params)
{
    if (const std::string problem = params.validate(); !problem.empty()) throw std::invalid_argument(problem);
    const bool dtChanged = params.dt != impl_->params.dt;
    impl_->params = params; // kernel arguments are set at each launch: no field is uploaded
    impl_->diagnostics.cfl = cflNumber(impl_->lattice, params, impl_->diagnostics.maxDepth);
    if (dtChanged && !impl_->sources.empty()) setSources(impl_->sources); // their depth per step depends on dt
}

void ClSolver::setBoundary(const std::vector<BoundarySegment>& segments)
{
    Impl& s = *impl_;
    if (const std::string problem = validateBoundary(s.lattice, segments); !problem.empty()) throw std::invalid_argument(problem);
    std::vector<BoundaryEdgeArgs> edges;
    const std::size_t padded = s.lattice.paddedCount();
    for (const BoundaryEdge& e : expandBoundary(s.lattice, segments))
        edges.push_back({static_cast<cl_uint>(static_cast<std::size_t>(e.family) * padded + e.flowIndex), e.cell, e.inward,
                         static_cast<cl_int>(e.type), e.value, e.family});
    s.segments = segments;
    s.edgeCount = static_cast<int>(edges.size());
    s.edgeBuffer = cl::Buffer(s.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, std::max<std::size_t>(1, edges.size()) * sizeof(BoundaryEdgeArgs),
                              edges.empty() ? nullptr : edges.data());
}

void ClSolver::setSources(const std::vector<PointSource>& sources)
{
    Impl& s = *impl_;
    if (const std::string problem = validateSources(s.lattice, sources); !problem.empty()) throw std::invalid_argument(problem);
    std::vector<SourceCellArgs> cells;
    for (const SourceCell& c : resolveSources(s.lattice, sources))
        cells.push_back({c.cell, c.kind == PointSource::Kind::Spring ? 0 : 1, static_cast<cl_float>(c.rate * s.params.dt / s.lattice.cellArea()),
                         c.drainAll ? 1 : 0});
    s.sources = sources;
    s.sourceCount = static_cast<int>(cells.size());
    SourceCellArgs placeholder{};
    s.sourceBuffer = cl::Buffer(s.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, std::max<std::size_t>(1, cells.size()) * sizeof(SourceCellArgs),
                                cells.empty() ? &placeholder : cells.data());
}

// One step: the same order as CpuSolver::stepOnce, as a chain of kernels with no host sync.
void ClSolver::Impl::enqueueStep(int stepInBatch)
{
    const float dt = static_cast<float>(params.dt), g = static_cast<float>(params.gravity);
    const float kf = static_cast<float>(std::pow(1.0 - params.friction, params.dt));
    const float viscosityTerm = static_cast<float>(3.0 * params.dt * params.viscosity);
    const cl_int depthPipes = params.pipe == PipeMode::Depth ? 1 : 0;
    const float constantArea = static_cast<float>(constantPipeArea(lattice));
    const GridArgs gridArgs = grid();
    const cl::LocalSpaceArg scratch = cl::Local(kReductionSize * sizeof(float));

    setBoundaryFlows.setArg(0, flowBuffer), setBoundaryFlows.setArg(1, bedBuffer), setBoundaryFlows.setArg(2, depthBuffer);
    setBoundaryFlows.setArg(3, edgeBuffer), setBoundaryFlows.setArg(4, edgeCount), setBoundaryFlows.setArg(5, familyBuffer);
    setBoundaryFlows.setArg(6, kf), setBoundaryFlows.setArg(7, dt), setBoundaryFlows.setArg(8, g), setBoundaryFlows.setArg(9, depthPipes);
    setBoundaryFlows.setArg(10, constantArea), setBoundaryFlows.setArg(11, viscosityTerm);
    launch(setBoundaryFlows, cl::NDRange(roundUp(static_cast<std::size_t>(edgeCount), 64)), cl::NDRange(64));

    accelerateFlows.setArg(0, flowBuffer), accelerateFlows.setArg(1, bedBuffer), accelerateFlows.setArg(2, depthBuffer);
    accelerateFlows.setArg(3, gridArgs), accelerateFlows.setArg(4, familyBuffer), accelerateFlows.setArg(5, kf);
    accelerateFlows.setArg(6, dt), accelerateFlows.setArg(7, g), accelerateFlows.setArg(8, depthPipes);
    accelerateFlows.setArg(9, constantArea), accelerateFlows.setArg(10, viscosityTerm);
    launch(accelerateFlows, cellRange(), cl::NDRange(kTileX, kTileY));

    computeOutflowScales.setArg(0, scaleBuffer), computeOutflowScales.setArg(1, flowBuffer), computeOutflowScales.setArg(2, depthBuffer);
    computeOutflowScales.setArg(3, gridArgs), computeOutflowScales.setArg(4, familyBuffer), computeOutflowScales.setArg(5, dt);
    computeOutflowScales.setArg(6, kScaleMargin);
    launch(computeOutflowScales, cellRange(), cl::NDRange(kTileX, kTileY));

    scaleOutflows.setArg(0, flowBuffer), scaleOutflows.setArg(1, scaleBuffer), scaleOutflows.setArg(2, gridArgs);
    scaleOutflows.setArg(3, familyBuffer);
    launch(scaleOutflows,
           cl::NDRange(roundUp(static_cast<std::size_t>(lattice.width() + 2), kTileX), roundUp(static_cast<std::size_t>(lattice.height() + 1), kTileY)),
           cl::NDRange(kTileX, kTileY));

    recordBoundaryFlows.setArg(0, stepLedger), recordBoundaryFlows.setArg(1, stepInBatch), recordBoundaryFlows.setArg(2, flowBuffer);
    recordBoundaryFlows.setArg(3, edgeBuffer), recordBoundaryFlows.setArg(4, edgeCount), recordBoundaryFlows.setArg(5, scratch);
    launch(recordBoundaryFlows, cl::NDRange(kReductionSize), cl::NDRange(kReductionSize));

    const float rainDepth = static_cast<float>(params.rain * params.dt), evaporationDepth = static_cast<float>(params.evaporation * params.dt);
    updateDepths.setArg(0, depthBuffer), updateDepths.setArg(1, flowBuffer), updateDepths.setArg(2, gridArgs);
    updateDepths.setArg(3, familyBuffer), updateDepths.setArg(4, static_cast<float>(params.dt / lattice.cellArea()));
    updateDepths.setArg(5, rainDepth), updateDepths.setArg(6, evaporationDepth), updateDepths.setArg(7, groupSums);
    updateDepths.setArg(8, scratch);
    launch(updateDepths, cellRange(), cl::NDRange(kTileX, kTileY));
    if (rainDepth != 0.0f || evaporationDepth != 0.0f) {
        sumGroupLedger.setArg(0, stepLedger), sumGroupLedger.setArg(1, stepInBatch), sumGroupLedger.setArg(2, groupSums);
        sumGroupLedger.setArg(3, static_cast<cl_int>(cellGroups)), sumGroupLedger.setArg(4, scratch);
        launch(sumGroupLedger, cl::NDRange(kReductionSize), cl::NDRange(kReductionSize));
    }
    if (sourceCount > 0) {
        applyPointSources.setArg(0, depthBuffer), applyPointSources.setArg(1, sourceBuffer), applyPointSources.setArg(2, sourceCount);
        applyPointSources.setArg(3, stepLedger), applyPointSources.setArg(4, stepInBatch);
        launch(applyPointSources, cl::NDRange(1), cl::NDRange(1));
    }
}

void ClSolver::Impl::enqueueDiagnostics()
{
    const cl::LocalSpaceArg scratch = cl::Local(kReductionSize * sizeof(float));
    refreshDiagnostics.setArg(0, depthBuffer), refreshDiagnostics.setArg(1, flowBuffer), refreshDiagnostics.setArg(2, grid());
    refreshDiagnostics.setArg(3, familyBuffer), refreshDiagnostics.setArg(4, kWetDepth), refreshDiagnostics.setArg(5, groupSums);
    refreshDiagnostics.setArg(6, scratch);
    launch(refreshDiagnostics, cellRange(), cl::NDRange(kTileX, kTileY));
    foldDiagnostics.setArg(0, diagnosticSums), foldDiagnostics.setArg(1, groupSums), foldDiagnostics.setArg(2, static_cast<cl_int>(cellGroups));
    foldDiagnostics.setArg(3, scratch);
    launch(foldDiagnostics, cl::NDRange(kReductionSize), cl::NDRange(kReductionSize));
}

void ClSolver::Impl::readBatchLedger(int stepsInBatch)
{
    std::vector<float> rows(static_cast<std::size_t>(stepsInBatch) * kLedgerSlots);
    queue.enqueueReadBuffer(stepLedger, CL_TRUE, 0, rows.size() * sizeof(float), rows.data());
    const double dt = params.dt, area = lattice.cellArea();
    for (int i = 0; i < stepsInBatch; ++i) {
        const float* r = &rows[static_cast<std::size_t>(i) * kLedgerSlots];
        ledger.boundaryIn += static_cast<double>(r[0]) * dt;
        ledger.boundaryOut += static_cast<double>(r[1]) * dt;
        ledger.rain += static_cast<double>(r[2]) * area;
        ledger.evaporation += static_cast<double>(r[3]) * area;
        ledger.springs += static_cast<double>(r[4]) * area;
        ledger.drains += static_cast<double>(r[5]) * area;
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
}

std::string ClSolver::Impl::refuse(std::int64_t callStart, const char* what) const
{
    return unstableCallMessage(lattice, params, diagnostics.maxDepth, callStart, what);
}

StepResult ClSolver::step(int count)
{
    if (count < 0) throw std::invalid_argument("step count must not be negative");
    Impl& s = *impl_;
    if (s.diagnostics.cfl > 1.0) return {0, s.refuse(s.steps, "the CFL number is above 1")};
    const Diagnostics before = s.diagnostics;
    try {
        s.queue.enqueueCopyBuffer(s.depthBuffer, s.depthBackup, 0, 0, s.lattice.cellCount() * sizeof(float));
        s.queue.enqueueCopyBuffer(s.flowBuffer, s.flowBackup, 0, 0, s.lattice.paddedCount() * static_cast<std::size_t>(s.lattice.familyCount()) * sizeof(float));
        for (int done = 0; done < count;) {
            const int batch = std::min(kStepsPerBatch, count - done);
            s.queue.enqueueFillBuffer(s.stepLedger, 0.0f, 0, static_cast<std::size_t>(batch) * kLedgerSlots * sizeof(float));
            for (int i = 0; i < batch; ++i) s.enqueueStep(i);
            s.readBatchLedger(batch);
            done += batch;
        }
        s.time += s.params.dt * count;
        s.steps += count;
        s.enqueueDiagnostics();
        s.readDiagnostics();
    } catch (const cl::Error& e) {
        return {0, "the OpenCL device failed while stepping: " + describe(e)};
    }
    const bool finite = std::isfinite(s.diagnostics.cfl);
    if (!finite || s.diagnostics.cfl > 1.0) {
        const std::string message = s.refuse(before.steps, finite ? "the CFL number rose above 1" : "a value turned NaN/Inf");
        s.queue.enqueueCopyBuffer(s.depthBackup, s.depthBuffer, 0, 0, s.lattice.cellCount() * sizeof(float));
        s.queue.enqueueCopyBuffer(s.flowBackup, s.flowBuffer, 0, 0, s.lattice.paddedCount() * static_cast<std::size_t>(s.lattice.familyCount()) * sizeof(float));
        s.queue.finish();
        s.time = before.time;
        s.steps = before.steps;
        s.ledger = before.ledger;
        s.diagnostics = before;
        return {0, message};
    }
    return {count, {}};
}

namespace {

// Where a rectangle of cells lies in a row-major cell buffer and in a packed host array.
struct RegionCopy {
    cl::array<cl::size_type, 3> bufferOrigin, hostOrigin, region;
    cl::size_type bufferPitch, hostPitch;
};

RegionCopy regionCopy(const Lattice& lattice, const CellRegion& rect)
{
    const cl::size_type rowBytes = static_cast<cl::size_type>(rect.width) * sizeof(float);
    return {{static_cast<cl::size_type>(rect.x) * sizeof(float), static_cast<cl::size_type>(rect.y), 0},
            {0, 0, 0},
            {rowBytes, static_cast<cl::size_type>(rect.height), 1},
            static_cast<cl::size_type>(lattice.width()) * sizeof(float),
            rowBytes};
}

} // namespace

// Only the edited cells travel, not the field.
void ClSolver::Impl::writeRegion(const cl::Buffer& buffer, const CellRegion& rect, const std::vector<float>& values) const
{
    const RegionCopy c = regionCopy(lattice, rect);
    queue.enqueueWriteBufferRect(buffer, CL_TRUE, c.bufferOrigin, c.hostOrigin, c.region, c.bufferPitch, 0, c.hostPitch, 0, values.data());
}

std::vector<float> ClSolver::Impl::readRegion(const cl::Buffer& buffer, const CellRegion& rect) const
{
    std::vector<float> values(rect.cellCount());
    const RegionCopy c = regionCopy(lattice, rect);
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
    Impl& s = *impl_;
    if (const std::string problem = checkRegionEdit(s.lattice, rect, depth, EditedField::Depth); !problem.empty()) throw std::invalid_argument(problem);
    try {
        const double change = depthChange(s.readRegion(s.depthBuffer, rect), depth);
        s.writeRegion(s.depthBuffer, rect, depth);
        s.ledger.edited += change * s.lattice.cellArea();
        s.enqueueDiagnostics(); // depth (so the CFL number) may have risen
        s.readDiagnostics();
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
        return impl_->readRegion(impl_->depthBuffer, rect);
    } catch (const cl::Error& e) {
        throw std::runtime_error("the OpenCL device failed to hand back depths: " + describe(e));
    }
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
    s.queue.enqueueReadBuffer(s.depthBuffer, CL_TRUE, 0, s.lattice.cellCount() * sizeof(float), state.depth.data());
    const std::size_t padded = s.lattice.paddedCount();
    for (int f = 0; f < s.lattice.familyCount(); ++f)
        s.queue.enqueueReadBuffer(s.flowBuffer, CL_TRUE, static_cast<std::size_t>(f) * padded * sizeof(float), padded * sizeof(float),
                                  state.flows[static_cast<std::size_t>(f)].data());
    state.time = s.time;
    state.steps = s.steps;
    state.ledger = s.ledger;
    return state;
}

} // namespace rb::opencl
