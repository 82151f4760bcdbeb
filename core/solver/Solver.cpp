#include "solver/Solver.h"

#include "solver/RegionEdit.h"

#include <stdexcept>

namespace rb {

Map Solver::readMap() const
{
    Map map;
    map.state = readState();
    map.params = params();
    map.boundary = boundary();
    map.sources = sources();
    return map;
}

void Solver::setDye(int, const CellRegion&, const std::vector<float>&)
{
    throw std::invalid_argument("the " + name() + " backend does not carry dye yet: switch the simulation to the CPU backend");
}

std::vector<float> Solver::readDye(int, const CellRegion& rect) const
{
    requireRegionInside(readState().lattice, rect);
    return std::vector<float>(rect.cellCount(), 0.0f);
}

} // namespace rb
