// Issue 14, "Islands with rivers": the island and archipelago presets carve rivers from headwaters
// chosen by flow accumulation down to the sea, each fed by a spring; played, they flow to the sea.
#include "GeneratorTestSupport.h"

#include "generator/IslandRivers.h"
#include "solver/CpuSolver.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

namespace rb::gen {
namespace {

using test::generateOrFail;
using test::smallSettings;

constexpr int kIslandRiversSize = 128;

bool areNeighbours(const Lattice& lattice, CellCoord a, CellCoord b)
{
    if (lattice.kind() == LatticeKind::Square) return std::max(std::abs(a.x - b.x), std::abs(a.y - b.y)) == 1;
    for (CellCoord n : test::neighbours(lattice, a))
        if (n.x == b.x && n.y == b.y) return true;
    return false;
}

// Every land cell of a plane tilted down to the sea on the west drains west, row by row: the
// accumulation at the coast is the row's land, and the mouths are the coast's cells.
TEST(Drainage, ATiltedPlaneDrainsStraightToItsSea)
{
    const Lattice lattice(LatticeKind::Square, 12, 5, 1.0);
    FloatField bed(12, 5);
    std::vector<std::uint8_t> sea(lattice.cellCount(), 0);
    for (int y = 0; y < 5; ++y)
        for (int x = 0; x < 12; ++x) {
            bed(x, y) = static_cast<float>(x);
            sea[lattice.index(x, y)] = x == 0;
        }
    const Drainage drainage(lattice, bed, sea);
    std::int64_t total = 0;
    for (int y = 0; y < 5; ++y) {
        const std::size_t coast = lattice.index(1, y);
        EXPECT_TRUE(drainage.isSea(static_cast<std::size_t>(drainage.downstream(coast))));
        total += drainage.accumulation(coast);
    }
    EXPECT_EQ(total, 11 * 5); // every land cell reaches the sea through exactly one coastal cell
    EXPECT_EQ(drainage.mouths().size(), 5u);
}

// A depression does not trap the drainage: its cells drain out over the lowest rim.
TEST(Drainage, APitDrainsOverItsLowestRim)
{
    const Lattice lattice(LatticeKind::Triangle, 9, 9, 1.0);
    FloatField bed(9, 9);
    std::vector<std::uint8_t> sea(lattice.cellCount(), 0);
    for (int y = 0; y < 9; ++y)
        for (int x = 0; x < 9; ++x) {
            bed(x, y) = 5.0f + static_cast<float>(std::hypot(x - 4, y - 4) < 2.5 ? -3 : 0) + 0.1f * static_cast<float>(x);
            sea[lattice.index(x, y)] = x == 0;
        }
    const Drainage drainage(lattice, bed, sea);
    for (std::size_t cell = 0; cell < lattice.cellCount(); ++cell) {
        if (drainage.isSea(cell)) continue;
        std::size_t at = cell;
        for (int hops = 0; hops < 100 && !drainage.isSea(at); ++hops) at = static_cast<std::size_t>(drainage.downstream(at));
        EXPECT_TRUE(drainage.isSea(at)) << "cell " << cell;
    }
}

struct IslandCase {
    Preset preset;
    LatticeKind lattice;
};

class IslandRivers : public ::testing::TestWithParam<IslandCase> {};

// The rivers run from a spring on land through neighbouring cells down to the sea, downhill all
// the way (the carver's bed never rises), and each has its spring.
TEST_P(IslandRivers, RunDownhillFromASpringToTheSea)
{
    for (int seed = 1; seed <= 4; ++seed) {
        const GeneratorSettings settings = smallSettings(GetParam().preset, kIslandRiversSize, GetParam().lattice, seed);
        const GenerationResult result = generateOrFail(settings);
        const MapState& state = result.map.state;
        const Lattice& lattice = state.lattice;
        ASSERT_GE(result.rivers.size(), 2u) << "seed " << seed;
        ASSERT_EQ(result.map.sources.size(), result.rivers.size());
        for (std::size_t r = 0; r < result.rivers.size(); ++r) {
            const std::vector<CellCoord>& path = result.rivers[r];
            const CellCoord head = path.front(), mouth = path.back();
            // The head lay a channel depth above the sea before the carver cut the channel into it.
            EXPECT_GE(state.bed(head.x, head.y), settings.common.seaLevel) << "seed " << seed << " river " << r;
            EXPECT_GT(state.depth(mouth.x, mouth.y), 0.0f) << "the river ends in the sea";
            const WorldPoint spring = lattice.worldPosition(head.x, head.y);
            EXPECT_DOUBLE_EQ(result.map.sources[r].x, spring.x);
            EXPECT_DOUBLE_EQ(result.map.sources[r].rate, settings.coastalRivers.discharge);
            for (std::size_t i = 1; i < path.size(); ++i) {
                ASSERT_TRUE(areNeighbours(lattice, path[i - 1], path[i])) << "seed " << seed << " river " << r << " step " << i;
                EXPECT_LE(state.bed(path[i].x, path[i].y), state.bed(path[i - 1].x, path[i - 1].y));
            }
        }
    }
}

// Played with the map's own parameters, every river carries its spring's water to the sea. Each
// spring dyes its water with a channel of its own; after ten minutes most of what each spring
// brought has reached the sea (the cells that were sea at the start) or left the map through it.
TEST_P(IslandRivers, PlayedTheyCarryTheirSpringsWaterToTheSea)
{
    const GeneratorSettings settings = smallSettings(GetParam().preset, kIslandRiversSize, GetParam().lattice, 3);
    const GenerationResult result = generateOrFail(settings);
    Map map = result.map;
    const std::size_t traced = std::min<std::size_t>(map.sources.size(), 4);
    for (std::size_t r = 0; r < traced; ++r) map.sources[r].dye = static_cast<int>(r);
    std::vector<std::uint8_t> sea(map.state.lattice.cellCount());
    for (std::size_t i = 0; i < sea.size(); ++i) sea[i] = map.state.bed[i] < settings.common.seaLevel && map.state.depth[i] > 0.0f;
    CpuSolver solver(1);
    solver.load(map);
    const StepResult run = solver.step(static_cast<int>(std::ceil(600.0 / solver.params().dt)));
    ASSERT_TRUE(run.ok()) << run.error;
    const MapState state = solver.readState();
    int reachTheSea = 0;
    for (std::size_t r = 0; r < traced; ++r) {
        double inTheSea = 0.0;
        for (std::size_t i = 0; i < sea.size(); ++i) inTheSea += sea[i] ? state.dye[r][i] * state.lattice.cellArea() : 0.0;
        const DyeLedger& ledger = state.dyeLedgers[r];
        const double share = (inTheSea + ledger.boundaryOut) / ledger.springs;
        RecordProperty("river" + std::to_string(r) + "_share_in_the_sea", std::to_string(share));
        reachTheSea += share >= 0.5 ? 1 : 0;
    }
    EXPECT_EQ(reachTheSea, static_cast<int>(traced));
    EXPECT_GE(reachTheSea, 2);
}

TEST_P(IslandRivers, NoneWhenTheCountIsZero)
{
    GeneratorSettings settings = smallSettings(GetParam().preset, kIslandRiversSize, GetParam().lattice, 2);
    ASSERT_EQ(settings.setParam("river_count", "0"), "");
    const GenerationResult result = generateOrFail(settings);
    EXPECT_TRUE(result.rivers.empty());
    EXPECT_TRUE(result.map.sources.empty());
}

INSTANTIATE_TEST_SUITE_P(Presets, IslandRivers,
                         ::testing::Values(IslandCase{Preset::Island, LatticeKind::Square}, IslandCase{Preset::Island, LatticeKind::Triangle},
                                           IslandCase{Preset::Archipelago, LatticeKind::Square},
                                           IslandCase{Preset::Archipelago, LatticeKind::Triangle}),
                         [](const ::testing::TestParamInfo<IslandCase>& info) {
                             return std::string(info.param.preset == Preset::Island ? "island_" : "archipelago_")
                                 + std::string(latticeKindName(info.param.lattice));
                         });

} // namespace
} // namespace rb::gen
