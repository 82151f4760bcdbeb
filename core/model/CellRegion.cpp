#include "model/CellRegion.h"

namespace rb {

bool CellRegion::inside(const Lattice& lattice) const
{
    // Written so that no sum can overflow, whatever a caller passes.
    return !empty() && x >= 0 && y >= 0 && x <= lattice.width() - width && y <= lattice.height() - height;
}

} // namespace rb
