#include "io/map/ArrayBlock.h"

#include "io/map/ByteWriter.h"
#include "model/MeanFlow.h"

#include <zlib.h>

#include <algorithm>
#include <bit>
#include <new>
#include <string_view>
#include <vector>

namespace rb::io {
namespace {

constexpr std::size_t kMaxNameLength = 255;

// The element types a record holds: float32 (every array since version 1) and float64 (the
// time-mean flow's sums, version 5). One record layout for both; only the element size differs.
template <typename T>
constexpr const char* kTypeName = sizeof(T) == 4 ? "float32" : "float64";

// The values as they lie on disk (little-endian). A copy is made only on big-endian hosts.
template <typename T>
class DiskBytes {
public:
    explicit DiskBytes(const Field<T>& field)
    {
        const char* raw = reinterpret_cast<const char*>(field.data());
        size_ = field.size() * sizeof(T);
        if constexpr (std::endian::native == std::endian::little) {
            data_ = raw;
        } else {
            swapped_.assign(raw, raw + size_);
            for (std::size_t i = 0; i < size_; i += sizeof(T)) std::reverse(swapped_.begin() + i, swapped_.begin() + i + sizeof(T));
            data_ = swapped_.data();
        }
    }
    const char* data() const { return data_; }
    std::size_t size() const { return size_; }

private:
    const char* data_ = nullptr;
    std::size_t size_ = 0;
    std::vector<char> swapped_;
};

template <typename T>
void toHostOrder(Field<T>& field)
{
    if constexpr (std::endian::native == std::endian::big) {
        char* bytes = reinterpret_cast<char*>(field.data());
        for (std::size_t i = 0; i < field.size() * sizeof(T); i += sizeof(T)) std::reverse(bytes + i, bytes + i + sizeof(T));
    } else {
        (void)field;
    }
}

std::uint32_t crcOf(const char* data, std::size_t size)
{
    return static_cast<std::uint32_t>(crc32_z(crc32_z(0L, Z_NULL, 0), reinterpret_cast<const Bytef*>(data), size));
}

QString quoted(const std::string& name)
{
    return "'" + QString::fromStdString(name) + "'";
}

} // namespace

std::optional<RecordHead> readRecordHead(ByteReader& in, const ArrayExpectation& expected, QString* error)
{
    if (in.atEnd()) {
        *error = "truncated: the file ends before array " + quoted(expected.name);
        return std::nullopt;
    }
    RecordHead head;
    std::uint8_t nameLength = 0;
    std::string_view name;
    if (!in.readU8(nameLength) || !in.readBytes(nameLength, name) || !in.readU32(head.width) || !in.readU32(head.height)
        || !in.readU64(head.rawSize) || !in.readU64(head.compressedSize) || !in.readU32(head.crc)) {
        *error = "truncated: the file ends inside the record of array " + quoted(expected.name);
        return std::nullopt;
    }
    head.name.assign(name);
    return head;
}

template <typename T>
bool checkRecordHead(const RecordHead& head, const ArrayExpectation& expected, std::size_t remaining, QString* error)
{
    const QString name = quoted(expected.name);
    const std::uint64_t needed = std::uint64_t{head.width} * head.height * sizeof(T);
    if (!expected.anyName && head.name != expected.name) {
        *error = "malformed array table: found array " + quoted(head.name) + " where " + name + " belongs";
    } else if (head.width != static_cast<std::uint32_t>(expected.width) || head.height != static_cast<std::uint32_t>(expected.height)) {
        *error = QString("inconsistent dimensions: array %1 is %2x%3 but the lattice needs %4x%5")
                     .arg(name).arg(head.width).arg(head.height).arg(expected.width).arg(expected.height);
    } else if (head.rawSize != needed) {
        *error = QString("inconsistent dimensions: array %1 claims %2 bytes, but %3x%4 %5 values take %6")
                     .arg(name).arg(head.rawSize).arg(head.width).arg(head.height).arg(kTypeName<T>).arg(needed);
    } else if (head.compressedSize > remaining) {
        *error = QString("truncated: array %1 needs %2 compressed bytes but only %3 remain in the file")
                     .arg(name).arg(head.compressedSize).arg(remaining);
    } else if (head.rawSize > head.compressedSize * kMaxZlibRatio + kZlibRatioSlack) {
        *error = QString("implausible array %1: %2 compressed bytes cannot expand to %3 (zlib expands at most %4:1)")
                     .arg(name).arg(head.compressedSize).arg(head.rawSize).arg(kMaxZlibRatio);
    } else {
        return true;
    }
    return false;
}

template bool checkRecordHead<float>(const RecordHead&, const ArrayExpectation&, std::size_t, QString*);
template bool checkRecordHead<double>(const RecordHead&, const ArrayExpectation&, std::size_t, QString*);

bool writeRecordHead(QIODevice& out, const RecordHead& head)
{
    QByteArray bytes;
    ByteWriter writer(bytes);
    writer.u8(static_cast<std::uint8_t>(std::min(head.name.size(), kMaxNameLength)));
    writer.bytes(head.name.data(), std::min(head.name.size(), kMaxNameLength));
    writer.u32(head.width);
    writer.u32(head.height);
    writer.u64(head.rawSize);
    writer.u64(head.compressedSize);
    writer.u32(head.crc);
    return out.write(bytes) == bytes.size();
}

QString damagedArrayMessage(const std::string& name, int status)
{
    const char* reason = status == Z_MEM_ERROR ? "out of memory"
                         : status == Z_OK || status == Z_STREAM_END ? "the stream does not match the recorded sizes"
                                                                    : "the compressed data is corrupt";
    return QString("array %1 is damaged: %2 (zlib status %3)").arg(quoted(name), reason).arg(status);
}

QString checksumMismatchMessage(const std::string& name, std::uint32_t stored, std::uint32_t computed)
{
    return QString("checksum mismatch in array %1 (stored %2, computed %3)").arg(quoted(name), QString::number(stored, 16), QString::number(computed, 16));
}

namespace {

template <typename T>
bool inflateInto(Field<T>& field, std::string_view compressed, const std::string& name, QString* error)
{
    uLongf rawLength = static_cast<uLongf>(field.size() * sizeof(T));
    uLong sourceLength = static_cast<uLong>(compressed.size());
    const int status = uncompress2(reinterpret_cast<Bytef*>(field.data()), &rawLength,
                                   reinterpret_cast<const Bytef*>(compressed.data()), &sourceLength);
    // The stream must end exactly where the record says and fill the array exactly.
    if (status == Z_OK && rawLength == field.size() * sizeof(T) && sourceLength == compressed.size()) return true;
    *error = damagedArrayMessage(name, status);
    return false;
}

template <typename T>
bool writeBlock(QIODevice& out, const std::string& name, const Field<T>& field)
{
    const DiskBytes<T> raw(field);
    uLongf compressedLength = compressBound(static_cast<uLong>(raw.size()));
    std::vector<Bytef> compressed(compressedLength);
    // Level 1: float noise barely compresses better at higher levels, and saving must stay quick
    // for large maps; still water and zero flows (the common case) compress well at any level.
    const int status = compress2(compressed.data(), &compressedLength, reinterpret_cast<const Bytef*>(raw.data()), static_cast<uLong>(raw.size()), 1);
    // zlib's own buffers are out of memory as much as the vector above: the callers name that,
    // where a bare false left the file's "Unknown error" as the only reason (issue 33).
    if (status == Z_MEM_ERROR) throw std::bad_alloc();
    if (status != Z_OK) return false;
    const RecordHead head{name, static_cast<std::uint32_t>(field.width()), static_cast<std::uint32_t>(field.height()), raw.size(), compressedLength,
                          crcOf(raw.data(), raw.size())};
    return writeRecordHead(out, head)
           && out.write(reinterpret_cast<const char*>(compressed.data()), static_cast<qint64>(compressedLength)) == static_cast<qint64>(compressedLength);
}

template <typename T>
std::optional<Field<T>> readBlock(ByteReader& in, const ArrayExpectation& expected, QString* error)
{
    const std::optional<RecordHead> head = readRecordHead(in, expected, error);
    if (!head || !checkRecordHead<T>(*head, expected, in.remaining(), error)) return std::nullopt;
    std::string_view compressed;
    in.readBytes(static_cast<std::size_t>(head->compressedSize), compressed); // fits: checked above
    std::optional<Field<T>> field;
    try {
        field.emplace(expected.width, expected.height);
    } catch (const std::bad_alloc&) {
        *error = QString("out of memory reading array %1 (%2 bytes)").arg(quoted(expected.name)).arg(head->rawSize);
        return std::nullopt;
    }
    if (!inflateInto(*field, compressed, expected.name, error)) return std::nullopt;
    const std::uint32_t crc = crcOf(reinterpret_cast<const char*>(field->data()), field->size() * sizeof(T));
    if (crc != head->crc) {
        *error = checksumMismatchMessage(expected.name, head->crc, crc);
        return std::nullopt;
    }
    toHostOrder(*field);
    return field;
}

} // namespace

bool writeArrayBlock(QIODevice& out, const std::string& name, const FloatField& field)
{
    return writeBlock(out, name, field);
}

bool writeDoubleArrayBlock(QIODevice& out, const std::string& name, const DoubleField& field)
{
    return writeBlock(out, name, field);
}

std::optional<FloatField> readArrayBlock(ByteReader& in, const ArrayExpectation& expected, QString* error)
{
    return readBlock<float>(in, expected, error);
}

std::optional<DoubleField> readDoubleArrayBlock(ByteReader& in, const ArrayExpectation& expected, QString* error)
{
    return readBlock<double>(in, expected, error);
}

} // namespace rb::io
