#include "SeedLoops.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <vector>

namespace rb::bench {
namespace {

struct Grid {
    int n;
    std::vector<float> terrain, water, flowX, flowY; // flowX (n+1)×n, flowY n×(n+1)
    float& t(int x, int y) { return terrain[static_cast<std::size_t>(y * n + x)]; }
    float& w(int x, int y) { return water[static_cast<std::size_t>(y * n + x)]; }
    float& fx(int x, int y) { return flowX[static_cast<std::size_t>(y * (n + 1) + x)]; }
    float& fy(int x, int y) { return flowY[static_cast<std::size_t>(y * n + x)]; }
};

void seedStep(Grid& g, float dt, float gravity, float friction)
{
    const int N = g.n;
    const float dx = 1.0f, dy = 1.0f;
    const float frictionFactor = std::pow(1.0f - friction, dt);
    for (int y = 0; y < N; ++y)
        for (int x = 1; x < N; ++x)
            g.fx(x, y) = g.fx(x, y) * frictionFactor + (g.w(x - 1, y) + g.t(x - 1, y) - g.w(x, y) - g.t(x, y)) * gravity * dt / dx;
    for (int y = 1; y < N; ++y)
        for (int x = 0; x < N; ++x)
            g.fy(x, y) = g.fy(x, y) * frictionFactor + (g.w(x, y - 1) + g.t(x, y - 1) - g.w(x, y) - g.t(x, y)) * gravity * dt / dy;
    for (int y = 0; y < N; ++y)
        for (int x = 0; x < N; ++x) {
            float total = 0.0f;
            total += std::max(0.0f, -g.fx(x, y));
            total += std::max(0.0f, -g.fy(x, y));
            total += std::max(0.0f, g.fx(x + 1, y));
            total += std::max(0.0f, g.fy(x, y + 1));
            const float maxOutflow = g.w(x, y) * dx * dy / dt;
            if (total > 0.0f) {
                const float scale = std::min(1.0f, maxOutflow / total);
                if (g.fx(x, y) < 0.0f) g.fx(x, y) *= scale;
                if (g.fy(x, y) < 0.0f) g.fy(x, y) *= scale;
                if (g.fx(x + 1, y) > 0.0f) g.fx(x + 1, y) *= scale;
                if (g.fy(x, y + 1) > 0.0f) g.fy(x, y + 1) *= scale;
            }
        }
    for (int y = 0; y < N; ++y)
        for (int x = 0; x < N; ++x)
            g.w(x, y) += (g.fx(x, y) + g.fy(x, y) - g.fx(x + 1, y) - g.fy(x, y + 1)) * dt / dx / dy;
}

} // namespace

double measureSeedLoops(int size, double minSeconds)
{
    Grid g{size, {}, {}, {}, {}};
    const auto cells = static_cast<std::size_t>(size) * static_cast<std::size_t>(size);
    g.terrain.resize(cells);
    g.water.resize(cells);
    for (int y = 0; y < size; ++y)
        for (int x = 0; x < size; ++x) {
            g.t(x, y) = 0.5f * std::sin(0.05f * static_cast<float>(x)) * std::cos(0.07f * static_cast<float>(y));
            g.w(x, y) = 1.0f + 0.1f * std::sin(0.1f * static_cast<float>(x + y));
        }
    g.flowX.assign(static_cast<std::size_t>(size + 1) * static_cast<std::size_t>(size), 0.0f);
    g.flowY.assign(static_cast<std::size_t>(size) * static_cast<std::size_t>(size + 1), 0.0f);
    long steps = 0;
    const auto start = std::chrono::steady_clock::now();
    double seconds = 0.0;
    do {
        seedStep(g, 0.02f, 9.81f, 0.01f);
        ++steps;
        seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    } while (seconds < minSeconds);
    return static_cast<double>(steps) * static_cast<double>(cells) / seconds;
}

} // namespace rb::bench
