#include "model/SimParams.h"

#include <cmath>

namespace rb {

std::string_view pipeModeName(PipeMode mode)
{
    return mode == PipeMode::Constant ? "constant" : "depth";
}

std::optional<PipeMode> parsePipeMode(std::string_view name)
{
    if (name == "constant") return PipeMode::Constant;
    if (name == "depth") return PipeMode::Depth;
    return std::nullopt;
}

std::string_view flowModelName(FlowModel model)
{
    return model == FlowModel::Momentum ? "momentum" : "pipes";
}

std::optional<FlowModel> parseFlowModel(std::string_view name)
{
    if (name == "pipes") return FlowModel::Pipes;
    if (name == "momentum") return FlowModel::Momentum;
    return std::nullopt;
}

std::string SimParams::validate() const
{
    auto finite = [](double v) { return std::isfinite(v); };
    if (!finite(gravity) || gravity <= 0.0) return "gravity must be a positive number (m/s²)";
    if (!finite(dt) || dt <= 0.0) return "dt must be a positive number of seconds";
    if (!finite(friction) || friction < 0.0 || friction >= 1.0) return "friction must lie in [0, 1)";
    if (!finite(viscosity) || viscosity < 0.0) return "viscosity must be zero or positive (m²/s)";
    if (substeps < 1 || substeps > 100000) return "substeps must lie in 1..100000";
    if (!finite(rain) || rain < 0.0) return "rain must be zero or positive (m/s)";
    if (!finite(evaporation) || evaporation < 0.0) return "evaporation must be zero or positive (m/s)";
    if (!finite(manning) || manning < 0.0 || manning > 1.0) return "manning must lie in [0, 1] s/m^(1/3) (0: use friction)";
    if (!finite(eddyViscosity) || eddyViscosity < 0.0) return "eddy viscosity must be zero or positive (m²/s)";
    return {};
}

} // namespace rb
