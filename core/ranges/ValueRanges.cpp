#include "ranges/ValueRanges.h"

#include <charconv>

namespace rb {

namespace {

// to_chars writes "1e-06" and "1e+12"; people (and the docs) write 1e-6 and 1e12.
std::string tidyExponent(std::string text)
{
    const std::size_t e = text.find('e');
    if (e == std::string::npos) return text;
    std::size_t digits = e + 1;
    if (text[digits] == '+') text.erase(digits, 1);
    else if (text[digits] == '-') ++digits;
    while (digits + 1 < text.size() && text[digits] == '0') text.erase(digits, 1);
    return text;
}

} // namespace

std::string rangeNumberText(double value)
{
    char buffer[32];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    return tidyExponent(std::string(buffer, result.ptr));
}

std::string roughNumberText(double value)
{
    char buffer[32];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::general, 3);
    return tidyExponent(std::string(buffer, result.ptr));
}

namespace {

std::string outOfRangeMessage(std::string_view name, double lowest, double highest, std::string_view unit, const std::string& got)
{
    // Appended piece by piece: GCC 12 warns falsely (-Wrestrict) on "literal" + std::string here.
    std::string message(name);
    message.append(" must lie in [").append(rangeNumberText(lowest)).append(", ").append(rangeNumberText(highest)).append("]");
    if (!unit.empty()) message.append(" ").append(unit);
    return message.append(" (got ").append(got).append(")");
}

} // namespace

std::string checkRange(std::string_view name, double value, double lowest, double highest, std::string_view unit)
{
    if (value >= lowest && value <= highest) return {};
    return outOfRangeMessage(name, lowest, highest, unit, rangeNumberText(value));
}

std::string checkRange(std::string_view name, float value, double lowest, double highest, std::string_view unit)
{
    if (value >= lowest && value <= highest) return {};
    // The float's own shortest text: 3e38, not the 3.0000000054977558e38 its double would print.
    char buffer[32];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    return outOfRangeMessage(name, lowest, highest, unit, tidyExponent(std::string(buffer, result.ptr)));
}

std::string checkMagnitude(std::string_view name, double value, double limit, std::string_view unit)
{
    return checkRange(name, value, -limit, limit, unit);
}

} // namespace rb
