#include "generator/GeneratorSettings.h"

#include "generator/JsonObjectWriter.h"
#include "generator/NumberText.h"
#include "generator/ParamSpec.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace rb::gen {
namespace {

// Version of the generator's algorithms: a map's settings reproduce it only with the same version.
constexpr int kGeneratorVersion = 2; // 2: the erodibility and the erode stage

std::string describeRange(const ParamSpec& spec)
{
    std::string text = spec.kind == ParamKind::Choice ? "one of " + spec.rangeText()
                       : spec.kind == ParamKind::Integer ? "a whole number in " + spec.rangeText()
                                                          : "a number in " + spec.rangeText();
    if (!spec.unit.empty()) text += " (" + std::string(spec.unit) + ")";
    return text;
}

// Digits with an optional sign: a whole-number setting written as "1e3" or "512.0" is a typing
// slip (or a script's float), refused rather than read as a number that happens to be whole.
bool isWholeNumberText(std::string_view text)
{
    if (!text.empty() && (text.front() == '-' || text.front() == '+')) text.remove_prefix(1);
    return !text.empty() && std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// The value `text` stands for under `spec`, or nullopt when it is not one of the accepted forms.
std::optional<double> parseValue(const ParamSpec& spec, std::string_view text)
{
    if (spec.kind == ParamKind::Choice) {
        const auto names = spec.choiceList();
        for (std::size_t i = 0; i < names.size(); ++i)
            if (names[i] == text) return static_cast<double>(i);
        return std::nullopt;
    }
    if (spec.kind == ParamKind::Integer && !isWholeNumberText(text)) return std::nullopt;
    return parseNumber(text);
}

std::string checkRange(const ParamSpec& spec, double value)
{
    const bool whole = spec.kind == ParamKind::Real || value == std::floor(value);
    if (std::isfinite(value) && whole && value >= spec.minimum && value <= spec.maximum) return {};
    return std::string(spec.key) + ": " + spec.valueText(value) + " is not " + describeRange(spec);
}

std::string joined(const std::vector<std::string_view>& words)
{
    std::string text;
    for (std::string_view w : words) {
        if (!text.empty()) text += ", ";
        text += w;
    }
    return text;
}

} // namespace

GeneratorSettings::GeneratorSettings(Preset preset) : preset_(preset)
{
    for (const ParamSpec* spec : presetParameters(preset)) spec->set(*this, spec->defaultValue);
}

std::string GeneratorSettings::setParam(std::string_view key, std::string_view value)
{
    const ParamSpec* spec = findParamSpec(preset_, key);
    if (!spec) return unknownKeyMessage(key);
    const std::optional<double> parsed = parseValue(*spec, value);
    if (!parsed) return std::string(key) + ": '" + std::string(value) + "' is not " + describeRange(*spec);
    if (auto error = checkRange(*spec, *parsed); !error.empty()) return error;
    spec->set(*this, *parsed);
    return {};
}

std::optional<std::string> GeneratorSettings::paramText(std::string_view key) const
{
    const ParamSpec* spec = findParamSpec(preset_, key);
    if (!spec) return std::nullopt;
    return spec->valueText(spec->get(*this));
}

std::string GeneratorSettings::validate() const
{
    for (const ParamSpec* spec : presetParameters(preset_))
        if (auto error = checkRange(*spec, spec->get(*this)); !error.empty()) return error;
    return crossCheck();
}

std::string GeneratorSettings::crossCheck() const
{
    const CommonParams& c = common;
    if (!(c.minHeight < c.maxHeight))
        return "min_height (" + formatNumber(c.minHeight) + ") must be below max_height (" + formatNumber(c.maxHeight) + ")";
    if (!(c.seaLevel > c.minHeight && c.seaLevel < c.maxHeight))
        return "sea_level (" + formatNumber(c.seaLevel) + ") must lie strictly between min_height and max_height";
    // The sea presets put the border under water and need depth there to do it.
    if (preset_ != Preset::Lakes && c.seaLevel - c.minHeight < 1.0)
        return "min_height (" + formatNumber(c.minHeight) + ") must be at least 1 m below sea_level ("
               + formatNumber(c.seaLevel) + ") so that the sea has a floor";
    if (preset_ == Preset::River) {
        const bool acrossIsWidth = river.entrySide == Side::North || river.entrySide == Side::South;
        const double across = (acrossIsWidth ? c.width : c.height) * c.cellSize;
        if (river.riverWidth + 2.0 * river.bankWidth > 0.5 * across)
            return "river_width + 2*bank_width (" + formatNumber(river.riverWidth + 2.0 * river.bankWidth)
                   + " m) must not exceed half the map across the flow (" + formatNumber(0.5 * across) + " m)";
    }
    return {};
}

std::string GeneratorSettings::unknownKeyMessage(std::string_view key) const
{
    // Built by appending: GCC 12 warns falsely (-Wrestrict) about "literal" + std::string here.
    std::string message = "'";
    message.append(key).append("' is not a parameter of preset ").append(presetName(preset_));
    std::vector<std::string_view> owners;
    for (Preset other : kAllPresets)
        if (findParamSpec(other, key)) owners.push_back(presetName(other));
    if (!owners.empty()) return message + " (it belongs to: " + joined(owners) + ")";
    std::vector<std::string_view> keys;
    for (const ParamSpec* spec : presetParameters(preset_)) keys.push_back(spec->key);
    return message + "; its keys are: " + joined(keys);
}

std::string GeneratorSettings::toJson() const
{
    JsonObjectWriter json;
    json.addString("generator", "riverbed");
    json.addInteger("generator_version", kGeneratorVersion);
    json.addString("preset", presetName(preset_));
    for (const ParamSpec* spec : presetParameters(preset_)) {
        const double value = spec->get(*this);
        if (spec->kind == ParamKind::Choice)
            json.addString(spec->key, spec->valueText(value));
        else if (spec->kind == ParamKind::Integer)
            json.addInteger(spec->key, static_cast<long long>(value));
        else
            json.addNumber(spec->key, value);
    }
    return json.text();
}

} // namespace rb::gen
