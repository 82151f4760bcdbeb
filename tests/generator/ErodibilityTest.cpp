#include "GeneratorTestSupport.h"

#include "generator/Erodibility.h"
#include "generator/LakesLandscape.h"
#include "generator/MapFrame.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>
#include <tuple>

namespace rb::gen {
namespace {

using test::generateOrFail;
using test::smallSettings;

// 128² cells of 8 m: the slopes of the default 512² map of 2 m cells (the landscapes scale
// with the map, their heights do not).
constexpr int kErodibilitySize = 128;
constexpr double kErodibilityCellSize = 8.0;

GeneratorSettings materialSettings(Preset preset, LatticeKind lattice, std::int64_t seed)
{
    GeneratorSettings settings = smallSettings(preset, kErodibilitySize, lattice, seed);
    settings.common.cellSize = kErodibilityCellSize;
    return settings;
}

std::size_t countBelow(const FloatField& field, float limit)
{
    return static_cast<std::size_t>(std::count_if(field.values().begin(), field.values().end(), [&](float v) { return v < limit; }));
}

// The steepest drop from a cell to a lattice neighbour over the pipe's length.
double steepestDrop(const Lattice& lattice, const FloatField& bed, CellCoord c)
{
    double slope = 0.0;
    for (int f = 0; f < lattice.familyCount(); ++f) {
        const EdgeFamily& family = lattice.family(f);
        for (const CellOffset o : {family.tailOffset(c.y), family.headOffset(c.y)})
            if (lattice.contains(c.x + o.dx, c.y + o.dy))
                slope = std::max(slope, (static_cast<double>(bed(c.x, c.y)) - bed(c.x + o.dx, c.y + o.dy)) / family.pipeLength);
    }
    return slope;
}

// The cells with the largest `key` among those `keep` accepts: the top `share` of them.
std::vector<std::size_t> topCells(const std::vector<double>& key, const std::vector<bool>& keep, double share)
{
    std::vector<std::size_t> cells;
    for (std::size_t i = 0; i < key.size(); ++i)
        if (keep[i]) cells.push_back(i);
    std::sort(cells.begin(), cells.end(), [&](std::size_t a, std::size_t b) { return key[a] > key[b]; });
    cells.resize(std::max<std::size_t>(1, static_cast<std::size_t>(share * static_cast<double>(cells.size()))));
    return cells;
}

double meanOver(const FloatField& field, const std::vector<std::size_t>& cells)
{
    double sum = 0.0;
    for (std::size_t i : cells) sum += field[i];
    return sum / static_cast<double>(cells.size());
}

class ErodibilityOfEveryPreset : public ::testing::TestWithParam<std::tuple<Preset, LatticeKind>> {};

TEST_P(ErodibilityOfEveryPreset, CoversTheMapWithinZeroToOneAndMixesMaterials)
{
    const auto [preset, lattice] = GetParam();
    const Map map = generateOrFail(materialSettings(preset, lattice, 3)).map;
    const FloatField& e = map.state.erodibility;
    ASSERT_EQ(e.width(), map.state.lattice.width());
    ASSERT_EQ(e.height(), map.state.lattice.height());
    std::size_t rock = 0, soil = 0, sand = 0;
    for (float v : e.values()) {
        ASSERT_GE(v, 0.0f);
        ASSERT_LE(v, 1.0f);
        rock += v <= 0.2f ? 1 : 0;
        soil += std::abs(v - 0.6f) < 0.01f ? 1 : 0;
        sand += v == 1.0f ? 1 : 0;
    }
    // Every preset has steep or high ground, plain ground, and sand (sea floor, river or lake beds).
    EXPECT_GT(rock, 0u);
    EXPECT_GT(soil, e.size() / 50);
    EXPECT_GT(sand, 0u);
}

INSTANTIATE_TEST_SUITE_P(Generator, ErodibilityOfEveryPreset,
                         ::testing::Combine(::testing::Values(Preset::Island, Preset::River, Preset::Archipelago, Preset::Lakes),
                                            ::testing::Values(LatticeKind::Square, LatticeKind::Triangle)),
                         [](const auto& info) {
                             return std::string(presetName(std::get<0>(info.param))) + "_"
                                    + std::string(latticeKindName(std::get<1>(info.param)));
                         });

class IslandErodibility : public ::testing::TestWithParam<LatticeKind> {};

// Rock where the island is highest and steepest: the highest 1 % of the cells are rock (but where
// a river's head was carved), the steepest 2 % of the land (above the beaches, away from the
// carved rivers) mostly so, while the land as a whole is mostly soil.
TEST_P(IslandErodibility, RockOnTheHighestAndSteepestCells)
{
    for (int seed = 1; seed <= 3; ++seed) {
        const GeneratorSettings settings = materialSettings(Preset::Island, GetParam(), seed);
        const Map map = generateOrFail(settings).map;
        const Lattice& lattice = map.state.lattice;
        const FloatField& bed = map.state.bed;
        const FloatField& e = map.state.erodibility;
        std::vector<double> height(bed.size()), slope(bed.size());
        std::vector<bool> everywhere(bed.size(), true), upland(bed.size());
        const double sandTop = settings.common.seaLevel + settings.material.sandHeight + 1.0;
        for (int y = 0; y < lattice.height(); ++y)
            for (int x = 0; x < lattice.width(); ++x) {
                const std::size_t i = lattice.index(x, y);
                height[i] = bed[i];
                slope[i] = steepestDrop(lattice, bed, {x, y});
                upland[i] = bed[i] > sandTop && e[i] < 1.0f; // not a beach, not a carved river
            }
        const double rock = settings.material.rockErodibility;
        const std::vector<std::size_t> highest = topCells(height, everywhere, 0.01);
        const auto rocky = std::count_if(highest.begin(), highest.end(), [&](std::size_t i) { return e[i] <= rock + 1e-6; });
        EXPECT_GE(static_cast<double>(rocky), 0.9 * static_cast<double>(highest.size())) << "seed " << seed;
        EXPECT_LT(meanOver(e, topCells(slope, upland, 0.02)), 0.5 * (rock + settings.material.soilErodibility)) << "seed " << seed;
        EXPECT_GT(meanOver(e, topCells(slope, upland, 1.0)), 0.5 * (rock + settings.material.soilErodibility)) << "seed " << seed;
    }
}

// Sand along the coast: the land cells that touch the sea and every sea cell.
TEST_P(IslandErodibility, SandAtTheCoastAndUnderTheSea)
{
    const GeneratorSettings settings = materialSettings(Preset::Island, GetParam(), 2);
    const Map map = generateOrFail(settings).map;
    const Lattice& lattice = map.state.lattice;
    const FloatField& bed = map.state.bed;
    const FloatField& e = map.state.erodibility;
    const auto sea = static_cast<float>(settings.common.seaLevel);
    std::size_t coast = 0, sandyCoast = 0;
    for (int y = 0; y < lattice.height(); ++y)
        for (int x = 0; x < lattice.width(); ++x) {
            if (bed(x, y) <= sea) {
                ASSERT_EQ(e(x, y), 1.0f) << x << "," << y;
                continue;
            }
            bool touchesSea = false;
            for (CellCoord n : test::neighbours(lattice, {x, y})) touchesSea = touchesSea || bed(n.x, n.y) <= sea;
            if (!touchesSea) continue;
            ++coast;
            sandyCoast += e(x, y) == 1.0f ? 1 : 0;
        }
    ASSERT_GT(coast, 50u);
    EXPECT_GT(static_cast<double>(sandyCoast), 0.95 * static_cast<double>(coast));
}

// The carved rivers' beds are sand (the carver lowered them).
TEST_P(IslandErodibility, RiverBedsAreSand)
{
    const GenerationResult result = generateOrFail(materialSettings(Preset::Island, GetParam(), 1));
    ASSERT_FALSE(result.rivers.empty());
    for (const std::vector<CellCoord>& river : result.rivers)
        for (CellCoord c : river) EXPECT_EQ(result.map.state.erodibility(c.x, c.y), 1.0f) << c.x << "," << c.y;
}

INSTANTIATE_TEST_SUITE_P(Generator, IslandErodibility, ::testing::Values(LatticeKind::Square, LatticeKind::Triangle),
                         [](const auto& info) { return std::string(latticeKindName(info.param)); });

// The parameters reach the field: hardly any rock when nothing is steep or high enough; rock and
// soil take the values asked for; values out of range are refused.
TEST(GeneratorErodibility, ParametersSetTheMaterials)
{
    const Map usual = generateOrFail(materialSettings(Preset::Island, LatticeKind::Square, 1)).map;
    GeneratorSettings settings = materialSettings(Preset::Island, LatticeKind::Square, 1);
    ASSERT_EQ(settings.setParam("rock_slope", "89"), "");
    ASSERT_EQ(settings.setParam("rock_height", "1"), "");
    const Map noRock = generateOrFail(settings).map;
    EXPECT_GT(countBelow(usual.state.erodibility, 0.3f), usual.state.bed.size() / 50);
    EXPECT_LT(countBelow(noRock.state.erodibility, 0.3f), noRock.state.bed.size() / 200); // the summit alone

    GeneratorSettings bedrock = materialSettings(Preset::Island, LatticeKind::Square, 1);
    ASSERT_EQ(bedrock.setParam("rock_erodibility", "0"), "");
    ASSERT_EQ(bedrock.setParam("soil_erodibility", "0.5"), "");
    const FloatField e = generateOrFail(bedrock).map.state.erodibility;
    EXPECT_EQ(*std::min_element(e.values().begin(), e.values().end()), 0.0f);
    EXPECT_GT(std::count(e.values().begin(), e.values().end(), 0.5f), static_cast<std::ptrdiff_t>(e.size() / 50));
    EXPECT_NE(bedrock.setParam("rock_erodibility", "1.5"), "");
    EXPECT_NE(bedrock.setParam("rock_slope", "90"), "");
    EXPECT_NE(bedrock.setParam("sand_height", "-1"), "");
}

// The lakes preset's basins are sand, also where they lie above the plain's datum (so that the
// sand_height rule cannot explain it).
TEST(GeneratorErodibility, LakeFloorsAreSand)
{
    const GeneratorSettings settings = materialSettings(Preset::Lakes, LatticeKind::Square, 4);
    const Map map = generateOrFail(settings).map;
    const Lattice& lattice = map.state.lattice;
    const MapFrame frame(lattice);
    const LakesLandscape lakes(settings.common, settings.lakes, frame);
    std::size_t floorCells = 0;
    for (int y = 0; y < lattice.height(); ++y)
        for (int x = 0; x < lattice.width(); ++x) {
            if (lakes.lakeBed(frame.at(x, y)) < 1.0 || map.state.bed(x, y) < settings.common.seaLevel + 1.5) continue;
            ++floorCells;
            EXPECT_EQ(map.state.erodibility(x, y), 1.0f) << x << "," << y;
        }
    EXPECT_GT(floorCells, lattice.cellCount() / 100);
}

// The rule itself: each material where its conditions hold, blends in between.
TEST(GeneratorErodibility, MaterialRuleGivesRockSoilAndSand)
{
    MaterialParams p{40.0, 0.7, 2.0, 0.15, 0.6};
    CellGround plain;
    plain.aboveSea = 10.0;
    plain.heightFraction = 0.2;
    plain.slope = 0.1;
    EXPECT_FLOAT_EQ(materialErodibility(plain, p), 0.6f);
    CellGround cliff = plain;
    cliff.slope = 1.0; // 45°
    EXPECT_FLOAT_EQ(materialErodibility(cliff, p), 0.15f);
    CellGround peak = plain;
    peak.heightFraction = 0.95;
    EXPECT_FLOAT_EQ(materialErodibility(peak, p), 0.15f);
    CellGround beach = plain;
    beach.aboveSea = 1.5;
    EXPECT_FLOAT_EQ(materialErodibility(beach, p), 1.0f);
    CellGround bank = cliff;
    bank.carved = true;
    EXPECT_FLOAT_EQ(materialErodibility(bank, p), 1.0f);
    CellGround lake = plain;
    lake.lakeBed = 1.0;
    EXPECT_FLOAT_EQ(materialErodibility(lake, p), 1.0f);
    CellGround between = plain;
    between.slope = std::tan(40.0 * 3.14159265358979 / 180.0) * 0.85; // inside the blend
    const float e = materialErodibility(between, p);
    EXPECT_GT(e, 0.15f);
    EXPECT_LT(e, 0.6f);
}

} // namespace
} // namespace rb::gen
