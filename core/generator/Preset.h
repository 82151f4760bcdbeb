#pragma once

#include <array>
#include <optional>
#include <string_view>

namespace rb::gen {

// The landscapes the generator knows. Their order is the order of presetNames().
enum class Preset { Island, River, Archipelago, Lakes };

inline constexpr std::array<Preset, 4> kAllPresets = {Preset::Island, Preset::River, Preset::Archipelago, Preset::Lakes};

std::string_view presetName(Preset preset);
std::optional<Preset> parsePreset(std::string_view name);
std::string_view presetSummary(Preset preset); // one line for --help and the docs

} // namespace rb::gen
