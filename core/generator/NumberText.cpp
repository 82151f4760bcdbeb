#include "generator/NumberText.h"

#include <charconv>
#include <cmath>

namespace rb::gen {

std::optional<double> parseNumber(std::string_view text)
{
    // from_chars rejects a leading '+'; people type it, so accept it once.
    if (!text.empty() && text.front() == '+') text.remove_prefix(1);
    double value = 0.0;
    const char* end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, value);
    if (text.empty() || ec != std::errc() || ptr != end || !std::isfinite(value)) return std::nullopt;
    return value;
}

std::string formatNumber(double value)
{
    char buffer[64];
    const auto [ptr, ec] = std::to_chars(buffer, buffer + sizeof buffer, value);
    return ec == std::errc() ? std::string(buffer, ptr) : std::string("0");
}

} // namespace rb::gen
