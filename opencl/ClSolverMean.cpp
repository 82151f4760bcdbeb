// The time-mean flow on the device: ClSolver's side of the kernel accumulateMeanFlow
// (docs/solver.md, "Time-mean flow"; the CPU's MeanFlowRecorder decides which steps count).
#include "ClSolverImpl.h"

#include <algorithm>
#include <stdexcept>

namespace rb::opencl {
namespace {

std::size_t doubleBytes(std::size_t elements)
{
    return elements * sizeof(cl_double);
}

// A padded (W+2)×(H+2) or W×H host field of doubles into the device's layout and back (FieldLayout's
// conversions, for doubles); `ring` 1 for padded fields, 0 for cells.
std::vector<double> toDevice(const FieldLayout& layout, const DoubleField& field, int ring)
{
    std::vector<double> out(layout.plane, 0.0);
    for (int y = -ring; y < layout.height + ring; ++y)
        for (int x = -ring; x < layout.width + ring; ++x) out[layout.index(x, y)] = field(x + ring, y + ring);
    return out;
}

void fromDevice(const FieldLayout& layout, const std::vector<double>& device, DoubleField& field, int ring)
{
    for (int y = -ring; y < layout.height + ring; ++y)
        for (int x = -ring; x < layout.width + ring; ++x) field(x + ring, y + ring) = device[layout.index(x, y)];
}

} // namespace

void ClSolver::Impl::createMeanKernel()
{
    if (meanOnDevice()) accumulateMeanFlow = cl::Kernel(program, "accumulateMeanFlow");
}

// The sums of the mean held (zeros when there is none yet) onto the device, with room for a call's copy.
void ClSolver::Impl::allocateMeanSums()
{
    if (!meanOnDevice()) return;
    const std::size_t families = static_cast<std::size_t>(lattice.familyCount());
    std::vector<double> flows(layout.plane * families, 0.0), depths(layout.plane, 0.0);
    if (!mean.startsFresh()) {
        for (std::size_t f = 0; f < families; ++f) {
            const std::vector<double> plane = toDevice(layout, mean.mean().flowSums[f], 1);
            std::copy(plane.begin(), plane.end(), flows.begin() + static_cast<std::ptrdiff_t>(f * layout.plane));
        }
        depths = toDevice(layout, mean.mean().depthSums, 0);
    }
    meanFlowSums = cl::Buffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, doubleBytes(flows.size()), flows.data());
    meanDepthSums = cl::Buffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, doubleBytes(depths.size()), depths.data());
    keptMeanFlowSums = cl::Buffer(context, CL_MEM_READ_WRITE, doubleBytes(flows.size()));
    keptMeanDepthSums = cl::Buffer(context, CL_MEM_READ_WRITE, doubleBytes(depths.size()));
}

void ClSolver::startMean(double from)
{
    Impl& s = *impl_;
    s.mean.start(s.lattice, from);
    try {
        s.allocateMeanSums();
    } catch (const cl::Error& e) {
        throw std::runtime_error("the OpenCL device could not hold the time-mean flow: " + describe(e));
    }
}

void ClSolver::resumeMean()
{
    Impl& s = *impl_;
    s.mean.resume(s.time);
    try {
        s.allocateMeanSums();
    } catch (const cl::Error& e) {
        throw std::runtime_error("the OpenCL device could not hold the time-mean flow: " + describe(e));
    }
}

// After a step into the current set. A fresh window's first step starts from zero sums.
void ClSolver::Impl::recordMeanStep(double stepStart, double stepEnd)
{
    const bool fresh = mean.startsFresh();
    if (!mean.takeStep(stepStart, stepEnd, params.dt)) return;
    if (!meanOnDevice()) { // the water read back, the host's sums moved with it
        std::vector<float> depth;
        std::vector<std::vector<float>> flows;
        readWater(depth, &flows);
        mean.addSums(params.dt, depth, flows);
        return;
    }
    const std::size_t flowElements = layout.plane * static_cast<std::size_t>(lattice.familyCount());
    if (fresh) {
        queue.enqueueFillBuffer(meanFlowSums, cl_double{0.0}, 0, doubleBytes(flowElements));
        queue.enqueueFillBuffer(meanDepthSums, cl_double{0.0}, 0, doubleBytes(layout.plane));
    }
    const auto add = [&](const cl::Buffer& sums, const cl::Buffer& values, std::size_t count) {
        accumulateMeanFlow.setArg(0, sums), accumulateMeanFlow.setArg(1, values);
        accumulateMeanFlow.setArg(2, static_cast<cl_int>(count)), accumulateMeanFlow.setArg(3, cl_double{params.dt});
        launch(accumulateMeanFlow, cl::NDRange(roundUp(count, 256)), cl::NDRange(256));
    };
    add(meanFlowSums, flowBuffer(), flowElements);
    add(meanDepthSums, depthBuffer(), layout.plane);
}

void ClSolver::Impl::beginMeanCall()
{
    mean.beginCall();
    if (!mean.recording() || !meanOnDevice()) return;
    queue.enqueueCopyBuffer(meanFlowSums, keptMeanFlowSums, 0, 0, doubleBytes(layout.plane * static_cast<std::size_t>(lattice.familyCount())));
    queue.enqueueCopyBuffer(meanDepthSums, keptMeanDepthSums, 0, 0, doubleBytes(layout.plane));
}

void ClSolver::Impl::restoreMeanCall()
{
    mean.restoreCall();
    if (!mean.recording() || !meanOnDevice()) return;
    queue.enqueueCopyBuffer(keptMeanFlowSums, meanFlowSums, 0, 0, doubleBytes(layout.plane * static_cast<std::size_t>(lattice.familyCount())));
    queue.enqueueCopyBuffer(keptMeanDepthSums, meanDepthSums, 0, 0, doubleBytes(layout.plane));
    queue.finish();
}

MeanFlow ClSolver::Impl::readMean() const
{
    MeanFlow result = mean.startsFresh() ? MeanFlow{} : mean.mean();
    if (result.empty() || !mean.recording() || !meanOnDevice()) return result; // not recording: the host's copy is the mean
    std::vector<double> plane(layout.plane);
    for (int f = 0; f < lattice.familyCount(); ++f) {
        queue.enqueueReadBuffer(meanFlowSums, CL_TRUE, doubleBytes(static_cast<std::size_t>(f) * layout.plane), doubleBytes(layout.plane), plane.data());
        fromDevice(layout, plane, result.flowSums[static_cast<std::size_t>(f)], 1);
    }
    queue.enqueueReadBuffer(meanDepthSums, CL_TRUE, 0, doubleBytes(layout.plane), plane.data());
    fromDevice(layout, plane, result.depthSums, 0);
    return result;
}

} // namespace rb::opencl
