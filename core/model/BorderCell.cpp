#include "model/BorderCell.h"

namespace rb {

CellCoord borderCell(const Lattice& lattice, Side side, int position)
{
    switch (side) {
    case Side::North: return {position, 0};
    case Side::South: return {position, lattice.height() - 1};
    case Side::West: return {0, position};
    case Side::East: return {lattice.width() - 1, position};
    }
    return {position, 0};
}

} // namespace rb
