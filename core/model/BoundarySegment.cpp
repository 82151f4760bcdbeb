#include "model/BoundarySegment.h"

#include "lattice/Lattice.h"

#include <cmath>

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
    for (Side s : {Side::North, Side::South, Side::East, Side::West})
        if (sideName(s) == name) return s;
    return std::nullopt;
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
    for (BoundaryType t : {BoundaryType::Wall, BoundaryType::Inflow, BoundaryType::Sea, BoundaryType::Outflow})
        if (boundaryTypeName(t) == name) return t;
    return std::nullopt;
}

int sideLength(const Lattice& lattice, Side side)
{
    return (side == Side::North || side == Side::South) ? lattice.width() : lattice.height();
}

BoundarySegment wholeSide(const Lattice& lattice, Side side, BoundaryType type, double value)
{
    return {side, 0, sideLength(lattice, side) - 1, type, value};
}

std::string validateBoundary(const Lattice& lattice, const std::vector<BoundarySegment>& segments)
{
    for (std::size_t i = 0; i < segments.size(); ++i) {
        const BoundarySegment& s = segments[i];
        const std::string where = "boundary segment " + std::to_string(i + 1) + " (" + std::string(sideName(s.side)) + ")";
        if (s.start < 0 || s.end < s.start || s.end >= sideLength(lattice, s.side))
            return where + ": cells " + std::to_string(s.start) + ".." + std::to_string(s.end) + " do not fit a side of "
                   + std::to_string(sideLength(lattice, s.side)) + " cells";
        if (!std::isfinite(s.value)) return where + ": value is not a finite number";
        if (s.type == BoundaryType::Inflow && s.value < 0.0) return where + ": inflow must be zero or positive (m³/s)";
    }
    return {};
}

} // namespace rb
