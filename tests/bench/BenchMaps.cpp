#include "BenchMaps.h"

#include "TestMaps.h"

#include <malloc.h>

namespace rb::bench {

Map floodedBasin(int size, LatticeKind lattice)
{
    const Lattice grid(lattice, size, size, 2.0);
    Map map = test::basinMap(grid, test::roughTerrain(grid, 11, 2.0f));
    test::fillTo(map.state, 1.0f);
    return map;
}

std::size_t heapBytes()
{
    const struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
}

} // namespace rb::bench
