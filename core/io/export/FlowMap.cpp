#include "io/export/FlowMap.h"

#include "ranges/NamedValues.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace rb::io {
namespace {

float channel(double component, double scale)
{
    return static_cast<float>(std::clamp(0.5 + 0.5 * component / scale, 0.0, 1.0));
}

} // namespace

std::string_view flowGreenName(FlowGreen green)
{
    return green == FlowGreen::South ? "south" : "north";
}

std::optional<FlowGreen> parseFlowGreen(std::string_view name)
{
    return parseNamed(name, {FlowGreen::South, FlowGreen::North}, flowGreenName);
}

double maxSpeed(const FloatField& vx, const FloatField& vy)
{
    double speed = 0.0;
    for (std::size_t i = 0; i < vx.size(); ++i) speed = std::max(speed, std::hypot(double{vx[i]}, double{vy[i]}));
    return speed;
}

double speedPercentile(const FloatField& vx, const FloatField& vy, double fraction)
{
    std::vector<double> speeds;
    for (std::size_t i = 0; i < vx.size(); ++i)
        if (vx[i] != 0.0f || vy[i] != 0.0f) speeds.push_back(std::hypot(double{vx[i]}, double{vy[i]}));
    if (speeds.empty()) return 0.0;
    const auto rank = static_cast<std::size_t>(std::ceil(std::clamp(fraction, 0.0, 1.0) * static_cast<double>(speeds.size())));
    const auto nth = speeds.begin() + static_cast<std::ptrdiff_t>(std::clamp<std::size_t>(rank, 1, speeds.size()) - 1);
    std::nth_element(speeds.begin(), nth, speeds.end());
    return *nth;
}

std::array<FloatField, 2> encodeFlowMap(const FloatField& vx, const FloatField& vy, const FlowMapEncoding& encoding)
{
    std::array<FloatField, 2> rg{FloatField(vx.width(), vx.height()), FloatField(vx.width(), vx.height())};
    const double greenSign = encoding.green == FlowGreen::South ? 1.0 : -1.0;
    for (std::size_t i = 0; i < vx.size(); ++i) {
        rg[0][i] = channel(vx[i], encoding.scale);
        rg[1][i] = channel(greenSign * vy[i], encoding.scale);
    }
    return rg;
}

} // namespace rb::io
