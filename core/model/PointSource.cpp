#include "model/PointSource.h"

#include "lattice/Lattice.h"
#include "model/BoundarySegment.h"
#include "model/DyeLedger.h"
#include "ranges/ValueRanges.h"


namespace rb {

std::string validateSources(const Lattice& lattice, const std::vector<PointSource>& sources)
{
    for (std::size_t i = 0; i < sources.size(); ++i) {
        const PointSource& s = sources[i];
        const std::string where = std::string(s.kind == PointSource::Kind::Spring ? "spring " : "drain ") + std::to_string(i + 1);
        if (const std::string problem = checkRange("rate", s.rate, 0.0, ranges::kMaxRate, "m³/s"); !problem.empty()) return where + ": " + problem;
        if (!lattice.nearestCell({s.x, s.y}))
            return where + ": position (" + std::to_string(s.x) + ", " + std::to_string(s.y) + ") m is outside the map";
        if (const std::string problem = checkDyeChannel(s.dye, where); !problem.empty()) return problem;
        if (s.kind == PointSource::Kind::Drain && s.dye != -1) return where + ": a drain takes the water as it is and brings no dye";
        if (const std::string problem = checkRange("sediment concentration", s.sediment, 0.0, kMaxSedimentConcentration, ""); !problem.empty())
            return where + ": " + problem;
        if (s.kind == PointSource::Kind::Drain && s.sediment != 0.0) return where + ": a drain takes the water as it is and brings no sediment";
    }
    return {};
}

} // namespace rb
