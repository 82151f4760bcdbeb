#pragma once

#include "generator/Preset.h"

#include <string>
#include <string_view>
#include <vector>

namespace rb::gen {

class GeneratorSettings;

enum class ParamKind { Integer, Real, Choice };

// Bit of a preset in ParamSpec::presets.
constexpr unsigned presetBit(Preset preset) { return 1u << static_cast<unsigned>(preset); }

// One row of the parameter table: the single description of a key that settings, validation,
// JSON, `riverbed-cli generate --help` and docs/generator.md all read. A key that means the same
// for several presets but has different defaults appears once per default, each row naming the
// presets it serves.
struct ParamSpec {
    std::string_view key;
    unsigned presets = 0;     // presetBit() of every preset this row serves
    ParamKind kind = ParamKind::Real;
    double defaultValue = 0.0; // Choice: index into the choices
    double minimum = 0.0;      // inclusive; Choice: 0
    double maximum = 0.0;      // inclusive; Choice: last index
    std::string_view unit;     // empty when the value has none
    std::string_view choices;  // Choice only: names separated by '|', in the enum's order
    std::string_view description;
    double (*get)(const GeneratorSettings&) = nullptr;
    void (*set)(GeneratorSettings&, double) = nullptr;

    bool serves(Preset preset) const { return (presets & presetBit(preset)) != 0; }
    std::vector<std::string_view> choiceList() const;
    std::string valueText(double value) const; // Choice: the name; numbers: shortest exact text
    std::string rangeText() const;             // "0..1", "1..64" or "square|triangle"
};

const std::vector<ParamSpec>& parameterTable();

// The row that gives `key` its meaning for `preset`; nullptr when the preset has no such key.
const ParamSpec* findParamSpec(Preset preset, std::string_view key);

// Every row `preset` uses, in table order (common keys first).
std::vector<const ParamSpec*> presetParameters(Preset preset);

} // namespace rb::gen
