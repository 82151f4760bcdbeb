#include "model/SimParams.h"

#include "model/SimParamTable.h"
#include "ranges/NamedValues.h"
#include "ranges/ValueRanges.h"

#include <algorithm>
#include <cmath>

namespace rb {

std::string_view pipeModeName(PipeMode mode)
{
    return mode == PipeMode::Constant ? "constant" : "depth";
}

std::optional<PipeMode> parsePipeMode(std::string_view name)
{
    return parseNamed(name, {PipeMode::Constant, PipeMode::Depth}, pipeModeName);
}

std::string_view flowModelName(FlowModel model)
{
    return model == FlowModel::Momentum ? "momentum" : "pipes";
}

std::optional<FlowModel> parseFlowModel(std::string_view name)
{
    return parseNamed(name, {FlowModel::Pipes, FlowModel::Momentum}, flowModelName);
}

namespace {

// Rounds down to two significant digits: a dt people can read, never above the computed one.
double roundDownTwoDigits(double value)
{
    const double scale = std::pow(10.0, std::floor(std::log10(value)) - 1.0);
    return std::floor(value / scale) * scale;
}

} // namespace

double SimParams::suggestedDt(double cellSize, double expectedDepth)
{
    // √(g·h)·dt/dx at 0.5: 70% of the depth pipes' limit 1/√2 on the square lattice (the triangular
    // one allows 0.82), so water may pile up to twice the expected depth before a step is refused.
    constexpr double kCourant = 0.5;
    const double dt = kCourant * cellSize / std::sqrt(SimParams{}.gravity * expectedDepth);
    return std::clamp(roundDownTwoDigits(dt), 1e-4, 1.0);
}

SimParams SimParams::forNewMap(double cellSize, double expectedDepth, double manning)
{
    SimParams params;
    params.model = FlowModel::Momentum;
    params.manning = manning;
    params.dt = suggestedDt(cellSize, expectedDepth);
    params.cflTarget = kDefaultCflTarget;
    params.dtMax = params.dt;
    return params;
}

std::string SimParams::validate() const
{
    using namespace ranges;
    for (const SimParamSpec& spec : simParamTable())
        if (std::string problem = spec.check(this->*spec.field); !problem.empty()) return problem;
    // The first failing check in field order, each message naming its field and range.
    for (const std::string& problem : {
             checkRange("dt", dt, kMinDt, kMaxDt, "s"),
             substeps >= 1 && substeps <= 100000 ? std::string() : "substeps must lie in 1..100000 (got " + std::to_string(substeps) + ")",
             cflTarget == 0.0 ? std::string() : checkRange("CFL target", cflTarget, kMinCflTarget, kMaxCflTarget, "(0: fixed dt)"),
             cflTarget == 0.0 ? std::string() : checkRange("dt ceiling", dtMax, kMinDt, kMaxDt, "s"),
             cflTarget == 0.0 || dt <= dtMax ? std::string() : "dt (" + rangeNumberText(dt) + " s) must not exceed the dt ceiling (" + rangeNumberText(dtMax) + " s)",
         })
        if (!problem.empty()) return problem;
    return erosion.validate();
}

} // namespace rb
