#include "ClDevices.h"

#include "ClHeaders.h"

namespace rb::opencl {
namespace {

std::string typeName(cl_device_type type)
{
    if (type & CL_DEVICE_TYPE_GPU) return "GPU";
    if (type & CL_DEVICE_TYPE_CPU) return "CPU";
    if (type & CL_DEVICE_TYPE_ACCELERATOR) return "accelerator";
    return "other";
}

} // namespace

std::vector<DeviceInfo> listDevices(std::string* problem)
{
    std::vector<DeviceInfo> devices;
    try {
        std::vector<cl::Platform> platforms;
        cl::Platform::get(&platforms);
        for (const cl::Platform& platform : platforms) {
            std::vector<cl::Device> platformDevices;
            try {
                platform.getDevices(CL_DEVICE_TYPE_ALL, &platformDevices);
            } catch (const cl::Error&) {
                continue; // a platform without devices
            }
            for (const cl::Device& device : platformDevices) {
                DeviceInfo info;
                info.index = static_cast<int>(devices.size());
                info.name = device.getInfo<CL_DEVICE_NAME>();
                info.platform = platform.getInfo<CL_PLATFORM_NAME>();
                info.type = typeName(device.getInfo<CL_DEVICE_TYPE>());
                info.version = device.getInfo<CL_DEVICE_VERSION>();
                info.globalMemory = device.getInfo<CL_DEVICE_GLOBAL_MEM_SIZE>();
                info.computeUnits = device.getInfo<CL_DEVICE_MAX_COMPUTE_UNITS>();
                devices.push_back(info);
            }
        }
    } catch (const cl::Error& e) {
        if (problem) *problem = std::string("no OpenCL platform (") + e.what() + " returned " + std::to_string(e.err()) + ")";
    }
    if (devices.empty() && problem && problem->empty()) *problem = "no OpenCL device found";
    return devices;
}

} // namespace rb::opencl
