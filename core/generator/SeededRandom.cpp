#include "generator/SeededRandom.h"

namespace rb::gen {
namespace {

// SplitMix64's finaliser: a bijective mix with good avalanche, enough for placements and seeds.
std::uint64_t mix(std::uint64_t z)
{
    z += 0x9e3779b97f4a7c15ull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

} // namespace

SeededRandom::SeededRandom(std::int64_t seed, std::uint64_t stream)
    : key_(mix(mix(static_cast<std::uint64_t>(seed)) ^ (stream * 0xd1b54a32d192ed03ull)))
{
}

std::uint64_t SeededRandom::bits(std::uint64_t index) const
{
    return mix(key_ ^ mix(index));
}

double SeededRandom::unit(std::uint64_t index) const
{
    return static_cast<double>(bits(index) >> 11) * 0x1.0p-53; // the top 53 bits, exactly representable
}

int SeededRandom::noiseSeed(std::uint64_t index) const
{
    // libnoise adds the octave number to an int seed; staying below 2^30 keeps that from overflowing.
    return static_cast<int>(bits(index) >> 34);
}

} // namespace rb::gen
