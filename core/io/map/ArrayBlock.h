#pragma once

#include "io/map/ByteReader.h"
#include "model/Field.h"
#include "model/MeanFlow.h"

#include <QIODevice>
#include <QString>

#include <optional>
#include <string>

namespace rb::io {

// One array record of a .rbmap (docs/map-format.md): name, dimensions, raw and compressed sizes,
// the CRC-32 of the raw little-endian bytes, then the zlib stream. The values are float32, or
// float64 for the time-mean flow's sums (format version 5), kept in double so that a run continued
// from a saved map adds to them exactly as it would have without the save.

// deflate cannot expand one compressed byte into more than 1032 bytes; anything claiming more is
// forged or damaged, and is refused before its raw size is allocated.
constexpr std::uint64_t kMaxZlibRatio = 1032;
constexpr std::uint64_t kZlibRatioSlack = 64; // zlib's own header and trailer

// Compresses `field` and writes its record; false if the device refuses the bytes.
bool writeArrayBlock(QIODevice& out, const std::string& name, const FloatField& field);
bool writeDoubleArrayBlock(QIODevice& out, const std::string& name, const DoubleField& field);

// What the reader expects next, from the lattice in the header.
struct ArrayExpectation {
    std::string name;
    int width = 0;
    int height = 0;
    bool anyName = false; // take the record whatever its name (a file known to name its arrays wrongly)
};

// The fixed part of a record, read before anything is allocated (names longer than 255 bytes are
// cut when written).
struct RecordHead {
    std::string name;
    std::uint32_t width = 0;
    std::uint32_t height = 0;
    std::uint64_t rawSize = 0;
    std::uint64_t compressedSize = 0;
    std::uint32_t crc = 0;
};

// The parts of readArrayBlock, for readers that inflate the stream themselves (MapBandReader):
// the head, then its checks against the expectation and the `remaining` bytes of the file
// (T: float or double).
std::optional<RecordHead> readRecordHead(ByteReader& in, const ArrayExpectation& expected, QString* error);
template <typename T>
bool checkRecordHead(const RecordHead& head, const ArrayExpectation& expected, std::size_t remaining, QString* error);
// The head as writeArrayBlock writes it, for writers that compress the stream themselves.
bool writeRecordHead(QIODevice& out, const RecordHead& head);

// The messages for a stream that does not inflate (zlib's status) and for a checksum that does not match.
QString damagedArrayMessage(const std::string& name, int status);
QString checksumMismatchMessage(const std::string& name, std::uint32_t stored, std::uint32_t computed);

// Reads the next record, which must be the expected array. Checks the dimensions, the sizes
// against the bytes left and zlib's maximal ratio before allocating, then the checksum.
std::optional<FloatField> readArrayBlock(ByteReader& in, const ArrayExpectation& expected, QString* error);
std::optional<DoubleField> readDoubleArrayBlock(ByteReader& in, const ArrayExpectation& expected, QString* error);

} // namespace rb::io
