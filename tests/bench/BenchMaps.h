#pragma once

#include "model/Map.h"

#include <cstddef>

namespace rb::bench {

// A size² basin of smooth random terrain, flooded to 1 m, walls all round: every cell takes part.
Map floodedBasin(int size, LatticeKind lattice);

// Bytes allocated on the heap now (glibc's mallinfo2: small blocks plus mmapped ones), so a
// difference measures what an object took whatever the allocator kept from earlier benchmarks.
std::size_t heapBytes();

} // namespace rb::bench
