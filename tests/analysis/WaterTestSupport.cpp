#include "WaterTestSupport.h"

#include "solver/CpuSolver.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace rb::analysis::test {

Map settle(const Map& map, double seconds)
{
    CpuSolver solver(1); // one thread: the suite shares two cores with other work
    solver.load(map);
    Map settled = map;
    while (solver.diagnostics().time < seconds) {
        const StepResult result = solver.step(200);
        EXPECT_TRUE(result.ok()) << result.error;
        if (!result.ok()) break;
    }
    settled.state = solver.readState();
    settled.params = solver.params();
    return settled;
}

std::vector<RiverPoint> mainLine(const std::vector<River>& rivers)
{
    const River* current = nullptr;
    for (const River& r : rivers)
        if (!r.points.empty() && r.downstream < 0 && (!current || r.points.back().discharge > current->points.back().discharge)) current = &r;
    std::vector<RiverPoint> line;
    while (current) {
        line.insert(line.begin(), current->points.begin(), current->points.end() - (line.empty() ? 0 : 1));
        const River* above = nullptr;
        for (const River& r : rivers)
            if (!r.points.empty() && r.downstream == current->id && r.joinIndex == 0
                && (!above || r.points.back().discharge > above->points.back().discharge))
                above = &r;
        current = above;
    }
    return line;
}

double distanceToCells(const Lattice& lattice, const std::vector<CellCoord>& cells, double x, double y)
{
    double best = std::numeric_limits<double>::infinity();
    for (const CellCoord c : cells) {
        const WorldPoint p = lattice.worldPosition(c.x, c.y);
        best = std::min(best, std::hypot(p.x - x, p.y - y));
    }
    return best;
}

} // namespace rb::analysis::test
