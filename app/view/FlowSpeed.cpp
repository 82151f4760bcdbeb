#include "view/FlowSpeed.h"

#include "io/flow/VelocityField.h"

namespace rb::view {

double cellSpeed(const MapState& state, int x, int y)
{
    if (state.flows.empty()) return 0.0;
    return io::cellVelocity(state, x, y, kDryDepth).speed(); // the export's reconstruction, the display's threshold
}

} // namespace rb::view
