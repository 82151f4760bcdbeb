#pragma once

#include <bit>
#include <cstdint>

namespace rb {

// glibc 2.36's cbrtf (sysdeps/ieee754/flt-32/s_cbrtf.c) for positive normal floats, operation for
// operation, with its frexpf and ldexpf done on the bits: the same result as std::cbrt (tested on
// a sweep of every such float's neighbourhood), but inline and branch-free, so a row of Manning's
// h^(4/3) vectorises. The OpenCL kernels carry the same steps (momentumCommon.cl, cubeRoot).
inline float cubeRootOfPositiveNormal(float x)
{
    constexpr double kCbrt2 = 1.2599210498948731648, kSquareCbrt2 = 1.5874010519681994748;
    const auto bits = std::bit_cast<std::uint32_t>(x);
    const int exponent = static_cast<int>((bits >> 23) & 0xffu) - 126;                     // x = mantissa·2^exponent
    const float mantissa = std::bit_cast<float>((bits & 0x807fffffu) | 0x3f000000u);         // in [0.5, 1)
    const auto u = static_cast<float>(0.492659620528969547 + (0.697570460207922770 - 0.191502161678719066 * mantissa) * mantissa);
    const float t2 = u * u * u;
    // glibc's factor[2 + xe % 3] (C's remainder, −2 … 2) as a sum in which every term but one is
    // +0: exactly that entry, and a form GCC vectorises (a table or a chain of selects it does not).
    const int remainder = exponent % 3;
    const double factor = 1.0 / kSquareCbrt2 * static_cast<double>(remainder == -2) + 1.0 / kCbrt2 * static_cast<double>(remainder == -1) +
                          static_cast<double>(remainder == 0) + kCbrt2 * static_cast<double>(remainder == 1) +
                          kSquareCbrt2 * static_cast<double>(remainder == 2);
    const auto root = static_cast<float>(u * (t2 + 2.0 * mantissa) / (2.0 * t2 + mantissa) * factor);
    // ldexpf by exponent/3 (C's truncation): exact, the root lying well inside the normal range.
    return std::bit_cast<float>(std::bit_cast<std::uint32_t>(root) + static_cast<std::uint32_t>((exponent / 3) * (1 << 23)));
}

} // namespace rb
