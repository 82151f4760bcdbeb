#pragma once

#include <string>
#include <string_view>

namespace rb::gen {

// Writes one flat JSON object, one member per line, in the order members are added. The generator
// needs no more than this, and the core links no JSON library.
class JsonObjectWriter {
public:
    void addNumber(std::string_view key, double value);
    void addInteger(std::string_view key, long long value);
    void addString(std::string_view key, std::string_view value);
    std::string text() const; // the finished object

private:
    void addRaw(std::string_view key, const std::string& jsonValue);
    static std::string quoted(std::string_view text);

    std::string members_;
};

} // namespace rb::gen
