// The fast momentum step must not change the answers: MomentumFusedStep gives bitwise the depths,
// discharges, face velocities and ledger of the plain MomentumStep, on both lattices, any thread
// count, with every boundary type, sources, rain, evaporation, both frictions and eddy viscosity,
// over wet/dry fronts, and on maps too narrow for its fast interior.
#include "TestMaps.h"
#include "grid/BoundaryEdges.h"
#include "grid/SourceCells.h"
#include "solver/MomentumFusedStep.h"

#include <gtest/gtest.h>

#include <cstring>
#include <random>

namespace rb {
namespace {

struct Variant {
    LatticeKind kind;
    int width, height;
    int threads;
    double manning;
    double eddyViscosity;
    bool dryLand = false; // a dry hill over a third of the map: whole blocks of dry faces
};

Map busyMomentumMap(const Variant& v)
{
    const Lattice lattice(v.kind, v.width, v.height, 1.0);
    FloatField bed = test::roughTerrain(lattice, 211, 1.5f);
    Map map = test::basinMap(lattice, bed);
    map.state.depth = test::randomDepth(lattice, 212, 0.3f);
    for (int y = 0; y < lattice.height(); ++y) // a dry strip: wet/dry fronts
        for (int x = lattice.width() / 2; x < lattice.width() / 2 + 2 && x < lattice.width(); ++x) map.state.depth(x, y) = 0.0f;
    for (int y = 0; y < lattice.height() / 3; ++y) map.state.depth(0, y) += 1.0f; // a dam
    for (int y = lattice.height() / 4; v.dryLand && y < lattice.height() * 3 / 4; ++y) // a hill: dry faces, with wet ones on either side
        for (int x = lattice.width() / 5 + y % 3; x < lattice.width() * 4 / 5 - y % 5; ++x) {
            map.state.bed(x, y) += 4.0f;
            map.state.depth(x, y) = 0.0f;
        }
    map.params.model = FlowModel::Momentum;
    map.params.rain = v.dryLand ? 0.0 : 3e-4; // rain would wet the hill
    map.params.evaporation = 1e-4;
    map.params.manning = v.manning;
    map.params.friction = 0.01;
    map.params.eddyViscosity = v.eddyViscosity;
    map.params.dt = 0.02;
    const int w = lattice.width(), h = lattice.height();
    map.boundary = {wholeSide(lattice, Side::West, BoundaryType::Outflow, 0.0), wholeSide(lattice, Side::East, BoundaryType::Sea, 1.0),
                    {Side::North, 1, std::max(2, w - 2), BoundaryType::Inflow, 2.0}, {Side::South, 0, std::max(1, w / 2), BoundaryType::Sea, 0.5}};
    map.sources = {{PointSource::Kind::Spring, 0.5 * w, 0.3 * h, 1.0, false},
                   {PointSource::Kind::Drain, 0.25 * w, 0.7 * h, 0.5, false},
                   {PointSource::Kind::Drain, 0.8 * w, 0.2 * h, 0.0, true}};
    return map;
}

// What a solver holds for one momentum run.
struct Arrays {
    std::vector<float> bed, depth;
    std::vector<std::vector<float>> flows, speeds;

