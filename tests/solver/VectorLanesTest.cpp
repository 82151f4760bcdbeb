// The OpenCL kernels take VEC cells per work-item and keep every field padded, with rows a
// multiple of VEC long: the lanes past the end of a row, the ghost ring and the boundary edges
// on every side must all come out as the CPU solver's, whatever the map's width (filling the last
// vector of a row or not) and whatever the vector width.
#include "BackendParam.h"
#include "TestMaps.h"

#include "ClSolver.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace rb {
namespace {

struct LanesCase {
    LatticeKind lattice;
    int vectorWidth;
};

class VectorLanes : public ::testing::TestWithParam<LanesCase> {};

// Every kind of boundary on some side, rain, evaporation, viscosity, a spring and a drain.
Map lanesBusyMap(LatticeKind kind, int width, int height)
{
    const Lattice lattice(kind, width, height, 1.0);
    Map map = test::basinMap(lattice, test::roughTerrain(lattice, 17, 1.5f));
    test::fillTo(map.state, 1.0f);
    map.params.dt = 0.03;
    map.params.rain = 2e-4;
    map.params.evaporation = 5e-5;
    map.params.viscosity = 1e-4;
    map.boundary = {wholeSide(lattice, Side::West, BoundaryType::Outflow, 0.0), wholeSide(lattice, Side::East, BoundaryType::Sea, 1.3),
                    wholeSide(lattice, Side::North, BoundaryType::Inflow, 2.0), wholeSide(lattice, Side::South, BoundaryType::Sea, 0.9)};
    const WorldPoint spring = lattice.worldPosition(width / 2, height / 2), drain = lattice.worldPosition(width / 3, height / 3);
    map.sources = {{PointSource::Kind::Spring, spring.x, spring.y, 0.5, false}, {PointSource::Kind::Drain, drain.x, drain.y, 0.2, false}};
    return map;
}

float maxDifference(const std::vector<float>& a, const std::vector<float>& b)
{
    float most = 0.0f;
    for (std::size_t i = 0; i < a.size(); ++i) most = std::max(most, std::abs(a[i] - b[i]));
    return most;
}

opencl::ClOptions withVectorWidth(int vectorWidth)
{
    opencl::ClOptions options;
    options.vectorWidth = vectorWidth;
    return options;
}

// Three calls of 40 steps on each, as a run in the editor would make them.
void stepBoth(Solver& cpu, Solver& gpu)
{
    for (int call = 0; call < 3; ++call) {
        ASSERT_TRUE(cpu.step(40).ok());
        ASSERT_TRUE(gpu.step(40).ok());
    }
}

TEST_P(VectorLanes, AnyWidthGivesTheCpuSolversDepthsFlowsAndLedger)
{
    // Widths below, at and past multiples of 8 and 16, so rows end at every lane.
    for (const int width : {3, 5, 14, 16, 17, 31, 37}) {
        SCOPED_TRACE("width " + std::to_string(width));
        const Map map = lanesBusyMap(GetParam().lattice, width, 7 + width % 5);
        auto cpu = test::loadedSolver("cpu", map);
        opencl::ClSolver gpu(withVectorWidth(GetParam().vectorWidth));
        gpu.load(map);
        ASSERT_NO_FATAL_FAILURE(stepBoth(*cpu, gpu));
        const MapState a = cpu->readState(), b = gpu.readState();
        EXPECT_LE(maxDifference(a.depth.values(), b.depth.values()), 1e-5f);
        for (std::size_t f = 0; f < a.flows.size(); ++f) // ring included: boundary edges on every side
            EXPECT_LE(maxDifference(a.flows[f].values(), b.flows[f].values()), 1e-5f) << "family " << f;
        const Diagnostics dc = cpu->diagnostics(), dg = gpu.diagnostics();
        EXPECT_NEAR(dg.volume / dc.volume, 1.0, 1e-5);
        EXPECT_NEAR(dg.ledger.boundaryIn / dc.ledger.boundaryIn, 1.0, 1e-5);
        EXPECT_NEAR(dg.ledger.boundaryOut / dc.ledger.boundaryOut, 1.0, 1e-5);
        EXPECT_NEAR(dg.ledger.rain / dc.ledger.rain, 1.0, 1e-5);
        EXPECT_NEAR(dg.ledger.evaporation / dc.ledger.evaporation, 1.0, 1e-5);
        EXPECT_NEAR(dg.ledger.springs / dc.ledger.springs, 1.0, 1e-5);
        EXPECT_NEAR(dg.ledger.drains / dc.ledger.drains, 1.0, 1e-5);
        EXPECT_NEAR(dg.maxSpeed, dc.maxSpeed, 1e-4 * dc.maxSpeed);
    }
}

// The momentum kernels are scalar, but their fields are laid out for the vector width: every map
// width and vector width gives the CPU step's depths, discharges and velocities bit for bit.
TEST_P(VectorLanes, MomentumAtAnyWidthIsTheCpuStepBitForBit)
{
    for (const int width : {3, 5, 17, 37}) {
        SCOPED_TRACE("width " + std::to_string(width));
        Map map = lanesBusyMap(GetParam().lattice, width, 7 + width % 5);
        map.params.model = FlowModel::Momentum;
        map.params.manning = 0.02;
        map.params.eddyViscosity = 0.1;
        auto cpu = test::loadedSolver("cpu", map);
        opencl::ClSolver gpu(withVectorWidth(GetParam().vectorWidth));
        gpu.load(map);
        ASSERT_NO_FATAL_FAILURE(stepBoth(*cpu, gpu));
        const MapState a = cpu->readState(), b = gpu.readState();
        EXPECT_TRUE(a.depth == b.depth);
        EXPECT_TRUE(a.flows == b.flows);
        EXPECT_TRUE(a.velocities == b.velocities);
        EXPECT_EQ(gpu.diagnostics().maxSpeed, cpu->diagnostics().maxSpeed);
    }
}

INSTANTIATE_TEST_SUITE_P(Widths, VectorLanes,
                         ::testing::Values(LanesCase{LatticeKind::Square, 1}, LanesCase{LatticeKind::Square, 8}, LanesCase{LatticeKind::Square, 16},
                                           LanesCase{LatticeKind::Triangle, 1}, LanesCase{LatticeKind::Triangle, 8},
                                           LanesCase{LatticeKind::Triangle, 16}),
                         [](const auto& info) { return std::string(latticeKindName(info.param.lattice)) + "_vec" + std::to_string(info.param.vectorWidth); });

TEST(VectorLanesOption, AWidthTheKernelsDoNotHaveIsRefusedWithAMessage)
{
    opencl::ClOptions options;
    options.vectorWidth = 4;
    try {
        opencl::ClSolver solver(options);
        FAIL() << "a vector width of 4 was accepted";
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("1, 8 or 16"), std::string::npos) << e.what();
    }
}

} // namespace
} // namespace rb
