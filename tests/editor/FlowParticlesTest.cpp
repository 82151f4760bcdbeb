// View › Flow particles (issue 13): the particles ride on the water's velocity — only on wet
// cells, as many as asked for, moving on average at the wet cells' mean velocity (times the speed
// scale) — on both lattices and both flow models. The cost of one view tick at 1024² is printed.
#include "io/flow/VelocityField.h"
#include "model/Map.h"
#include "solver/CpuSolver.h"
#include "view/FlowParticles.h"

#include <gtest/gtest.h>

#include <chrono>
#include <iostream>
#include <tuple>

namespace rb {
namespace {

// A flat channel in the north half of the map, dry land (2 m up) in the south; water enters in the
// west and leaves in the east, stepped until it flows.
MapState flowingChannel(LatticeKind kind, FlowModel model, int width, int height, int steps)
{
    Map map;
    map.state = MapState(Lattice(kind, width, height, 1.0));
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x) {
            const bool channel = y < height / 2;
            map.state.bed(x, y) = channel ? 0.0f : 2.0f;
            map.state.depth(x, y) = channel ? 0.5f : 0.0f;
        }
    map.params.dt = 0.02;
    map.params.model = model;
    map.boundary = {{Side::West, 0, height / 2 - 1, BoundaryType::Inflow, 0.4 * 0.5 * (height / 2)},
                    {Side::East, 0, height - 1, BoundaryType::Outflow, 0.0}};
    CpuSolver solver;
    solver.load(map);
    EXPECT_TRUE(solver.step(steps).ok());
    return solver.readState();
}

using Case = std::tuple<LatticeKind, FlowModel>;
class FlowParticlesTest : public ::testing::TestWithParam<Case> {};

TEST_P(FlowParticlesTest, RideOnTheWaterAtItsVelocity)
{
    const MapState state = flowingChannel(std::get<0>(GetParam()), std::get<1>(GetParam()), 80, 40, 1500);
    view::FlowParticles particles(7);
    particles.setCount(3000);
    particles.advance(state, 0.0, 1.0); // born
    ASSERT_EQ(particles.particles().size(), 3000u);
    const std::vector<view::FlowParticles::Particle> start = particles.particles();
    constexpr double kScale = 2.0, kTick = 0.05;
    constexpr int kTicks = 10; // 0.5 s: shorter than any particle's life (2–6 s)
    for (int i = 0; i < kTicks; ++i) particles.advance(state, kTick, kScale);
    // Over the particles that stayed on the water, their mean speed against the mean velocity of
    // the cells they started on (the flow changes little over the metre or two they travel).
    double movedX = 0.0, movedY = 0.0, startX = 0.0, startY = 0.0;
    int kept = 0;
    for (std::size_t i = 0; i < start.size(); ++i) {
        const view::FlowParticles::Particle& p = particles.particles()[i];
        if (p.age < kTicks * kTick - 1e-9) continue; // reborn (it left the water)
        const auto cell = state.lattice.nearestCell({start[i].x, start[i].y});
        const io::CellVelocity u = io::cellVelocity(state, cell->x, cell->y);
        movedX += p.x - start[i].x;
        movedY += p.y - start[i].y;
        startX += u.x;
        startY += u.y;
        ++kept;
    }
    ASSERT_GT(kept, 2000);
    const double seconds = kTicks * kTick * kScale;
    const double particleX = movedX / kept / seconds, particleY = movedY / kept / seconds;
    const double meanX = startX / kept, meanY = startY / kept;
    std::cout << "particles move at (" << particleX << ", " << particleY << ") m/s; their cells' mean velocity is (" << meanX << ", "
              << meanY << ") m/s\n";
    ASSERT_GT(meanX, 0.05); // the channel flows east
    EXPECT_NEAR(particleX, meanX, 0.05 * meanX);
    EXPECT_NEAR(particleY, meanY, 0.05 * meanX);

    int downstream = 0;
    const std::vector<view::FlowParticles::Streak> streaks = particles.streaks(state, kScale);
    for (const auto& [tail, head] : streaks) {
        const auto cell = state.lattice.nearestCell({head.x(), head.z()});
        ASSERT_TRUE(cell);
        ASSERT_GT(state.depth(cell->x, cell->y), io::kWetDepth); // drawn on water only
        downstream += head.x() > tail.x() ? 1 : 0;
    }
    EXPECT_GT(downstream, static_cast<int>(0.75 * static_cast<double>(streaks.size()))); // the channel flows east (the momentum model keeps eddies by the banks)
}

INSTANTIATE_TEST_SUITE_P(LatticesAndModels, FlowParticlesTest,
                         ::testing::Combine(::testing::Values(LatticeKind::Square, LatticeKind::Triangle),
                                            ::testing::Values(FlowModel::Pipes, FlowModel::Momentum)));

// Dry land and a map without water: no particle lands there; fewer asked for, fewer kept.
TEST(FlowParticles, NeverOnDryGround)
{
    const MapState state = flowingChannel(LatticeKind::Square, FlowModel::Pipes, 40, 20, 200);
    view::FlowParticles particles;
    particles.setCount(500);
    for (int i = 0; i < 50; ++i) particles.advance(state, 0.1, 5.0);
    for (const view::FlowParticles::Particle& p : particles.particles()) {
        const auto cell = state.lattice.nearestCell({p.x, p.y});
        ASSERT_TRUE(cell);
        EXPECT_GT(state.depth(cell->x, cell->y), io::kWetDepth);
    }
    particles.setCount(100);
    EXPECT_EQ(particles.particles().size(), 100u);
    MapState dry = state;
    dry.depth.fill(0.0f);
    view::FlowParticles none;
    none.setCount(100);
    none.advance(dry, 0.1, 1.0);
    EXPECT_TRUE(none.particles().empty());
}

// What a view tick costs (advance and streaks of the default 2000 particles) on a 1024² map: a
// figure for docs/editor.md, not a timed assertion.
TEST(FlowParticles, TickCostAt1024)
{
    const MapState state = flowingChannel(LatticeKind::Square, FlowModel::Pipes, 1024, 1024, 20);
    view::FlowParticles particles;
    particles.setCount(2000);
    particles.advance(state, 0.0, 1.0);
    const auto start = std::chrono::steady_clock::now();
    constexpr int kTicks = 100;
    std::size_t drawn = 0;
    for (int i = 0; i < kTicks; ++i) {
        particles.advance(state, 1.0 / 30.0, 1.0);
        drawn += particles.streaks(state, 1.0).size();
    }
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count() / kTicks;
    std::cout << "one tick of 2000 particles at 1024²: " << ms << " ms, " << drawn / kTicks << " streaks\n";
    EXPECT_GT(drawn, 0u);
}

} // namespace
} // namespace rb
