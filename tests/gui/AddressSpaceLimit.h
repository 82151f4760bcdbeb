#pragma once

#include <sys/resource.h>

#include <cstdint>

namespace rb::guitest {

// The process's address space in use now (VmSize), bytes.
std::uint64_t addressSpaceInUse();

// Limits the address space (as `ulimit -v` does) to what is in use plus `headroom` for as long as
// it lives, so the editor meets too little memory without the machine lacking any.
class AddressSpaceLimit {
public:
    explicit AddressSpaceLimit(std::uint64_t headroom);
    ~AddressSpaceLimit();
    AddressSpaceLimit(const AddressSpaceLimit&) = delete;
    AddressSpaceLimit& operator=(const AddressSpaceLimit&) = delete;
    bool applied() const { return applied_; }

private:
    rlimit saved_{};
    bool applied_ = false;
};

} // namespace rb::guitest
