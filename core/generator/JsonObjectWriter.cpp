#include "generator/JsonObjectWriter.h"

#include "generator/NumberText.h"

#include <cstdio>

namespace rb::gen {

void JsonObjectWriter::addNumber(std::string_view key, double value)
{
    addRaw(key, formatNumber(value));
}

void JsonObjectWriter::addInteger(std::string_view key, long long value)
{
    addRaw(key, std::to_string(value));
}

void JsonObjectWriter::addString(std::string_view key, std::string_view value)
{
    addRaw(key, quoted(value));
}

std::string JsonObjectWriter::text() const
{
    return "{\n" + members_ + "\n}\n";
}

void JsonObjectWriter::addRaw(std::string_view key, const std::string& jsonValue)
{
    if (!members_.empty()) members_ += ",\n";
    members_ += "  " + quoted(key) + ": " + jsonValue;
}

std::string JsonObjectWriter::quoted(std::string_view text)
{
    std::string out = "\"";
    for (char c : text) {
        if (c == '"' || c == '\\') {
            out += '\\';
            out += c;
        } else if (static_cast<unsigned char>(c) < 0x20) {
            char escape[8];
            std::snprintf(escape, sizeof escape, "\\u%04x", static_cast<unsigned>(c));
            out += escape;
        } else {
            out += c;
        }
    }
    return out + "\"";
}

} // namespace rb::gen
