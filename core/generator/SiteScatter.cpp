#include "generator/SiteScatter.h"

#include <cmath>
#include <limits>

namespace rb::gen {
namespace {

constexpr int kCandidates = 24;

// A centre coordinate for a disc of `radius` along a side of length `span`.
double placeAlong(double unit, double span, double radius, double margin)
{
    const double lo = margin + radius, hi = span - margin - radius;
    return lo < hi ? lo + (hi - lo) * unit : 0.5 * span;
}

double gapToOthers(const std::vector<Site>& sites, double x, double y, double reach, double reachFactor)
{
    double gap = std::numeric_limits<double>::infinity();
    for (const Site& s : sites) gap = std::min(gap, std::hypot(s.x - x, s.y - y) - s.radius * reachFactor - reach);
    return gap;
}

} // namespace

std::vector<Site> scatterSites(const SeededRandom& random, const ScatterRequest& request)
{
    std::vector<Site> sites;
    std::uint64_t draw = 0;
    for (int i = 0; i < request.count; ++i) {
        const double radius = request.meanRadius * random.range(draw++, request.minFactor, request.maxFactor);
        const double reach = radius * request.reach;
        Site best{0.5 * request.spanX, 0.5 * request.spanY, radius};
        double bestGap = -std::numeric_limits<double>::infinity();
        for (int c = 0; c < kCandidates; ++c) {
            const double x = placeAlong(random.unit(draw++), request.spanX, reach, request.margin);
            const double y = placeAlong(random.unit(draw++), request.spanY, reach, request.margin);
            const double gap = gapToOthers(sites, x, y, reach, request.reach);
            if (gap > bestGap) {
                bestGap = gap;
                best = {x, y, radius};
            }
        }
        sites.push_back(best);
    }
    return sites;
}

} // namespace rb::gen
