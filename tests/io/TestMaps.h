#pragma once

#include "model/Map.h"

#include <cstdint>

namespace rb::test {

// A map with random fields (every cell different, some -0.0, subnormals and exact zeros), random
// time, a step count beyond 2^53 and a ledger of random bit patterns within their ranges, non-default parameters,
// several boundary segments, a spring and a drain, and generator settings with quotes, newlines and
// non-ASCII text. Valid: Map::validate() is empty.
Map randomMap(LatticeKind kind, int width, int height, std::uint64_t seed);

// A finite double drawn from all bit patterns (so every exponent is as likely as any other).
double randomFiniteDouble(std::uint64_t& state);
// A random bit pattern with |value| ≤ limit.
double randomDoubleWithin(std::uint64_t& state, double limit);

// Equal bit for bit (−0 and 0 differ, NaNs of the same pattern agree): what a lossless path keeps.
bool sameBits(const FloatField& a, const FloatField& b);
bool sameBits(double a, double b);

} // namespace rb::test
