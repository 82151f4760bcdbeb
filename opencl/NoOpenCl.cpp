// The OpenCL backend's entry points in a build without OpenCL (-DRIVERBED_OPENCL=OFF): no device
// is ever found and the solver never starts, each time with the reason, which the editor's device
// list, `riverbed-cli devices` and the CPU fallback's notice pass on to the user.
#include "ClBackend.h"
#include "ClDevices.h"

namespace rb::opencl {
namespace {

const char* const kNotBuilt = "this build of Riverbed has no OpenCL backend (configured with -DRIVERBED_OPENCL=OFF)";

} // namespace

std::vector<DeviceInfo> listDevices(std::string* problem)
{
    if (problem) *problem = kNotBuilt;
    return {};
}

std::unique_ptr<Solver> loadClSolver(const ClOptions&, const Map&)
{
    throw Unavailable(kNotBuilt);
}

} // namespace rb::opencl
