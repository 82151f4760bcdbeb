#include "model/BoundarySegment.h"

#include "lattice/Lattice.h"
#include "model/DyeLedger.h"
#include "ranges/NamedValues.h"
#include "ranges/ValueRanges.h"


namespace rb {

std::string_view sideName(Side side)
{
    switch (side) {
    case Side::North: return "north";
    case Side::South: return "south";
    case Side::East: return "east";
    case Side::West: return "west";
    }
    return "north";
}

std::optional<Side> parseSide(std::string_view name)
{
    return parseNamed(name, {Side::North, Side::South, Side::East, Side::West}, sideName);
}

std::string_view boundaryTypeName(BoundaryType type)
{
    switch (type) {
    case BoundaryType::Wall: return "wall";
    case BoundaryType::Inflow: return "inflow";
    case BoundaryType::Sea: return "sea";
    case BoundaryType::Outflow: return "outflow";
    }
    return "wall";
}

std::optional<BoundaryType> parseBoundaryType(std::string_view name)
{
    return parseNamed(name, {BoundaryType::Wall, BoundaryType::Inflow, BoundaryType::Sea, BoundaryType::Outflow}, boundaryTypeName);
}

int sideLength(const Lattice& lattice, Side side)
{
    return (side == Side::North || side == Side::South) ? lattice.width() : lattice.height();
}

BoundarySegment wholeSide(const Lattice& lattice, Side side, BoundaryType type, double value)
{
    return {side, 0, sideLength(lattice, side) - 1, type, value};
}

namespace {

// Walls and outflows ignore their value; the editor's boundary table keeps the one a segment had
// before its type changed, so any value a type takes is accepted there.
std::string checkSegmentValue(const BoundarySegment& s)
{
    using namespace ranges;
    switch (s.type) {
    case BoundaryType::Sea: return checkMagnitude("sea level", s.value, kMaxSeaLevel, "m");
    case BoundaryType::Inflow: return checkRange("inflow", s.value, 0.0, kMaxRate, "m³/s");
    case BoundaryType::Wall:
    case BoundaryType::Outflow: break;
    }
    return checkMagnitude("value (ignored by walls and outflows)", s.value, kMaxRate, "");
}

} // namespace

std::string validateBoundary(const Lattice& lattice, const std::vector<BoundarySegment>& segments)
{
    for (std::size_t i = 0; i < segments.size(); ++i) {
        const BoundarySegment& s = segments[i];
        const std::string where = "boundary segment " + std::to_string(i + 1) + " (" + std::string(sideName(s.side)) + ")";
        if (s.start < 0 || s.end < s.start || s.end >= sideLength(lattice, s.side))
            return where + ": cells " + std::to_string(s.start) + ".." + std::to_string(s.end) + " do not fit a side of "
                   + std::to_string(sideLength(lattice, s.side)) + " cells";
        if (const std::string problem = checkSegmentValue(s); !problem.empty()) return where + ": " + problem;
        if (const std::string problem = checkDyeChannel(s.dye, where); !problem.empty()) return problem;
        if (const std::string problem = checkRange("sediment concentration", s.sediment, 0.0, kMaxSedimentConcentration, ""); !problem.empty())
            return where + ": " + problem;
    }
    return {};
}

} // namespace rb
