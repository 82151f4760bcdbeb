#pragma once

#include <QByteArray>
#include <QJsonObject>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace rb::test {

// The tests' own reading of the byte layout in docs/map-format.md, used to forge damaged files
// at exact places. Written from the document, not from the reader, so that it checks both.
struct ArrayRecordLayout {
    std::string name;
    std::size_t start = 0;          // offset of the name-length byte
    std::size_t widthOffset = 0;
    std::size_t heightOffset = 0;
    std::size_t rawSizeOffset = 0;
    std::size_t compressedSizeOffset = 0;
    std::size_t crcOffset = 0;
    std::size_t payloadOffset = 0;
    std::size_t payloadSize = 0;
};

struct FileLayout {
    static constexpr std::size_t versionOffset = 10;
    static constexpr std::size_t headerLengthOffset = 14;
    static constexpr std::size_t jsonOffset = 18;
    std::size_t jsonSize = 0;
    std::size_t headerCrcOffset = 0;
    std::vector<ArrayRecordLayout> arrays;
};

FileLayout parseLayout(const QByteArray& file); // the file must be well formed

std::uint32_t getU32(const QByteArray& bytes, std::size_t offset);
void putU32(QByteArray& bytes, std::size_t offset, std::uint32_t value);
void putU64(QByteArray& bytes, std::size_t offset, std::uint64_t value);
std::uint32_t crc32Of(const QByteArray& bytes);

QJsonObject headerOf(const QByteArray& file);
// The file with its JSON header replaced by `json` (length and checksum fixed up).
QByteArray withHeaderJson(const QByteArray& file, const QByteArray& json);
QByteArray withHeader(const QByteArray& file, const QJsonObject& header);

} // namespace rb::test
