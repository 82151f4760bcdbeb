#include "AddressSpaceLimit.h"

#include <fstream>
#include <sstream>
#include <string>

namespace rb::guitest {

std::uint64_t addressSpaceInUse()
{
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line)) {
        if (line.rfind("VmSize:", 0) != 0) continue;
        std::uint64_t kilobytes = 0;
        std::istringstream(line.substr(7)) >> kilobytes;
        return kilobytes * 1024;
    }
    return 0;
}

AddressSpaceLimit::AddressSpaceLimit(std::uint64_t headroom)
{
    getrlimit(RLIMIT_AS, &saved_);
    rlimit limited = saved_;
    limited.rlim_cur = addressSpaceInUse() + headroom;
    applied_ = setrlimit(RLIMIT_AS, &limited) == 0;
}

AddressSpaceLimit::~AddressSpaceLimit()
{
    setrlimit(RLIMIT_AS, &saved_);
}

} // namespace rb::guitest
