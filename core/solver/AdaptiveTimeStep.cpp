#include "solver/AdaptiveTimeStep.h"

#include "ranges/ValueRanges.h"
#include "solver/Stability.h"

#include <algorithm>
#include <cmath>

namespace rb {

SimParams AdaptiveTimeStep::paramsForNextCall(const SimParams& inForce, double cfl)
{
    if (!inForce.automaticDt()) return inForce;
    SimParams next = inForce;
    // Still water (CFL 0) or a CFL number that says nothing: the ceiling.
    next.dt = cfl > 0.0 && std::isfinite(cfl) ? std::min(inForce.dtMax, inForce.cflTarget * inForce.dt / cfl) : inForce.dtMax;
    return next;
}

// Within a period the dt is chosen again only past this CFL number: twice the target, and never
// as far as the dock's warning (0.9) or the limit.
double AdaptiveTimeStep::overloaded(const SimParams& params)
{
    return std::min(0.9, 2.0 * params.cflTarget);
}

StepResult AdaptiveTimeStep::step(Solver& solver, int count)
{
    if (!solver.params().automaticDt()) return solver.step(count);
    StepResult total;
    int halvings = 0; // of the dt, after refused calls in this one
    while (total.stepsDone < count) {
        // The dt is chosen on multiples of kStepsPerChoice of the step counter and kept between
        // them: however a run is cut into calls (frames, report lines, a save and a resume), the
        // same steps get the same dt.
        const auto intoPeriod = static_cast<int>(solver.diagnostics().steps % kStepsPerChoice);
        const int steps = std::min(count - total.stepsDone, kStepsPerChoice - intoPeriod);
        // A new dt where a period starts; within one, the dt in force (saved with a map), unless an
        // edit since the last step (a deep dab) has put the water beyond what that dt can carry. The
        // water's own speeding up within a period does not count: calls cut elsewhere would see it
        // at other steps.
        const Diagnostics now = solver.diagnostics();
        const bool edited = now.cfl != now.cflAfterStep;
        const bool choose = halvings == 0 && (intoPeriod == 0 || (edited && now.cfl > overloaded(solver.params())));
        const SimParams next = choose ? paramsForNextCall(solver.params(), now.cfl) : solver.params();
        if (next.dt < ranges::kMinDt) return belowSmallestDt(total, solver);
        if (!(next == solver.params())) solver.setParams(next);
        const StepResult part = solver.step(steps);
        total.stepsDone += part.stepsDone;
        if (part.ok()) {
            if (halvings > 0) total.notes.push_back(halvedNote(solver, steps, halvings));
            halvings = 0;
            continue;
        }
        // A refused call left no trace. Where the water sped up within the period beyond the dt
        // chosen at its start (a dam break doubles |u| + √(gh) in a few steps), the same steps
        // again at half the dt (not chosen anew: that would undo it), which then holds to the
        // period's end.
        if (!retryable(part) || halvings == kMostHalvings) {
            total.error = part.error;
            return total;
        }
        SimParams slower = solver.params();
        slower.dt *= 0.5;
        if (slower.dt < ranges::kMinDt) return belowSmallestDt(total, solver);
        solver.setParams(slower);
        ++halvings;
    }
    return total;
}

// Said aloud because where such a retry happens depends on where the call began: a run cut into
// other calls (report lines, a save and a resume) can take it at other steps (docs/solver.md).
std::string AdaptiveTimeStep::halvedNote(const Solver& solver, int steps, int halvings)
{
    const std::int64_t end = solver.diagnostics().steps;
    return "steps " + std::to_string(end - steps + 1) + "-" + std::to_string(end) + " ran at dt " + rangeNumberText(solver.params().dt) +
           " s, the automatic dt halved " + std::to_string(halvings) + (halvings == 1 ? " time" : " times") +
           " after the water outran it (a call cut elsewhere may halve at other steps)";
}

bool AdaptiveTimeStep::retryable(const StepResult& refused)
{
    return refused.error.rfind(kUnstablePrefix, 0) == 0;
}

StepResult AdaptiveTimeStep::belowSmallestDt(StepResult done, const Solver& solver)
{
    // The lattice (for l) only on this rare path, and only when an eddy viscosity could be the cause.
    const SimParams& params = solver.params();
    const bool viscous = params.model == FlowModel::Momentum && params.eddyViscosity > 0.0;
    const std::string viscosity = viscous ? viscosityLimitNote(solver.readState().lattice, params, ranges::kMinDt / params.cflTarget) : std::string();
    done.error = "the automatic time step would fall below " + rangeNumberText(ranges::kMinDt) + " s (" +
                 (viscosity.empty() ? std::string("the water moves too fast for the CFL target") : std::string("the eddy viscosity")) +
                 "); the state is as after step " + std::to_string(solver.diagnostics().steps) + "." + viscosity;
    return done;
}

} // namespace rb
