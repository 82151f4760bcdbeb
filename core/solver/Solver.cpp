#include "solver/Solver.h"


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

} // namespace rb
