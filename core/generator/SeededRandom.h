#pragma once

#include <cstdint>

namespace rb::gen {

// Counter-based random numbers: value i of stream s is a fixed hash of (seed, s, i), so results
// depend on neither call order nor thread count nor the standard library's distributions
// (which differ between implementations).
class SeededRandom {
public:
    SeededRandom(std::int64_t seed, std::uint64_t stream);

    std::uint64_t bits(std::uint64_t index) const;
    double unit(std::uint64_t index) const;                 // uniform in [0, 1)
    double range(std::uint64_t index, double lo, double hi) const { return lo + (hi - lo) * unit(index); }
    int noiseSeed(std::uint64_t index) const;                 // a libnoise seed in [0, 2^30)

private:
    std::uint64_t key_;
};

} // namespace rb::gen
