#pragma once

#include "solver/Solver.h"

namespace rb {

// The automatic time step (SimParams::cflTarget > 0): before each call, the dt that brings the
// CFL number of the water as it stands to the target, at most the ceiling dtMax. Every CFL number
// in Riverbed grows linearly with dt (Stability.h), so that dt is target · dt / cfl, computed from
// the dt in force and the CFL number the solver reports for it. The dt in force is part of the
// parameters (and of a saved map), so a resumed run reports the same CFL number and picks the
// same dt: save → load → continue stays bitwise.
class AdaptiveTimeStep {
public:
    // The parameters for the next call: `inForce` with its dt chosen (unchanged when the dt is
    // fixed).
    static SimParams paramsForNextCall(const SimParams& inForce, double cfl);

    // `count` steps at the automatic dt (or one call at the fixed one): the dt is chosen again
    // every kStepsPerChoice steps of the step counter, and at once when an edit has put the water
    // beyond twice the target at the dt in force. A call refused as unstable is taken again at
    // half the dt (at most kMostHalvings times in a row). A dt below the smallest allowed, or a
    // refusal that persists, stops there: stepsDone says how far it got, the refused part left
    // no trace.
    static StepResult step(Solver& solver, int count);

    static constexpr int kStepsPerChoice = 16;
    static constexpr int kMostHalvings = 6;

private:
    static double overloaded(const SimParams& params);
    static bool retryable(const StepResult& refused); // refused as unstable: a smaller dt may do
    static std::string halvedNote(const Solver& solver, int steps, int halvings);
    static StepResult belowSmallestDt(StepResult done, const Solver& solver);
};

} // namespace rb
