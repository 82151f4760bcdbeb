// Issue 16, "Nothing lost": absurd but finite values are refused up front with the field named
// (docs/map-format.md, "Ranges"); refusals of a step name the parameter that caused them; the step
// counter and the time cannot pass their limits.
#include "TestMaps.h"

#include "ranges/ValueRanges.h"
#include "solver/CpuSolver.h"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <limits>
#include <stdexcept>

namespace rb {
namespace {

constexpr double kHuge = 1.7e308;  // just below DBL_MAX (1.797e308): finite, and absurd for every field
constexpr float kHugeFloat = 3e38f; // just below FLT_MAX

bool contains(const std::string& text, const std::string& part)
{
    return text.find(part) != std::string::npos;
}

// A quiet pond: flat bed at 0, 1 m of still water, walls, dt well inside the CFL limit.
Map pond(LatticeKind kind = LatticeKind::Square)
{
    const Lattice lattice(kind, 16, 16, 1.0);
    Map map = test::basinMap(lattice, FloatField(16, 16));
    test::fillTo(map.state, 1.0f);
    map.params.dt = 0.05;
    return map;
}

struct AbsurdValue {
    const char* input;                 // what the tester typed, for the failure message
    std::function<void(Map&)> absurd;  // sets it on a valid map
    const char* field;                 // what the message must name
};

std::vector<AbsurdValue> absurdValues()
{
    using Kind = PointSource::Kind;
    return {
        {"ledger.boundaryIn 1.7e308", [](Map& m) { m.state.ledger.boundaryIn = kHuge; }, "ledger.boundaryIn"},
        {"ledger.drains -1.7e308", [](Map& m) { m.state.ledger.drains = -kHuge; }, "ledger.drains"},
        {"ledger.edited 1.7e308", [](Map& m) { m.state.ledger.edited = kHuge; }, "ledger.edited"},
        {"time 1.7e308", [](Map& m) { m.state.time = kHuge; }, "time"},
        {"steps INT64_MAX", [](Map& m) { m.state.steps = std::numeric_limits<std::int64_t>::max(); }, "step counter"},
        {"steps -1", [](Map& m) { m.state.steps = -1; }, "step counter"},
        {"bed 3e38", [](Map& m) { m.state.bed(3, 4) = kHugeFloat; }, "terrain at (3, 4)"},
        {"bed -3e38", [](Map& m) { m.state.bed(3, 4) = -kHugeFloat; }, "terrain at (3, 4)"},
        {"depth 3e38", [](Map& m) { m.state.depth(5, 6) = kHugeFloat; }, "water depth at (5, 6)"},
        {"flow 3e38", [](Map& m) { m.state.flows[0](2, 2) = kHugeFloat; }, "flow at (2, 2)"},
        {"flow -3e38", [](Map& m) { m.state.flows[1](2, 2) = -kHugeFloat; }, "flow at (2, 2)"},
        {"velocity 3e38",
         [](Map& m) {
             m.params.model = FlowModel::Momentum;
             m.state.velocities = m.state.flows;
             m.state.velocities[0](2, 2) = kHugeFloat;
         },
         "velocity at (2, 2)"},
        {"--dt 5e-324", [](Map& m) { m.params.dt = 5e-324; }, "dt must lie in"},
        {"--dt 1e300", [](Map& m) { m.params.dt = 1e300; }, "dt must lie in"},
        {"--gravity 1e308", [](Map& m) { m.params.gravity = 1e308; }, "gravity"},
        {"--viscosity 1e300", [](Map& m) { m.params.viscosity = 1e300; }, "viscosity"},
        {"--eddy-viscosity 1e300", [](Map& m) { m.params.eddyViscosity = 1e300; }, "eddy viscosity"},
        {"--rain 1e308", [](Map& m) { m.params.rain = 1e308; }, "rain"},
        {"--evaporation 1e308", [](Map& m) { m.params.evaporation = 1e308; }, "evaporation"},
        {"--boundary all=sea:-1e30",
         [](Map& m) { m.boundary = {wholeSide(m.state.lattice, Side::North, BoundaryType::Sea, -1e30)}; }, "sea level"},
        {"--boundary north=sea:1e30",
         [](Map& m) { m.boundary = {wholeSide(m.state.lattice, Side::North, BoundaryType::Sea, 1e30)}; }, "sea level"},
        {"--boundary west=inflow:1e308",
         [](Map& m) { m.boundary = {wholeSide(m.state.lattice, Side::West, BoundaryType::Inflow, 1e308)}; }, "inflow"},
        {"a wall segment holding 1e308",
         [](Map& m) { m.boundary = {wholeSide(m.state.lattice, Side::West, BoundaryType::Wall, 1e308)}; }, "value"},
        {"--spring 8,8,1e308", [](Map& m) { m.sources = {{Kind::Spring, 8.0, 8.0, 1e308, false}}; }, "spring 1: rate"},
        {"--drain 8,8,1e308", [](Map& m) { m.sources = {{Kind::Drain, 8.0, 8.0, 1e308, false}}; }, "drain 1: rate"},
    };
}

TEST(AbsurdValue, EachIsRefusedWithItsFieldNamed)
{
    ASSERT_EQ(pond().validate(), "");
    for (const AbsurdValue& row : absurdValues()) {
        Map map = pond();
        row.absurd(map);
        const std::string message = map.validate();
        EXPECT_TRUE(contains(message, row.field)) << row.input << ": \"" << message << "\"";
        // The solver never sees it: loading throws the same message.
        CpuSolver solver;
        try {
            solver.load(map);
            ADD_FAILURE() << row.input << ": the solver took it";
        } catch (const std::invalid_argument& e) {
            EXPECT_EQ(std::string(e.what()), message) << row.input;
        }
    }
}

TEST(AbsurdValue, MessagesGiveTheRangeAndTheValue)
{
    Map map = pond();
    map.params.dt = 5e-324;
    EXPECT_EQ(map.validate(), "dt must lie in [1e-6, 10000] s (got 5e-324)");
    map = pond();
    map.boundary = {wholeSide(map.state.lattice, Side::North, BoundaryType::Sea, -1e30)};
    EXPECT_EQ(map.validate(), "boundary segment 1 (north): sea level must lie in [-1e5, 1e5] m (got -1e30)");
}

TEST(AbsurdValue, CellSizeOutsideItsRangeIsRefusedByTheLattice)
{
    for (const double cellSize : {1e300, 1e-300, 5e-324, 1e6, 0.0, -1.0}) {
        try {
            const Lattice lattice(LatticeKind::Square, 4, 4, cellSize);
            ADD_FAILURE() << "cell size " << cellSize << " accepted";
        } catch (const std::invalid_argument& e) {
            EXPECT_TRUE(contains(e.what(), "cell size must lie in")) << e.what();
        }
    }
    EXPECT_NO_THROW(Lattice(LatticeKind::Triangle, 4, 4, ranges::kMinCellSize));
    EXPECT_NO_THROW(Lattice(LatticeKind::Triangle, 4, 4, ranges::kMaxCellSize));
}

// The ends of every range are themselves valid: nothing that was valid before has become invalid
// unless it lies outside them.
TEST(AbsurdValue, TheEndsOfTheRangesAreAccepted)
{
    Map map = pond();
    map.state.bed(0, 0) = static_cast<float>(-ranges::kMaxElevation);
    map.state.bed(1, 0) = static_cast<float>(ranges::kMaxElevation);
    map.state.depth(1, 0) = static_cast<float>(ranges::kMaxElevation);
    map.state.time = ranges::kMaxTime;
    map.state.steps = ranges::kMaxSteps;
    map.state.ledger.rain = ranges::kMaxLedger;
    map.state.ledger.edited = -ranges::kMaxLedger;
    map.params.gravity = ranges::kMaxGravity;
    map.params.dt = ranges::kMinDt;
    map.params.viscosity = ranges::kMaxViscosity;
    map.params.rain = ranges::kMaxRain;
    map.boundary = {wholeSide(map.state.lattice, Side::North, BoundaryType::Sea, -ranges::kMaxSeaLevel),
                    wholeSide(map.state.lattice, Side::West, BoundaryType::Inflow, ranges::kMaxRate)};
    map.sources = {{PointSource::Kind::Spring, 8.0, 8.0, ranges::kMaxRate, false}};
    EXPECT_EQ(map.validate(), "");
}

// --- Refusals name the parameter that made the call unstable -----------------------------------

StepResult stepOnce(const Map& map, int count = 10)
{
    CpuSolver solver;
    solver.load(map);
    const StepResult result = solver.step(count);
    EXPECT_TRUE(solver.readState() == map.state) << "a refused call leaves the state as it was";
    return result;
}

struct Refusal {
    const char* input;
    std::function<void(Map&)> cause;
    const char* named; // what the message must name
};

std::vector<Refusal> refusals()
{
    return {
        {"--boundary north=sea:1e5 (on a 1 m pond)",
         [](Map& m) { m.boundary = {wholeSide(m.state.lattice, Side::North, BoundaryType::Sea, ranges::kMaxSeaLevel)}; },
         "the sea level of boundary segment 1 (north)"},
        {"--boundary west=inflow:1e9", [](Map& m) { m.boundary = {wholeSide(m.state.lattice, Side::West, BoundaryType::Inflow, ranges::kMaxRate)}; },
         "the inflow of boundary segment 1 (west)"},
        {"--spring 8,8,1e9", [](Map& m) { m.sources = {{PointSource::Kind::Spring, 8.0, 8.0, ranges::kMaxRate, false}}; },
         "the rate of spring 1"},
        {"--rain 1 --dt 1 on a dry map",
         [](Map& m) {
             m.state.depth = FloatField(16, 16);
             m.params.rain = ranges::kMaxRain;
             m.params.dt = 1.0;
         },
         "the rain"},
    };
}

TEST(AbsurdValue, RefusalsNameTheParameterThatCausedThem)
{
    for (const Refusal& row : refusals()) {
        Map map = pond();
        row.cause(map);
        ASSERT_EQ(map.validate(), "") << row.input << ": must be in range, so that the solver takes it";
        const StepResult result = stepOnce(map);
        EXPECT_FALSE(result.ok()) << row.input;
        EXPECT_TRUE(contains(result.error, row.named)) << row.input << ": " << result.error;
        EXPECT_FALSE(contains(result.error, "Lower dt")) << row.input << ": dt is not the cause: " << result.error;
    }
}

TEST(AbsurdValue, DtIsBlamedWhenItIsTheCause)
{
    Map map = pond();
    map.params.dt = 5.0; // √(g·1 m)·dt/dx ≈ 16
    const StepResult result = stepOnce(map);
    EXPECT_FALSE(result.ok());
    EXPECT_TRUE(contains(result.error, "Lower dt")) << result.error;
    EXPECT_FALSE(contains(result.error, "gravity")) << "Earth's gravity is not a cause: " << result.error;
    // A modest sea and inflow do not take the blame from dt.
    map.boundary = {wholeSide(map.state.lattice, Side::North, BoundaryType::Sea, 1.5),
                    wholeSide(map.state.lattice, Side::West, BoundaryType::Inflow, 1.0)};
    EXPECT_TRUE(contains(stepOnce(map).error, "Lower dt"));
}

TEST(AbsurdValue, HeavyGravityIsNamedBesideDt)
{
    Map map = pond();
    map.params.gravity = ranges::kMaxGravity;
    map.params.dt = 0.5;
    const StepResult result = stepOnce(map);
    EXPECT_FALSE(result.ok());
    EXPECT_TRUE(contains(result.error, "Lower dt")) << result.error;
    EXPECT_TRUE(contains(result.error, "gravity (now 100")) << result.error;
}

// --- Counters -------------------------------------------------------------------------------

TEST(AbsurdValue, TheStepCounterCannotWrap)
{
    Map map = pond();
    map.state.steps = ranges::kMaxSteps - 3;
    CpuSolver solver;
    solver.load(map);
    const StepResult tooMany = solver.step(5);
    EXPECT_FALSE(tooMany.ok());
    EXPECT_TRUE(contains(tooMany.error, "step counter")) << tooMany.error;
    EXPECT_EQ(solver.diagnostics().steps, ranges::kMaxSteps - 3);
    ASSERT_TRUE(solver.step(3).ok());
    EXPECT_EQ(solver.diagnostics().steps, ranges::kMaxSteps);
    EXPECT_FALSE(solver.step(1).ok());
    EXPECT_FALSE(solver.step(std::numeric_limits<int>::max()).ok());
    const Map after = solver.readMap();
    EXPECT_EQ(after.state.steps, ranges::kMaxSteps);
    EXPECT_EQ(after.validate(), "") << "the map at the limit can still be saved";
}

TEST(AbsurdValue, TheTimeCannotPassItsLimit)
{
    Map map = pond();
    map.state.time = ranges::kMaxTime - 0.12;
    CpuSolver solver;
    solver.load(map);
    ASSERT_TRUE(solver.step(2).ok()); // 0.1 s
    const StepResult refused = solver.step(1);
    EXPECT_FALSE(refused.ok());
    EXPECT_TRUE(contains(refused.error, "simulated time")) << refused.error;
    EXPECT_EQ(solver.readMap().validate(), "");
}

} // namespace
} // namespace rb
