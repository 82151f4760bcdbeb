#include "GeneratorTestSupport.h"

#include <gtest/gtest.h>

#include <thread>

namespace rb::gen {
namespace {

using test::smallSettings;

class ProgressOfEveryPreset : public ::testing::TestWithParam<Preset> {};

TEST_P(ProgressOfEveryPreset, RisesFromZeroToHundredOnTheCallingThread)
{
    std::vector<int> reports;
    bool sameThread = true;
    const auto caller = std::this_thread::get_id();
    GenerationOptions options;
    options.progress = [&](int percent) {
        reports.push_back(percent);
        sameThread = sameThread && std::this_thread::get_id() == caller;
    };
    const GenerationResult result = generateMap(smallSettings(GetParam(), 128, LatticeKind::Square, 1), options);
    ASSERT_TRUE(result.ok()) << result.error;
    ASSERT_FALSE(reports.empty());
    EXPECT_EQ(reports.front(), 0);
    EXPECT_EQ(reports.back(), 100);
    for (std::size_t i = 1; i < reports.size(); ++i) EXPECT_GT(reports[i], reports[i - 1]);
    EXPECT_GE(reports.size(), 20u); // enough steps for a progress bar to move
    EXPECT_TRUE(sameThread);
}

// Cancelling part-way, at several points of the run, gives "cancelled" and no map at all.
TEST_P(ProgressOfEveryPreset, CancelGivesACancelledResultAndNoMap)
{
    for (int at : {0, 20, 60, 90}) {
        std::atomic<bool> cancel{false};
        int last = -1;
        GenerationOptions options;
        options.cancel = &cancel;
        options.progress = [&](int percent) {
            last = percent;
            if (percent >= at) cancel = true;
        };
        const GenerationResult result = generateMap(smallSettings(GetParam(), 128, LatticeKind::Triangle, 2), options);
        EXPECT_EQ(result.status, GenerationStatus::Cancelled) << "cancel at " << at;
        EXPECT_NE(result.error.find("cancelled"), std::string::npos);
        EXPECT_TRUE(result.map.state.bed.empty());
        EXPECT_TRUE(result.map.boundary.empty());
        EXPECT_TRUE(result.channel.empty());
        EXPECT_LT(last, 100) << "cancel at " << at;
    }
}

INSTANTIATE_TEST_SUITE_P(Generator, ProgressOfEveryPreset,
                         ::testing::Values(Preset::Island, Preset::River, Preset::Archipelago, Preset::Lakes),
                         [](const auto& info) { return std::string(presetName(info.param)); });

TEST(GeneratorCancel, AFlagRaisedBeforeTheRunStopsItAtOnce)
{
    std::atomic<bool> cancel{true};
    GenerationOptions options;
    options.cancel = &cancel;
    const GenerationResult result = generateMap(smallSettings(Preset::Island, 256, LatticeKind::Square, 1), options);
    EXPECT_EQ(result.status, GenerationStatus::Cancelled);
    EXPECT_TRUE(result.map.state.bed.empty());
}

} // namespace
} // namespace rb::gen
