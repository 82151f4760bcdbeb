#include "distributed/DistributedScope.h"

#include "solver/CpuSolver.h"

namespace rb {
namespace {

constexpr const char* kLater = " is not distributed yet: run it without mpirun (or with -n 1)";

bool slantedInflow(const Map& map)
{
    if (map.state.lattice.kind() != LatticeKind::Triangle || map.params.model != FlowModel::Momentum) return false;
    for (const BoundarySegment& s : map.boundary)
        if (s.type == BoundaryType::Inflow && (s.side == Side::East || s.side == Side::West)) return true;
    return false;
}

} // namespace

std::string distributedRefusal(const Map& map)
{
    // The pipes add rain per tile of CpuTiling's columns; the bands hold whole rows in one tile.
    if ((map.params.rain > 0.0 || map.params.evaporation > 0.0) && map.params.model == FlowModel::Pipes && map.state.lattice.width() > CpuTiling{}.tileSize)
        return "rain and evaporation in the pipes model on a map wider than " + std::to_string(CpuTiling{}.tileSize) + " cells" + kLater;
    // The dye's diffusion is one linear solve over the whole map's wet cells, and its drift on a
    // steady current substeps over the whole current: neither is cut into bands yet.
    if (map.usesDye() && map.params.dyeDiffusivity > 0.0) return std::string("the dye's diffusion (--dye-diffusion)") + kLater;
    if (map.usesDye() && !map.state.currentFlows.empty()) return std::string("dye drifting on a map's steady current") + kLater;
    if (slantedInflow(map))
        return std::string("an inflow on the east or west side of a triangle-lattice map in the momentum model (its discharge is shared over the "
                           "whole side by each edge's angle)") + kLater;
    return {};
}

} // namespace rb
