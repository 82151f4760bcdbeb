#include "analysis/WaterOrigins.h"

#include "model/WetDepth.h"

#include <algorithm>

namespace rb::analysis {

WaterOrigins::WaterOrigins(const Map& map) : state_(map.state)
{
    for (const PointSource& s : map.sources)
        if (s.kind == PointSource::Kind::Spring && s.dye >= 0 && s.dye < static_cast<int>(map.state.dye.size())) channels_.push_back(s.dye);
    std::sort(channels_.begin(), channels_.end());
    channels_.erase(std::unique(channels_.begin(), channels_.end()), channels_.end());
}

double WaterOrigins::share(int origin, std::size_t cell) const
{
    const double depth = state_.depth[cell];
    const auto dyed = [&](int channel) { return std::clamp(state_.dye[static_cast<std::size_t>(channel)][cell] / depth, 0.0, 1.0); };
    if (origin != kRestOrigin) {
        const bool spring = std::binary_search(channels_.begin(), channels_.end(), origin);
        return spring && depth > water::kWetDepth ? dyed(origin) : 0.0;
    }
    if (!(depth > water::kWetDepth)) return 1.0;
    double tagged = 0.0;
    for (const int channel : channels_) tagged += dyed(channel);
    return std::max(0.0, 1.0 - tagged);
}

double WaterOrigins::shareOf(OriginMask mask, std::size_t cell) const
{
    double sum = 0.0;
    for (int k = 0; k < kOriginCount; ++k)
        if (mask & (1u << k)) sum += share(k, cell);
    return std::min(sum, 1.0);
}

OriginMask WaterOrigins::mainOrigins(std::size_t cell) const
{
    OriginMask mask = 0;
    for (int k = 0; k < kOriginCount; ++k)
        if (share(k, cell) >= kMainOriginShare) mask = static_cast<OriginMask>(mask | (1u << k));
    return mask ? mask : kAllOrigins;
}

double dischargeOf(const OriginDischarge& byOrigin, OriginMask mask)
{
    double sum = 0.0;
    for (int k = 0; k < kOriginCount; ++k)
        if (mask & (1u << k)) sum += byOrigin[static_cast<std::size_t>(k)];
    return sum;
}

} // namespace rb::analysis
