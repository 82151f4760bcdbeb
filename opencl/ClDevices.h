#pragma once

#include <string>
#include <vector>

namespace rb::opencl {

struct DeviceInfo {
    int index = 0;          // position in the flat list over all platforms
    std::string name;
    std::string platform;
    std::string type;       // GPU, CPU, accelerator, other
    std::string version;    // the device's OpenCL version string
    unsigned long long globalMemory = 0;
    unsigned computeUnits = 0;
};

// Every OpenCL device on every platform. An empty list (no ICD loader, no platform) is not an
// error; `problem` then says why, if the runtime said anything.
std::vector<DeviceInfo> listDevices(std::string* problem = nullptr);

// Chooses a device index by `spec`: "" (the RIVERBED_OPENCL_DEVICE environment variable if set,
// else the first GPU, else the first CPU device), a number (index), or text matched
// case-insensitively against device names. Returns -1 and a message when nothing matches.
int chooseDevice(const std::vector<DeviceInfo>& devices, const std::string& spec, std::string* problem);

} // namespace rb::opencl
