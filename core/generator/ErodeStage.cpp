#include "generator/ErodeStage.h"

#include "erosion/BedChange.h"

#include "solver/AdaptiveTimeStep.h"
#include "solver/CpuSolver.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace rb::gen {
namespace {

constexpr double kSecondsPerHour = 3600.0;
constexpr double kMillimetresPerMetre = 1000.0;
// Cell-steps per solver call: calls of about this much work keep the cancel responsive on big maps
// without making small ones pay for many calls.
constexpr double kCellStepsPerCall = 4.0 * 1024 * 1024;
constexpr int kMostStepsPerCall = 64;
constexpr double kTimeSharePerCall = 0.01; // and at most 1 % of the stage: the progress moves by the percent

int stepsPerCall(std::size_t cells)
{
    return std::clamp(static_cast<int>(kCellStepsPerCall / static_cast<double>(cells)), 1, kMostStepsPerCall);
}

double bedVolume(const FloatField& bed, double cellArea)
{
    double sum = 0.0;
    for (float b : bed.values()) sum += b;
    return sum * cellArea;
}

ErodeOutcome stopped(GenerationStatus status, std::string error)
{
    ErodeOutcome outcome;
    outcome.status = status;
    outcome.error = std::move(error);
    return outcome;
}

// The water goes back to the generator's own, so the load it still carries settles where it is
// (as it would where the water drains away), booked as deposition. The generated map keeps no bed
// remainder (docs/erosion.md, "Conservation"): what the bed's float had not yet taken is dropped,
// and with the settling's own rounding booked as rounding, so the books still close on the bed.
void settleLoad(const MapState& state, FloatField& bed, SedimentLedger& ledger)
{
    double settled = 0.0, dropped = 0.0;
    for (std::size_t i = 0; i < bed.size(); ++i) {
        const float s = state.sediment.empty() ? 0.0f : state.sediment[i];
        float remainder = state.bedRemainder.empty() ? 0.0f : state.bedRemainder[i];
        if (s == 0.0f && remainder == 0.0f) continue;
        const double material = static_cast<double>(bed[i]) + static_cast<double>(remainder) + static_cast<double>(s);
        changeBed(bed[i], remainder, s);
        settled += static_cast<double>(s);
        dropped += static_cast<double>(bed[i]) - material; // the remainder left behind, and the rounding
    }
    const double area = state.lattice.cellArea();
    ledger.deposited += settled * area;
    ledger.rounding += dropped * area;
}

// The bed's interval: the default, but short stages still update the bed often enough for
// their erosion to show (at least kBedUpdates times over the stage at the map's first dt).
int bedInterval(double seconds, double dt)
{
    constexpr double kBedUpdates = 32.0;
    const double steps = dt > 0.0 ? seconds / dt : 0.0;
    return static_cast<int>(std::clamp(std::floor(steps / kBedUpdates), 1.0, static_cast<double>(ErosionParams::kDefaultInterval)));
}

} // namespace

ErodeOutcome erodeTerrain(const Map& map, const ErodeParams& params, int threads, ProgressTracker& progress)
{
    SimParams rainy = map.params;
    rainy.rain = params.rain / kMillimetresPerMetre / kSecondsPerHour;
    rainy.erosion.enabled = true;
    rainy.erosion.talusDegrees = params.talus;
    rainy.erosion.interval = bedInterval(params.hours * kSecondsPerHour, rainy.dt);
    CpuSolver solver(threads);
    try {
        solver.load(map);
        solver.setParams(rainy);
    } catch (const std::invalid_argument& e) {
        return stopped(GenerationStatus::Invalid, std::string("erode stage: ") + e.what());
    }
    const double target = params.hours * kSecondsPerHour;
    const int most = stepsPerCall(map.state.lattice.cellCount());
    while (solver.diagnostics().time < target) {
        if (progress.cancelled()) return stopped(GenerationStatus::Cancelled, {});
        const double dt = solver.params().dt;
        const double left = std::min(target - solver.diagnostics().time, kTimeSharePerCall * target);
        const int count = static_cast<int>(std::clamp(std::ceil(left / dt), 1.0, static_cast<double>(most)));
        const StepResult result = AdaptiveTimeStep::step(solver, count);
        if (!result.ok()) return stopped(GenerationStatus::Invalid, "erode stage: " + result.error);
        progress.report(solver.diagnostics().time / target);
    }
    const MapState state = solver.readState();
    ErodeOutcome outcome;
    outcome.bed = state.bed;
    outcome.summary.ran = true;
    outcome.summary.seconds = state.time;
    outcome.summary.steps = state.steps;
    outcome.summary.ledger = state.sedimentLedger;
    settleLoad(state, outcome.bed, outcome.summary.ledger);
    const double area = state.lattice.cellArea();
    outcome.summary.bedVolumeBefore = bedVolume(map.state.bed, area);
    outcome.summary.bedVolumeAfter = bedVolume(outcome.bed, area);
    return outcome;
}

} // namespace rb::gen
