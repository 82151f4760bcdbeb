#include "generator/GeneratorSettings.h"
#include "generator/ParamSpec.h"
#include "generator/ParameterReference.h"
#include "generator/TerrainGenerator.h"

#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <sstream>
#include <string>

namespace rb::gen {
namespace {

std::map<std::string, std::string> allValues(const GeneratorSettings& settings)
{
    std::map<std::string, std::string> values;
    for (const ParamSpec* spec : presetParameters(settings.preset())) values[std::string(spec->key)] = *settings.paramText(spec->key);
    return values;
}

// A value inside the range that differs from the default, as text.
std::string otherValue(const ParamSpec& spec)
{
    if (spec.kind == ParamKind::Choice) return std::string(spec.choiceList()[spec.defaultValue == 0 ? 1 : 0]);
    const double value = spec.defaultValue == spec.maximum ? spec.minimum : spec.maximum;
    return spec.valueText(value);
}

// Built by appending: GCC 12 warns falsely (-Wrestrict) about "literal" + std::string.
std::string jsonQuoted(std::string_view text)
{
    std::string out(1, '"');
    out.append(text).push_back('"');
    return out;
}

std::string member(std::string_view key, std::string_view value)
{
    std::string out = jsonQuoted(key);
    out.append(": ").append(value);
    return out;
}

class EveryPreset : public ::testing::TestWithParam<Preset> {};

TEST_P(EveryPreset, StartsFromTheTableDefaultsAndTheyAreValid)
{
    const GeneratorSettings settings(GetParam());
    for (const ParamSpec* spec : presetParameters(GetParam()))
        EXPECT_EQ(*settings.paramText(spec->key), spec->valueText(spec->defaultValue)) << spec->key;
    EXPECT_EQ(settings.validate(), "");
}

// Setting one key must change that key alone: catches two rows bound to one field, or a row
// bound to the wrong preset's struct.
TEST_P(EveryPreset, EachKeyChangesOnlyItself)
{
    for (const ParamSpec* spec : presetParameters(GetParam())) {
        GeneratorSettings settings(GetParam());
        auto expected = allValues(settings);
        const std::string value = otherValue(*spec);
        ASSERT_EQ(settings.setParam(spec->key, value), "") << spec->key;
        expected[std::string(spec->key)] = value;
        EXPECT_EQ(allValues(settings), expected) << spec->key;
    }
}

TEST_P(EveryPreset, JsonListsThePresetAndEveryKeyWithItsValue)
{
    GeneratorSettings settings(GetParam());
    ASSERT_EQ(settings.setParam("seed", "3000000"), ""); // whole numbers stay whole, not 3e+06
    const std::string json = settings.toJson();
    EXPECT_NE(json.find(member("preset", jsonQuoted(presetName(GetParam())))), std::string::npos) << json;
    for (const ParamSpec* spec : presetParameters(GetParam())) {
        const std::string value = *settings.paramText(spec->key);
        const std::string expected = member(spec->key, spec->kind == ParamKind::Choice ? jsonQuoted(value) : value);
        EXPECT_NE(json.find(expected), std::string::npos) << expected << "\n" << json;
    }
    EXPECT_NE(json.find("\"seed\": 3000000"), std::string::npos) << json;
}

TEST_P(EveryPreset, HelpTextListsEveryKeyWithItsDefault)
{
    const std::string help = parameterReferenceText();
    for (const ParamSpec* spec : presetParameters(GetParam()))
        EXPECT_NE(help.find(std::string(spec->key) + "=" + spec->valueText(spec->defaultValue)), std::string::npos) << spec->key;
}

INSTANTIATE_TEST_SUITE_P(Generator, EveryPreset,
                         ::testing::Values(Preset::Island, Preset::River, Preset::Archipelago, Preset::Lakes),
                         [](const auto& info) { return std::string(presetName(info.param)); });

TEST(GeneratorSettings, OutOfRangeValueNamesTheKeyAndTheRangeAndChangesNothing)
{
    GeneratorSettings settings(Preset::Island);
    const std::string error = settings.setParam("octaves", "0");
    EXPECT_NE(error.find("octaves"), std::string::npos) << error;
    EXPECT_NE(error.find("1..12"), std::string::npos) << error;
    EXPECT_EQ(*settings.paramText("octaves"), "6");

    const std::string big = settings.setParam("width", "8193");
    EXPECT_NE(big.find("width"), std::string::npos) << big;
    EXPECT_NE(big.find("32..8192"), std::string::npos) << big;
    EXPECT_EQ(settings.setParam("width", "8192"), "");
}

TEST(GeneratorSettings, TextThatIsNotAValueIsRejected)
{
    GeneratorSettings settings(Preset::Island);
    EXPECT_NE(settings.setParam("seed", "abc"), "");
    EXPECT_NE(settings.setParam("octaves", "2.5").find("whole number"), std::string::npos);
    EXPECT_NE(settings.setParam("frequency", "3x"), "");
    EXPECT_NE(settings.setParam("frequency", ""), "");
    EXPECT_NE(settings.setParam("frequency", "nan"), "");
    EXPECT_EQ(settings.setParam("frequency", "2.5e0"), "");
    EXPECT_EQ(*settings.paramText("frequency"), "2.5");
}

TEST(GeneratorSettings, ChoicesAreSetByNameAndListedWhenWrong)
{
    GeneratorSettings settings(Preset::River);
    EXPECT_EQ(settings.setParam("lattice", "triangle"), "");
    EXPECT_EQ(settings.common.lattice, LatticeKind::Triangle);
    EXPECT_EQ(settings.setParam("entry_side", "west"), "");
    EXPECT_EQ(settings.river.entrySide, Side::West);
    const std::string error = settings.setParam("river_end", "lake");
    EXPECT_NE(error.find("sea|outflow"), std::string::npos) << error;
}

TEST(GeneratorSettings, UnknownKeysSayWhereTheyBelong)
{
    GeneratorSettings settings(Preset::Island);
    const std::string foreign = settings.setParam("discharge", "5");
    EXPECT_NE(foreign.find("not a parameter of preset island"), std::string::npos) << foreign;
    EXPECT_NE(foreign.find("river"), std::string::npos) << foreign;
    const std::string unknown = settings.setParam("mountain_hieght", "5");
    EXPECT_NE(unknown.find("mountain_height"), std::string::npos) << unknown; // lists the valid keys
}

TEST(GeneratorSettings, CrossChecksNameTheKeys)
{
    GeneratorSettings settings(Preset::Island);
    settings.common.minHeight = 5.0;
    EXPECT_NE(settings.validate().find("sea_level"), std::string::npos) << settings.validate();
    settings.common.minHeight = -0.5; // under the sea, but not by the metre the border needs
    EXPECT_NE(settings.validate().find("min_height"), std::string::npos) << settings.validate();
    settings = GeneratorSettings(Preset::Island);
    settings.common.maxHeight = -100.0;
    EXPECT_NE(settings.validate().find("max_height"), std::string::npos) << settings.validate();

    GeneratorSettings river(Preset::River);
    ASSERT_EQ(river.setParam("width", "64"), "");
    ASSERT_EQ(river.setParam("river_width", "100"), "");
    EXPECT_NE(river.validate().find("river_width"), std::string::npos) << river.validate();
}

TEST(GeneratorSettings, DirectlyWrittenValuesAreCheckedBeforeARun)
{
    GeneratorSettings settings(Preset::Lakes);
    settings.common.width = 5;
    const GenerationResult result = generateMap(settings);
    EXPECT_EQ(result.status, GenerationStatus::Invalid);
    EXPECT_NE(result.error.find("width"), std::string::npos) << result.error;
    EXPECT_TRUE(result.map.state.bed.empty());
}

// docs/generator.md carries the generated parameter tables; they must match the code's table
// (refresh them with riverbed-generator-reference).
TEST(GeneratorDocs, ParameterTablesMatchTheCode)
{
    std::ifstream file(std::string(RIVERBED_SOURCE_DIR) + "/docs/generator.md");
    ASSERT_TRUE(file.good()) << "docs/generator.md is missing";
    std::stringstream text;
    text << file.rdbuf();
    EXPECT_NE(text.str().find(parameterReferenceMarkdown()), std::string::npos)
        << "docs/generator.md is out of date; its parameter section should read:\n" << parameterReferenceMarkdown();
}

} // namespace
} // namespace rb::gen
