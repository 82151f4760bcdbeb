#include "analysis/WaterFeatures.h"

namespace rb::analysis {

std::string_view riverEndName(RiverEnd end)
{
    switch (end) {
    case RiverEnd::Confluence: return "confluence";
    case RiverEnd::Sea: return "sea";
    case RiverEnd::Lake: return "lake";
    case RiverEnd::Border: return "border";
    case RiverEnd::Fades: return "fades";
    case RiverEnd::Eddy: return "eddy";
    }
    return "fades";
}

} // namespace rb::analysis
