#include "model/DyeLedger.h"

#include "ranges/ValueRanges.h"

#include <utility>

namespace rb {

std::string checkDyeChannel(int channel, const std::string& what)
{
    if (channel >= -1 && channel < kMaxDyeChannels) return {};
    return what + ": dye channel must be 0.." + std::to_string(kMaxDyeChannels - 1) + " or none (got " + std::to_string(channel) + ")";
}

std::string checkDyeLedger(const DyeLedger& l, int channel)
{
    const std::pair<const char*, double> totals[] = {
        {"boundaryIn", l.boundaryIn},   {"boundaryOut", l.boundaryOut}, {"springs", l.springs}, {"drains", l.drains},
        {"evaporation", l.evaporation}, {"decayed", l.decayed},         {"clipped", l.clipped}, {"edited", l.edited},
    };
    for (const auto& [name, total] : totals)
        if (auto e = checkMagnitude("dye ledger " + std::to_string(channel) + "." + name, total, ranges::kMaxLedger, "m³"); !e.empty()) return e;
    return {};
}

} // namespace rb
