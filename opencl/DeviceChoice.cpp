// chooseDevice() apart from listDevices(): it is plain logic over the list, so a build without
// OpenCL (NoOpenCl.cpp) uses it too.
#include "ClDevices.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>

namespace rb::opencl {
namespace {

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
