// Splat maps: four exclusive 8-bit weights per sample (R slope, G ground, B wet, A shore) that an
// engine's terrain material blends; docs/export.md says what each means.
#include "TestMaps.h"

#include "io/export/SplatFile.h"

#include <QImage>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

namespace rb {
namespace {

constexpr int kR = 0, kG = 1, kB = 2, kA = 3;

MapState flatMap(int size, double cellSize, float height)
{
    MapState state(Lattice(LatticeKind::Square, size, size, cellSize));
    state.bed.fill(height);
    return state;
}

// The weights on the map's own cells (a square map at its own size: one sample per cell).
io::SplatWeights weightsOf(const MapState& state, const io::SplatSettings& settings = {})
{
    return io::splatWeights(state, io::exportGrid(state.lattice, io::ExportSettings{}), settings);
}

int level(const std::vector<std::uint8_t>& levels, const io::SplatWeights& w, int x, int y, int channel)
{
    return levels[(static_cast<std::size_t>(y) * w.width() + x) * 4 + channel];
}

// Far above any terrain in these tests: only the slope makes rock.
io::SplatSettings withoutHighGround()
{
    io::SplatSettings settings;
    settings.band = io::HeightRange{1e6, 2e6};
    return settings;
}

TEST(SplatMap, AFlatDryMapIsAllGround)
{
    const io::SplatWeights w = weightsOf(flatMap(16, 2.0, 10.0f));
    const std::vector<std::uint8_t> levels = io::splatLevels(w);
    for (int y = 0; y < w.height(); ++y)
        for (int x = 0; x < w.width(); ++x) {
            ASSERT_EQ(level(levels, w, x, y, kG), 255) << x << "," << y;
            ASSERT_EQ(level(levels, w, x, y, kR) + level(levels, w, x, y, kB) + level(levels, w, x, y, kA), 0);
        }
}

TEST(SplatMap, ASteepSlopeIsRockAndAGentleOneIsNot)
{
    MapState steep = flatMap(16, 1.0, 0.0f), gentle = flatMap(16, 1.0, 0.0f);
    for (int y = 0; y < 16; ++y)
        for (int x = 0; x < 16; ++x) {
            steep.bed(x, y) = static_cast<float>(x * std::tan(60.0 * std::numbers::pi / 180.0)); // 60° > 40°
            gentle.bed(x, y) = static_cast<float>(x * std::tan(10.0 * std::numbers::pi / 180.0)); // 10° < 25°
        }
    const io::SplatWeights rock = weightsOf(steep, withoutHighGround()), ground = weightsOf(gentle, withoutHighGround());
    const std::vector<std::uint8_t> rockLevels = io::splatLevels(rock), groundLevels = io::splatLevels(ground);
    for (int y = 0; y < 16; ++y)
        for (int x = 0; x < 16; ++x) {
            EXPECT_EQ(level(rockLevels, rock, x, y, kR), 255) << x << "," << y;
            EXPECT_EQ(level(groundLevels, ground, x, y, kG), 255) << x << "," << y;
        }
    // Between the two angles rock fades in: 32.5° is half way, smoothstep(0.5) = 0.5.
    MapState between = flatMap(8, 1.0, 0.0f);
    for (int y = 0; y < 8; ++y)
        for (int x = 0; x < 8; ++x) between.bed(x, y) = static_cast<float>(x * std::tan(32.5 * std::numbers::pi / 180.0));
    EXPECT_NEAR(weightsOf(between, withoutHighGround()).channels[kR](4, 4), 0.5, 1e-3);
}

TEST(SplatMap, GroundAboveTheHeightBandTurnsToRock)
{
    MapState ramp = flatMap(64, 10.0, 0.0f); // 0..63 m over 630 m: about 5.7°, gentle
    for (int y = 0; y < 64; ++y)
        for (int x = 0; x < 64; ++x) ramp.bed(x, y) = static_cast<float>(x);
    const io::SplatWeights w = weightsOf(ramp); // default band: 70 %..90 % of 0..63 m
    ASSERT_TRUE(w.settings.band);
    EXPECT_NEAR(w.settings.band->low, 0.7 * 63, 1e-9);
    EXPECT_NEAR(w.settings.band->high, 0.9 * 63, 1e-9);
    EXPECT_FLOAT_EQ(w.channels[kG](10, 30), 1.0f); // low ground
    EXPECT_FLOAT_EQ(w.channels[kR](60, 30), 1.0f); // above 56.7 m
    EXPECT_GT(w.channels[kR](50, 30), 0.0f);       // inside the band: part rock,
    EXPECT_GT(w.channels[kG](50, 30), 0.0f);       // part ground
}

TEST(SplatMap, WaterIsWetAndTheLandBesideItIsShoreFadingOverTheShoreWidth)
{
    MapState state = flatMap(24, 2.0, 5.0f);
    for (int y = 0; y < 24; ++y)
        for (int x = 0; x < 8; ++x) state.depth(x, y) = 0.5f; // a lake on the west side, x < 8
    state.depth(8, 0) = 0.005f; // below the 1 cm wet depth: a film is not water
    const io::SplatWeights w = weightsOf(state); // shore width: 3 spacings = 6 m
    EXPECT_DOUBLE_EQ(*w.settings.shoreWidth, 6.0);
    const std::vector<std::uint8_t> levels = io::splatLevels(w);
    EXPECT_EQ(level(levels, w, 3, 12, kB), 255);
    EXPECT_EQ(level(levels, w, 8, 0, kB), 0);
    EXPECT_EQ(level(levels, w, 8, 12, kA), 170); // 2 m from the water: 1 − 2/6
    EXPECT_EQ(level(levels, w, 9, 12, kA), 85);  // 4 m: 1 − 4/6
    EXPECT_EQ(level(levels, w, 10, 12, kA), 0);  // 6 m: the shore's end
    EXPECT_EQ(level(levels, w, 20, 12, kG), 255);

    io::SplatSettings wider;
    wider.shoreWidth = 12.0;
    EXPECT_GT(io::splatLevels(weightsOf(state, wider))[(12 * 24 + 10) * 4 + kA], 0);

    // The same lake on the east side: the shore is measured both ways.
    MapState mirrored = flatMap(24, 2.0, 5.0f);
    for (int y = 0; y < 24; ++y)
        for (int x = 16; x < 24; ++x) mirrored.depth(x, y) = 0.5f;
    const io::SplatWeights east = weightsOf(mirrored);
    const std::vector<std::uint8_t> eastLevels = io::splatLevels(east);
    EXPECT_EQ(level(eastLevels, east, 15, 12, kA), 170);
    EXPECT_EQ(level(eastLevels, east, 14, 12, kA), 85);
    EXPECT_EQ(level(eastLevels, east, 3, 12, kG), 255);
}

TEST(SplatMap, DryLandBelowTheSeaLevelIsShore)
{
    MapState state = flatMap(12, 1.0, 0.0f);
    for (int x = 6; x < 12; ++x)
        for (int y = 0; y < 12; ++y) state.bed(x, y) = 10.0f;
    io::SplatSettings settings = withoutHighGround();
    settings.seaLevel = 1.0;
    const io::SplatWeights w = weightsOf(state, settings);
    EXPECT_FLOAT_EQ(w.channels[kA](2, 5), 1.0f);
    EXPECT_FLOAT_EQ(weightsOf(state, withoutHighGround()).channels[kA](2, 5), 0.0f); // no sea: no shore
}

// Rolling hills with a lake and a sea: many samples blend two or three layers, and the rounding
// must still give 255 exactly; random maps (steep everywhere) on both lattices too.
TEST(SplatMap, TheLevelsOfEveryPixelSumTo255OnAnyMap)
{
    MapState hills = flatMap(48, 2.0, 0.0f);
    for (int y = 0; y < 48; ++y)
        for (int x = 0; x < 48; ++x) {
            hills.bed(x, y) = static_cast<float>(6.0 * std::sin(x / 4.0) * std::cos(y / 5.0) + 0.3 * x);
            if (hills.bed(x, y) < -2.0f) hills.depth(x, y) = -2.0f - hills.bed(x, y);
        }
    io::SplatSettings withSea;
    withSea.seaLevel = -4.0;
    std::vector<io::SplatWeights> cases{weightsOf(hills, withSea)};
    for (LatticeKind kind : {LatticeKind::Square, LatticeKind::Triangle}) cases.push_back(weightsOf(test::randomMap(kind, 21, 17, 11).state));
    int blended = 0;
    for (const io::SplatWeights& w : cases) {
        const std::vector<std::uint8_t> levels = io::splatLevels(w);
        for (std::size_t i = 0; i < levels.size() / 4; ++i) {
            ASSERT_EQ(levels[i * 4] + levels[i * 4 + 1] + levels[i * 4 + 2] + levels[i * 4 + 3], 255) << i;
            blended += (levels[i * 4] > 0) + (levels[i * 4 + 1] > 0) + (levels[i * 4 + 2] > 0) + (levels[i * 4 + 3] > 0) > 1;
        }
    }
    EXPECT_GT(blended, 100); // the rounding has work to do
}

TEST(SplatMap, IsWrittenAsAn8BitRgbaPngOnTheEnginesGrid)
{
    QTemporaryDir dir;
    MapState state = flatMap(40, 2.0, 3.0f);
    for (int y = 0; y < 40; ++y) state.depth(0, y) = 1.0f;
    io::ExportSettings settings;
    settings.engine = io::Engine::Unity;
    QString error;
    const QString path = dir.filePath("splat.png");
    const std::optional<QJsonObject> report = io::exportSplat(state, path, settings, io::SplatSettings{}, &error);
    ASSERT_TRUE(report) << error.toStdString();
    const QImage image(path);
    ASSERT_FALSE(image.isNull());
    EXPECT_EQ(image.width(), 64); // Unity's alphamap: 2ⁿ, one less than the 65-sample heightmap of a 40-cell map
    EXPECT_EQ(image.height(), 64);
    EXPECT_EQ((*report)["unity"].toObject()["alphamapResolution"].toInt(), 64);
    EXPECT_TRUE(image.hasAlphaChannel());
    EXPECT_EQ(image.depth(), 32); // 8 bits per channel
    const QImage rgba = image.convertToFormat(QImage::Format_RGBA8888);
    const io::SplatWeights w = io::splatWeights(state, io::splatGrid(state.lattice, settings), io::SplatSettings{});
    const std::vector<std::uint8_t> levels = io::splatLevels(w);
    for (int y = 0; y < rgba.height(); ++y) {
        const uchar* line = rgba.constScanLine(y);
        for (int i = 0; i < rgba.width() * 4; ++i)
            ASSERT_EQ(line[i], levels[static_cast<std::size_t>(y) * rgba.width() * 4 + i]) << "row " << y;
    }
    EXPECT_EQ(qRed(image.pixel(0, 10)), 0);
    EXPECT_EQ(qBlue(image.pixel(0, 10)), 255); // the wet west edge
    EXPECT_EQ(qGreen(image.pixel(63, 10)), 255);
    EXPECT_EQ((*report)["levelSum"].toInt(), 255);
}

TEST(SplatMap, RefusesBadSettingsAndOtherFormats)
{
    io::SplatSettings settings;
    settings.slopeDegrees = {40.0, 25.0};
    EXPECT_FALSE(io::splatSettingsProblem(settings).isEmpty());
    settings.slopeDegrees = {25.0, 95.0};
    EXPECT_FALSE(io::splatSettingsProblem(settings).isEmpty());
    settings = {};
    settings.shoreWidth = 0.0;
    EXPECT_FALSE(io::splatSettingsProblem(settings).isEmpty());
    settings = {};
    settings.wetDepth = -1.0;
    EXPECT_FALSE(io::splatSettingsProblem(settings).isEmpty());
    EXPECT_TRUE(io::splatSettingsProblem(io::SplatSettings{}).isEmpty());
    EXPECT_TRUE(io::splatPathProblem("splat.exr").contains("splat.exr"));
    EXPECT_TRUE(io::splatPathProblem("splat.PNG").isEmpty());
}

} // namespace
} // namespace rb
