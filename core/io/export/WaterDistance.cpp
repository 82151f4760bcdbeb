#include "io/export/WaterDistance.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace rb::io {
namespace {

struct Neighbour {
    int dx;
    int dy;
    float length;
};

// Relaxes every sample against the neighbours already visited in this sweep's direction.
void sweep(FloatField& distance, const Neighbour (&neighbours)[4], bool forward)
{
    const int w = distance.width(), h = distance.height();
    for (int n = 0; n < w * h; ++n) {
        const int i = forward ? n : w * h - 1 - n;
        const int x = i % w, y = i / w;
        float best = distance(x, y);
        for (const Neighbour& nb : neighbours) {
            const int nx = forward ? x + nb.dx : x - nb.dx, ny = forward ? y + nb.dy : y - nb.dy;
            if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
            best = std::min(best, distance(nx, ny) + nb.length);
        }
        distance(x, y) = best;
    }
}

} // namespace

FloatField distanceToWater(const Field<std::uint8_t>& water, double stepX, double stepY)
{
    FloatField distance(water.width(), water.height(), std::numeric_limits<float>::infinity());
    for (std::size_t i = 0; i < water.size(); ++i)
        if (water[i]) distance[i] = 0.0f;
    const auto sx = static_cast<float>(stepX), sy = static_cast<float>(stepY);
    const auto diagonal = static_cast<float>(std::hypot(stepX, stepY));
    // The neighbours before a sample in row-major order; the backward sweep mirrors them.
    const Neighbour before[4] = {{-1, 0, sx}, {-1, -1, diagonal}, {0, -1, sy}, {1, -1, diagonal}};
    sweep(distance, before, true);
    sweep(distance, before, false);
    return distance;
}

} // namespace rb::io
