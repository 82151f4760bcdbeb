#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace rb::gen {

// Locale-independent number text, so that settings round-trip exactly through JSON and the CLI.
std::optional<double> parseNumber(std::string_view text); // nullopt unless the whole text is a finite number
std::string formatNumber(double value);                   // shortest text that reads back to the same double

} // namespace rb::gen
