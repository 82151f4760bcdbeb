// The momentum step's inline cube root (solver/CubeRoot.h) must give std::cbrt's bits, or the fast
// step's Manning friction would part from the reference step's (and the kernels').
#include "solver/CubeRoot.h"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>

namespace rb {
namespace {

// Every float of the five binades [2^-3, 2^2), which hold every remainder of the exponent by 3 with
// either sign, and a stride through all the positive normal floats.
TEST(CubeRoot, GivesStdCbrtsBitsOnEveryPositiveNormalFloatTried)
{
    std::uint64_t tried = 0, differing = 0;
    const auto check = [&](std::uint32_t bits) {
        const float x = std::bit_cast<float>(bits);
        ++tried;
        if (std::bit_cast<std::uint32_t>(cubeRootOfPositiveNormal(x)) != std::bit_cast<std::uint32_t>(std::cbrt(x))) {
            if (++differing <= 5) ADD_FAILURE() << "cbrt(" << x << "): " << cubeRootOfPositiveNormal(x) << " against " << std::cbrt(x);
        }
    };
    for (std::uint32_t bits = std::bit_cast<std::uint32_t>(0.125f); bits < std::bit_cast<std::uint32_t>(4.0f); ++bits) check(bits);
    for (std::uint64_t bits = 0x00800000u; bits <= 0x7f7fffffu; bits += 61) check(static_cast<std::uint32_t>(bits));
    EXPECT_EQ(differing, 0u) << "of " << tried;
    EXPECT_GT(tried, 70'000'000u);
}

} // namespace
} // namespace rb
