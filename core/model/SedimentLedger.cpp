#include "model/SedimentLedger.h"

#include "ranges/ValueRanges.h"

#include <utility>

namespace rb {

std::string checkSedimentLedger(const SedimentLedger& l)
{
    if (std::string problem = checkDyeLedger(l.carried, 0); !problem.empty()) return "sediment ledger: " + problem;
    const std::pair<const char*, double> totals[] = {{"eroded", l.eroded}, {"deposited", l.deposited}, {"slid", l.slid}, {"rounding", l.rounding}};
    for (const auto& [name, value] : totals)
        if (std::string problem = checkMagnitude(std::string("sediment ledger ") + name, value, ranges::kMaxLedger, "m³"); !problem.empty())
            return problem;
    return {};
}

} // namespace rb
