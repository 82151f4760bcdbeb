#include "GeneratorTestSupport.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <tuple>

namespace rb::gen {
namespace {

using test::generateOrFail;
using test::smallSettings;

constexpr int kDeterminismSize = 96;

bool samePath(const std::vector<CellCoord>& a, const std::vector<CellCoord>& b)
{
    return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                      [](CellCoord p, CellCoord q) { return p.x == q.x && p.y == q.y; });
}

class PresetAndLattice : public ::testing::TestWithParam<std::tuple<Preset, LatticeKind>> {
protected:
    GeneratorSettings settings(std::int64_t seed) const
    {
        return smallSettings(std::get<0>(GetParam()), kDeterminismSize, std::get<1>(GetParam()), seed);
    }
};

TEST_P(PresetAndLattice, SameSeedGivesBitwiseTheSameMap)
{
    const GenerationResult a = generateOrFail(settings(7));
    const GenerationResult b = generateOrFail(settings(7));
    EXPECT_TRUE(a.map == b.map); // bed, water, boundary, parameters and settings text
    EXPECT_TRUE(samePath(a.channel, b.channel));
}

TEST_P(PresetAndLattice, ThreadCountDoesNotChangeTheMap)
{
    const GenerationResult one = generateOrFail(settings(11), 1);
    const GenerationResult two = generateOrFail(settings(11), 2);
    const GenerationResult three = generateOrFail(settings(11), 3); // uneven split of rows
    EXPECT_TRUE(one.map == two.map);
    EXPECT_TRUE(one.map == three.map);
    EXPECT_TRUE(samePath(one.channel, two.channel));
}

TEST_P(PresetAndLattice, DifferentSeedGivesADifferentMap)
{
    const GenerationResult a = generateOrFail(settings(1));
    const GenerationResult b = generateOrFail(settings(2));
    std::size_t differing = 0;
    for (std::size_t i = 0; i < a.map.state.bed.size(); ++i) differing += a.map.state.bed[i] != b.map.state.bed[i] ? 1 : 0;
    // Islands share their clamped sea floor, so ask for a clear difference rather than everywhere.
    EXPECT_GT(differing, a.map.state.bed.size() / 4);
    EXPECT_NE(a.map.generatorSettings, b.map.generatorSettings);
}

INSTANTIATE_TEST_SUITE_P(Generator, PresetAndLattice,
                         ::testing::Combine(::testing::Values(Preset::Island, Preset::River, Preset::Archipelago, Preset::Lakes),
                                            ::testing::Values(LatticeKind::Square, LatticeKind::Triangle)),
                         [](const auto& info) {
                             return std::string(presetName(std::get<0>(info.param))) + "_"
                                    + std::string(latticeKindName(std::get<1>(info.param)));
                         });

// Bilinear sample of a square map's bed at map-relative coordinates (u east, v south, 0..1).
double sampleSquare(const FloatField& bed, double u, double v)
{
    const double fx = std::clamp(u * bed.width() - 0.5, 0.0, bed.width() - 1.0);
    const double fy = std::clamp(v * bed.height() - 0.5, 0.0, bed.height() - 1.0);
    const int x0 = std::min(static_cast<int>(fx), bed.width() - 2), y0 = std::min(static_cast<int>(fy), bed.height() - 2);
    const double tx = fx - x0, ty = fy - y0;
    const double top = bed(x0, y0) * (1 - tx) + bed(x0 + 1, y0) * tx;
    const double bottom = bed(x0, y0 + 1) * (1 - tx) + bed(x0 + 1, y0 + 1) * tx;
    return top * (1 - ty) + bottom * ty;
}

// Square and triangular maps of one seed sample one landscape at their cells' world positions
// (relative to the map's extent): the triangular map's heights must follow the square map's.
TEST(GeneratorLattices, SquareAndTriangleShowTheSameLandscape)
{
    for (Preset preset : {Preset::Island, Preset::Lakes}) {
        const GenerationResult square = generateOrFail(smallSettings(preset, 128, LatticeKind::Square, 5));
        const GenerationResult triangle = generateOrFail(smallSettings(preset, 128, LatticeKind::Triangle, 5));
        const GenerationResult otherSeed = generateOrFail(smallSettings(preset, 128, LatticeKind::Square, 6));
        const Lattice& lattice = triangle.map.state.lattice;
        std::vector<double> tri, same;
        double sameDifference = 0.0, otherDifference = 0.0;
        for (int y = 0; y < lattice.height(); ++y)
            for (int x = 0; x < lattice.width(); ++x) {
                const WorldPoint p = lattice.worldPosition(x, y);
                const double u = p.x / lattice.worldWidth(), v = p.y / lattice.worldHeight();
                tri.push_back(triangle.map.state.bed(x, y));
                same.push_back(sampleSquare(square.map.state.bed, u, v));
                sameDifference += std::abs(tri.back() - same.back());
                otherDifference += std::abs(tri.back() - sampleSquare(otherSeed.map.state.bed, u, v));
            }
        EXPECT_GT(test::correlation(tri, same), 0.98) << presetName(preset);
        // Closer than another seed's map by far, which shares only the preset's layout.
        EXPECT_LT(sameDifference, 0.2 * otherDifference) << presetName(preset);
    }
}

} // namespace
} // namespace rb::gen
