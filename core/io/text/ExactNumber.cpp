#include "io/text/ExactNumber.h"

#include <array>
#include <charconv>
#include <cmath>
#include <system_error>

namespace rb::io {

std::string exactDoubleText(double value)
{
    // 32 characters hold the longest shortest-form double ("-2.2250738585072014e-308" is 24).
    std::array<char, 32> buffer{};
    const auto [end, ec] = std::to_chars(buffer.data(), buffer.data() + buffer.size(), value);
    if (ec != std::errc{}) return "nan"; // cannot happen with this buffer size; parse rejects it
    return std::string(buffer.data(), end);
}

std::optional<double> parseExactDouble(std::string_view text)
{
    double value = 0.0;
    const char* first = text.data();
    const char* last = text.data() + text.size();
    const auto [end, ec] = std::from_chars(first, last, value, std::chars_format::general);
    if (ec != std::errc{} || end != last || text.empty()) return std::nullopt;
    if (!std::isfinite(value)) return std::nullopt;
    return value;
}

std::string int64Text(std::int64_t value)
{
    return std::to_string(value);
}

std::optional<std::int64_t> parseInt64(std::string_view text)
{
    std::int64_t value = 0;
    const char* last = text.data() + text.size();
    const auto [end, ec] = std::from_chars(text.data(), last, value);
    if (ec != std::errc{} || end != last || text.empty()) return std::nullopt;
    return value;
}

} // namespace rb::io
