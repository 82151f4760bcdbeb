#include "ClDevices.h"

#include "ClHeaders.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>

namespace rb::opencl {
namespace {

std::string typeName(cl_device_type type)
{
    if (type & CL_DEVICE_TYPE_GPU) return "GPU";
    if (type & CL_DEVICE_TYPE_CPU) return "CPU";
    if (type & CL_DEVICE_TYPE_ACCELERATOR) return "accelerator";
    return "other";
}

std::string lower(std::string text)
{
    std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return text;
}

int firstOfType(const std::vector<DeviceInfo>& devices, const std::string& type)
{
    for (const DeviceInfo& d : devices)
        if (d.type == type) return d.index;
    return -1;
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

int chooseDevice(const std::vector<DeviceInfo>& devices, const std::string& spec, std::string* problem)
{
    std::string wanted = spec;
    if (wanted.empty())
        if (const char* env = std::getenv("RIVERBED_OPENCL_DEVICE")) wanted = env;
    if (devices.empty()) {
        if (problem) *problem = "no OpenCL device found";
        return -1;
    }
    if (wanted.empty()) {
        const int gpu = firstOfType(devices, "GPU");
        return gpu >= 0 ? gpu : std::max(firstOfType(devices, "CPU"), 0);
    }
    if (std::all_of(wanted.begin(), wanted.end(), [](unsigned char c) { return std::isdigit(c); })) {
        const int index = std::atoi(wanted.c_str());
        if (index < static_cast<int>(devices.size())) return index;
        if (problem) *problem = "no OpenCL device with index " + wanted + " (there are " + std::to_string(devices.size()) + ")";
        return -1;
    }
    for (const DeviceInfo& d : devices)
        if (lower(d.name).find(lower(wanted)) != std::string::npos) return d.index;
    if (problem) *problem = "no OpenCL device named like '" + wanted + "'";
    return -1;
}

} // namespace rb::opencl
