#pragma once

#include "model/Map.h"

namespace rb {

// The built-in scene of `riverbed-cli demo`: a walled basin with rolling terrain, a lake held in
// its western third by a dam that has just burst, and an outflow on the east side.
Map makeDamBreakDemo(LatticeKind kind, int size);

} // namespace rb
