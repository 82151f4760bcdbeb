#include "model/Map.h"

namespace rb {

std::string Map::validate() const
{
    if (auto e = state.validate(); !e.empty()) return e;
    if (auto e = params.validate(); !e.empty()) return e;
    if (auto e = validateBoundary(state.lattice, boundary); !e.empty()) return e;
    return validateSources(state.lattice, sources);
}

} // namespace rb
