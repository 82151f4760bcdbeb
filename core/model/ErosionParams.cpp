#include "model/ErosionParams.h"

#include "ranges/ValueRanges.h"

#include <string>

namespace rb {

std::string ErosionParams::validate() const
{
    for (const std::string& problem : {
             checkRange("erosion capacity", capacity, 0.0, 1e6, "s/m"),
             checkRange("erosion rate", erosionRate, 0.0, 1e6, "1/s"),
             checkRange("deposition rate", depositionRate, 0.0, 1e6, "1/s"),
             checkRange("talus angle", talusDegrees, 1.0, 89.0, "degrees"),
             checkRange("thermal erosion rate", thermalRate, 0.0, 1e6, "1/s"),
             checkRange("erosion minimum depth", minDepth, 1e-6, 100.0, "m"),
         })
        if (!problem.empty()) return problem;
    if (interval < 1 || interval > kMaxInterval)
        return "the erosion's bed interval must be a whole number of steps from 1 to " + std::to_string(kMaxInterval) + " (got " + std::to_string(interval) + ")";
    return {};
}

} // namespace rb
