#pragma once

#include <initializer_list>
#include <iterator>
#include <optional>
#include <string_view>
#include <type_traits>

namespace rb {

// The value of an enumeration that files and the command line spell by name: the one among
// `values` whose name (nameOf(value)) is `name`, empty for a name none has. Every `parseX` of the
// model reads its names this way, so a name and its parse cannot drift apart.
template <typename Values, typename NameOf>
auto parseNamed(std::string_view name, const Values& values, NameOf nameOf)
    -> std::optional<std::decay_t<decltype(*std::begin(values))>>
{
    for (const auto& value : values)
        if (nameOf(value) == name) return value;
    return std::nullopt;
}

template <typename Enum, typename NameOf>
std::optional<Enum> parseNamed(std::string_view name, std::initializer_list<Enum> values, NameOf nameOf)
{
    return parseNamed<std::initializer_list<Enum>, NameOf>(name, values, nameOf);
}

} // namespace rb
