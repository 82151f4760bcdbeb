#pragma once

namespace rb::water {

// Water deeper than this is wet; a film under it is land. One threshold for everything that asks
// (docs/solver.md): the solver's speed diagnostics (StepContract's WET_DEPTH for the kernels), the
// currents solver (land is an obstacle), dye drifting on a current, the velocity readouts and
// every export that marks water. A draining film of a few micrometres would otherwise turn small
// flows into absurd velocities. The momentum step's dry depth and the dye diffusion's threshold
// are other numbers with other reasons (MomentumStep.h, DyeDiffusion.h). In a namespace of its own
// so that no file-local kWetDepth meets it.
inline constexpr float kWetDepth = 1e-3f; // m

} // namespace rb::water
