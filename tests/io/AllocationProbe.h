#pragma once

#include <cstddef>

namespace rb::test {

// The io tests replace the global operator new (all non-aligned forms) to record the largest single request, so that
// "reading a forged file allocates nothing big" is measured, not assumed. (Qt containers use
// malloc directly and are not seen; the fields a reader could be tricked into sizing are
// std::vectors, which are.)
void resetLargestAllocation();
std::size_t largestAllocation();

} // namespace rb::test
