#include "GeneratorTestSupport.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <tuple>

namespace rb::gen {
namespace {

using test::generateOrFail;
using test::smallSettings;

// Small and quick: 64² cells of 16 m (a 1 km island, slopes as on a 512² map of 2 m cells), a
// minute and a half of heavy rain (a few hundred steps).
constexpr int kErodeStageSize = 64;
constexpr double kErodeStageCellSize = 16.0;
constexpr double kHours = 0.025;

GeneratorSettings erodeSettings(Preset preset, double hours, LatticeKind lattice = LatticeKind::Square, std::int64_t seed = 3)
{
    GeneratorSettings settings = smallSettings(preset, kErodeStageSize, lattice, seed);
    settings.common.cellSize = kErodeStageCellSize;
    settings.erode.hours = hours;
    settings.erode.rain = 100.0;
    return settings;
}

double sumOf(const FloatField& field)
{
    double sum = 0.0;
    for (float v : field.values()) sum += v;
    return sum;
}

TEST(GeneratorErode, ZeroHoursLeavesTheMapAsWithoutTheStage)
{
    const GenerationResult plain = generateOrFail(erodeSettings(Preset::Island, 0.0));
    GeneratorSettings otherRain = erodeSettings(Preset::Island, 0.0);
    otherRain.erode.rain = 400.0; // read by the stage only
    const GenerationResult zero = generateOrFail(otherRain);
    EXPECT_FALSE(zero.erosion.ran);
    EXPECT_TRUE(zero.map.state == plain.map.state); // bed, water, erodibility: bitwise
    EXPECT_TRUE(zero.map.state.deposition.empty());
    EXPECT_TRUE(zero.map.state.sediment.empty());
    EXPECT_FALSE(zero.map.params.erosion.enabled);
}

class ErodeOfEveryPreset : public ::testing::TestWithParam<std::tuple<Preset, LatticeKind>> {};

// The stage changes the bed, the map's deposition is exactly the change, and the books close: the
// bed's volume changed by what left (and came in) with the load, plus the booked rounding.
TEST_P(ErodeOfEveryPreset, ChangesTheBedAndConservesTheMaterial)
{
    const auto [preset, lattice] = GetParam();
    // The lakes preset has no rivers: its rain falls on dry slopes and runs off as a sheet, which
    // under the momentum model's Manning friction takes minutes to gather into rills deep enough
    // to erode (ErosionParams::minDepth); a minute and a half erodes nothing there.
    const double hours = preset == Preset::Lakes ? 4.0 * kHours : kHours;
    const GenerationResult before = generateOrFail(erodeSettings(preset, 0.0, lattice));
    const GenerationResult after = generateOrFail(erodeSettings(preset, hours, lattice));
    ASSERT_TRUE(after.erosion.ran);
    EXPECT_GE(after.erosion.seconds, hours * 3600.0);
    EXPECT_LT(after.erosion.seconds, hours * 3600.0 + 10.0);
    const MapState& b = before.map.state;
    const MapState& a = after.map.state;
    ASSERT_EQ(a.deposition.size(), a.bed.size());
    std::size_t changed = 0;
    for (std::size_t i = 0; i < a.bed.size(); ++i) {
        ASSERT_EQ(a.deposition[i], a.bed[i] - b.bed[i]) << "cell " << i;
        changed += a.bed[i] != b.bed[i] ? 1 : 0;
    }
    EXPECT_GT(changed, a.bed.size() / 100);

    const SedimentLedger& books = after.erosion.ledger;
    const double area = a.lattice.cellArea();
    const double change = (sumOf(a.bed) - sumOf(b.bed)) * area;
    const double booked = books.carried.inflow() - books.carried.outflow() + books.carried.clipped + books.carried.edited + books.rounding;
    ASSERT_GT(books.eroded, 0.0);
    EXPECT_NEAR(change, booked, 1e-6 * books.eroded) << "eroded " << books.eroded << " m³";
    EXPECT_DOUBLE_EQ(after.erosion.bedVolumeBefore, sumOf(b.bed) * area);
    EXPECT_DOUBLE_EQ(after.erosion.bedVolumeAfter, sumOf(a.bed) * area);

    // The rest of the map is the generator's: its erodibility, boundary, springs; still water at time 0.
    EXPECT_TRUE(a.erodibility == b.erodibility);
    EXPECT_TRUE(after.map.boundary == before.map.boundary);
    EXPECT_TRUE(after.map.sources == before.map.sources);
    EXPECT_TRUE(a.sediment.empty());
    EXPECT_EQ(a.time, 0.0);
    EXPECT_EQ(a.steps, 0);
    EXPECT_TRUE(a.ledger == VolumeLedger{});
    EXPECT_TRUE(a.sedimentLedger == SedimentLedger{});
    EXPECT_FALSE(after.map.params.erosion.enabled);
}

INSTANTIATE_TEST_SUITE_P(Generator, ErodeOfEveryPreset,
                         ::testing::Combine(::testing::Values(Preset::Island, Preset::River, Preset::Archipelago, Preset::Lakes),
                                            ::testing::Values(LatticeKind::Square, LatticeKind::Triangle)),
                         [](const auto& info) {
                             return std::string(presetName(std::get<0>(info.param))) + "_"
                                    + std::string(latticeKindName(std::get<1>(info.param)));
                         });

// Sediment that leaves with the river through its outflow edge is booked, and the bed lost it.
TEST(GeneratorErode, SedimentLeavingThroughTheBoundaryIsBooked)
{
    GeneratorSettings settings = erodeSettings(Preset::River, kHours);
    settings.river.end = RiverEnd::Outflow;
    const GenerationResult before = generateOrFail([&] {
        GeneratorSettings plain = settings;
        plain.erode.hours = 0.0;
        return plain;
    }());
    const GenerationResult after = generateOrFail(settings);
    const SedimentLedger& books = after.erosion.ledger;
    const double left = books.carried.outflow() - books.carried.inflow();
    EXPECT_GT(left, 0.01 * books.eroded) << "eroded " << books.eroded << " m³";
    const double change = (sumOf(after.map.state.bed) - sumOf(before.map.state.bed)) * after.map.state.lattice.cellArea();
    EXPECT_LT(change, -0.5 * left);
    EXPECT_NEAR(change, -left + books.carried.clipped + books.carried.edited + books.rounding, 1e-6 * books.eroded);
}

// erode_talus reaches the thermal erosion: the loose material's 35° lets far more slide than the
// stage's default, which leaves most of the generated slopes standing.
TEST(GeneratorErode, TheTalusAngleIsTheStages)
{
    GeneratorSettings loose = erodeSettings(Preset::Island, kHours);
    ASSERT_EQ(loose.setParam("erode_talus", "35"), "");
    const GenerationResult usual = generateOrFail(erodeSettings(Preset::Island, kHours));
    const GenerationResult slumped = generateOrFail(loose);
    ASSERT_GT(slumped.erosion.ledger.slid, 0.0);
    EXPECT_LT(usual.erosion.ledger.slid, 0.1 * slumped.erosion.ledger.slid);
}

// After the stage the island has its usual water on the eroded bed: the sea at sea level, the land dry.
TEST(GeneratorErode, TheWaterIsTheGeneratorsOwnOnTheErodedBed)
{
    const GeneratorSettings settings = erodeSettings(Preset::Island, kHours);
    const MapState& s = generateOrFail(settings).map.state;
    const auto sea = static_cast<float>(settings.common.seaLevel);
    std::size_t wet = 0;
    for (std::size_t i = 0; i < s.bed.size(); ++i) {
        if (s.bed[i] >= sea) {
            EXPECT_EQ(s.depth[i], 0.0f) << "cell " << i;
            continue;
        }
        if (s.depth[i] == 0.0f) continue; // a pond inland, not reached by the sea
        ++wet;
        EXPECT_EQ(s.depth[i], sea - s.bed[i]) << "cell " << i;
    }
    EXPECT_GT(wet, s.bed.size() / 2);
}

TEST(GeneratorErode, SameSeedAndAnyThreadCountGiveBitwiseTheSameBed)
{
    for (LatticeKind lattice : {LatticeKind::Square, LatticeKind::Triangle}) {
        // Half the usual time: a second thread on a busy machine slows a map this small down.
        const GeneratorSettings settings = erodeSettings(Preset::Island, 0.5 * kHours, lattice);
        const GenerationResult one = generateOrFail(settings, 1);
        const GenerationResult again = generateOrFail(settings, 1);
        const GenerationResult two = generateOrFail(settings, 2);
        EXPECT_TRUE(one.map.state.bed == again.map.state.bed) << latticeKindName(lattice);
        EXPECT_TRUE(one.map == two.map) << latticeKindName(lattice);
        EXPECT_TRUE(one.erosion.ledger == two.erosion.ledger) << latticeKindName(lattice);
        EXPECT_EQ(one.erosion.steps, two.erosion.steps);
    }
}

TEST(GeneratorErode, ProgressRisesThroughTheStageAndCancelStopsIt)
{
    std::vector<int> reports;
    GenerationOptions options;
    options.progress = [&](int percent) { reports.push_back(percent); };
    ASSERT_TRUE(generateMap(erodeSettings(Preset::Island, kHours), options).ok());
    ASSERT_FALSE(reports.empty());
    EXPECT_EQ(reports.front(), 0);
    EXPECT_EQ(reports.back(), 100);
    for (std::size_t i = 1; i < reports.size(); ++i) EXPECT_GT(reports[i], reports[i - 1]);
    // The simulation is most of the run, and it moves the bar step by step.
    EXPECT_GE(std::count_if(reports.begin(), reports.end(), [](int p) { return p > 10 && p < 98; }), 40);

    for (int at : {15, 60}) {
        std::atomic<bool> cancel{false};
        int last = -1;
        GenerationOptions cancelling;
        cancelling.cancel = &cancel;
        cancelling.progress = [&](int percent) {
            last = percent;
            if (percent >= at) cancel = true;
        };
        const GenerationResult result = generateMap(erodeSettings(Preset::Island, kHours), cancelling);
        EXPECT_EQ(result.status, GenerationStatus::Cancelled) << "cancel at " << at;
        EXPECT_TRUE(result.map.state.bed.empty());
        EXPECT_FALSE(result.erosion.ran);
        EXPECT_LT(last, at + 5) << "the stage went on after the cancel";
    }
}

TEST(GeneratorErode, AbsurdDurationsAndRainAreRefused)
{
    GeneratorSettings settings(Preset::Island);
    EXPECT_NE(settings.setParam("erode_hours", "-1"), "");
    EXPECT_NE(settings.setParam("erode_hours", "1000"), "");
    EXPECT_NE(settings.setParam("erode_rain", "5000"), "");
    EXPECT_EQ(settings.setParam("erode_hours", "1.5"), "");
    EXPECT_EQ(settings.erode.hours, 1.5);
    settings.erode.hours = 49; // written directly: validate() and generateMap refuse it
    EXPECT_NE(settings.validate(), "");
    EXPECT_EQ(generateMap(settings).status, GenerationStatus::Invalid);
}

} // namespace
} // namespace rb::gen
