#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace rb::io {

// Numbers that must survive a text round trip bit for bit (simulation time, parameters, the
// volume ledger). JSON libraries may print doubles with too few digits and hold integers as
// doubles, so .rbmap headers store these as strings written and read here.

// The shortest decimal text that reads back as exactly `value` (std::to_chars guarantees it).
std::string exactDoubleText(double value);

// Reads text written by exactDoubleText (any plain decimal or exponent form). The whole text must
// be a finite number: no spaces, no leading '+', no "inf"/"nan", no trailing characters.
std::optional<double> parseExactDouble(std::string_view text);

std::string int64Text(std::int64_t value);
std::optional<std::int64_t> parseInt64(std::string_view text);

} // namespace rb::io