    explicit Arrays(const Map& map)
        : bed(map.state.bed.values()), depth(map.state.depth.values())
    {
        std::mt19937 random(7);
        std::uniform_real_distribution<float> speed(-1.5f, 1.5f);
        for (const FloatField& q : map.state.flows) flows.push_back(q.values());
        for (FloatField& u : MomentumStep::velocitiesFromFlows(map.state, map.params.gravity)) speeds.push_back(u.values());
        for (std::vector<float>& u : speeds) // the state a running model has: velocities everywhere
            for (float& value : u) value = speed(random);
    }
    MomentumFields fields()
    {
        MomentumFields f;
        f.bed = bed.data();
        f.depth = depth.data();
        for (std::size_t i = 0; i < flows.size(); ++i) f.flows[i] = flows[i].data(), f.speeds[i] = speeds[i].data();
        return f;
    }
};

bool sameBits(const std::vector<float>& a, const std::vector<float>& b)
{
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0;
}

class MomentumFusedStepTest : public ::testing::TestWithParam<Variant> {};

TEST_P(MomentumFusedStepTest, GivesThePlainStepsAnswersBitwise)
{
    const Variant v = GetParam();
    const Map map = busyMomentumMap(v);
    const Lattice& lattice = map.state.lattice;
    const std::vector<BoundaryEdge> edges = expandBoundary(lattice, map.boundary);
    const std::vector<SourceCell> sources = resolveSources(lattice, map.sources);
    const MomentumConstants constants = MomentumConstants::from(map.params, lattice);
    Arrays plainArrays(map), fusedArrays(map);
    MomentumStep plain(lattice, constants, edges, 1);
    MomentumFusedStep fused(lattice, constants, edges, v.threads);
    VolumeLedger plainLedger, fusedLedger;
    const MomentumFields plainFields = plainArrays.fields(), fusedFields = fusedArrays.fields();
    double moved = 0.0;
    for (int step = 0; step < 60; ++step) {
        plain.run(plainFields, edges, sources, plainLedger);
        fused.run(fusedFields, edges, sources, fusedLedger);
        ASSERT_TRUE(sameBits(plainArrays.depth, fusedArrays.depth)) << "depths differ after step " << step;
        for (std::size_t f = 0; f < plainArrays.flows.size(); ++f) {
            ASSERT_TRUE(sameBits(plainArrays.flows[f], fusedArrays.flows[f])) << "family " << f << " discharges, step " << step;
            ASSERT_TRUE(sameBits(plainArrays.speeds[f], fusedArrays.speeds[f])) << "family " << f << " velocities, step " << step;
        }
    }
    for (const std::vector<float>& u : plainArrays.speeds)
        for (float value : u) moved = std::max(moved, static_cast<double>(std::abs(value)));
    EXPECT_GT(moved, 0.1); // the comparison saw moving water, not a map at rest
    EXPECT_EQ(plainLedger.boundaryIn, fusedLedger.boundaryIn);
    EXPECT_EQ(plainLedger.boundaryOut, fusedLedger.boundaryOut);
    EXPECT_EQ(plainLedger.rain, fusedLedger.rain);
    EXPECT_EQ(plainLedger.evaporation, fusedLedger.evaporation);
    EXPECT_EQ(plainLedger.springs, fusedLedger.springs);
    EXPECT_EQ(plainLedger.drains, fusedLedger.drains);
}

INSTANTIATE_TEST_SUITE_P(
    Variants, MomentumFusedStepTest,
    ::testing::Values(Variant{LatticeKind::Square, 61, 53, 1, 0.0, 0.0}, Variant{LatticeKind::Triangle, 61, 53, 1, 0.0, 0.0},
                      Variant{LatticeKind::Square, 61, 53, 3, 0.03, 0.05}, Variant{LatticeKind::Triangle, 61, 53, 3, 0.03, 0.05},
                      Variant{LatticeKind::Square, 64, 47, 2, 0.0, 0.2}, Variant{LatticeKind::Triangle, 47, 64, 2, 0.02, 0.0},
                      Variant{LatticeKind::Square, 5, 9, 2, 0.03, 0.1}, Variant{LatticeKind::Triangle, 4, 7, 1, 0.0, 0.1},
                      Variant{LatticeKind::Triangle, 3, 3, 1, 0.03, 0.0},
                      // with the last two, each lattice's one-pass face loop runs in all four forms
                      Variant{LatticeKind::Square, 47, 40, 2, 0.03, 0.0}, Variant{LatticeKind::Triangle, 40, 47, 2, 0.0, 0.05},
                      // dry land, skipped in blocks
                      Variant{LatticeKind::Square, 150, 41, 2, 0.03, 0.0, true}, Variant{LatticeKind::Triangle, 150, 41, 1, 0.0, 0.05, true}),
    [](const ::testing::TestParamInfo<Variant>& info) {
        const Variant& v = info.param;
        return std::string(latticeKindName(v.kind)) + "_" + std::to_string(v.width) + "x" + std::to_string(v.height) + "_threads" +
               std::to_string(v.threads) + (v.manning > 0.0 ? "_manning" : "") + (v.eddyViscosity > 0.0 ? "_eddy" : "") + (v.dryLand ? "_dryLand" : "");
    });

} // namespace
} // namespace rb
