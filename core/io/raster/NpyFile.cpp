#include "io/raster/NpyFile.h"

#include "io/transaction/AtomicFile.h"
#include "lattice/Lattice.h"

#include <QBuffer>

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace rb::io {
namespace {

constexpr qsizetype kMaxHeaderLength = 1 << 20; // numpy writes well under 1 KiB
constexpr int kMaxDigits = 9;                   // any larger dimension is refused anyway

struct NpyHeader {
    std::string descr;
    bool fortranOrder = false;
    std::vector<std::int64_t> shape;
};

// A strict reader of the one Python literal numpy writes: a dict with exactly the keys 'descr'
// (a string), 'fortran_order' (True/False) and 'shape' (a tuple of integers), then spaces and a
// final newline. Anything else (other keys, expressions, nesting) is refused, not evaluated.
class NpyHeaderParser {
public:
    explicit NpyHeaderParser(std::string_view text) : text_(text) {}

    std::optional<NpyHeader> parse(QString* error)
    {
        NpyHeader header;
        std::set<std::string> seen;
        if (!entries(header, seen) || !trailer()) {
            *error = QString("malformed .npy header near byte %1: %2").arg(pos_).arg(QString::fromLatin1(text_.data(), static_cast<qsizetype>(text_.size())).trimmed().left(120));
            return std::nullopt;
        }
        if (seen.size() != 3) {
            *error = "malformed .npy header: it must hold 'descr', 'fortran_order' and 'shape'";
            return std::nullopt;
        }
        return header;
    }

private:
    bool entries(NpyHeader& header, std::set<std::string>& seen)
    {
        skipSpaces();
        if (!consume('{')) return false;
        for (;;) {
            skipSpaces();
            if (consume('}')) return true;
            const std::optional<std::string> key = quoted();
            skipSpaces();
            if (!key || !consume(':') || !seen.insert(*key).second || !value(*key, header)) return false;
            skipSpaces();
            if (!consume(',')) {
                skipSpaces();
                return consume('}');
            }
        }
    }

    bool value(const std::string& key, NpyHeader& header)
    {
        skipSpaces();
        if (key == "descr") {
            const std::optional<std::string> descr = quoted();
            if (descr) header.descr = *descr;
            return descr.has_value();
        }
        if (key == "fortran_order") {
            if (consumeWord("True")) header.fortranOrder = true;
            else if (!consumeWord("False")) return false;
            return true;
        }
        return key == "shape" && tuple(header.shape);
    }

    bool tuple(std::vector<std::int64_t>& values)
    {
        if (!consume('(')) return false;
        for (;;) {
            skipSpaces();
            if (consume(')')) return true;
            const std::optional<std::int64_t> n = integer();
            if (!n) return false;
            values.push_back(*n);
            skipSpaces();
            if (!consume(',')) {
                skipSpaces();
                return consume(')');
            }
        }
    }

    std::optional<std::int64_t> integer()
    {
        const std::size_t start = pos_;
        std::int64_t n = 0;
        while (pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '9' && pos_ - start < kMaxDigits + 1)
            n = n * 10 + (text_[pos_++] - '0');
        if (pos_ == start || pos_ - start > kMaxDigits) return std::nullopt;
        return n;
    }

    std::optional<std::string> quoted()
    {
        if (pos_ >= text_.size() || (text_[pos_] != '\'' && text_[pos_] != '"')) return std::nullopt;
        const char quote = text_[pos_++];
        const std::size_t end = text_.find(quote, pos_);
        if (end == std::string_view::npos) return std::nullopt;
        std::string s(text_.substr(pos_, end - pos_));
        pos_ = end + 1;
        if (s.find('\\') != std::string::npos) return std::nullopt; // no escapes in names numpy writes
        return s;
    }

    // Spaces pad the header; it ends with exactly one newline.
    bool trailer()
    {
        while (pos_ < text_.size() && text_[pos_] == ' ') ++pos_;
        return pos_ + 1 == text_.size() && text_[pos_] == '\n';
    }

    bool consumeWord(std::string_view word)
    {
        if (text_.substr(pos_, word.size()) != word) return false;
        pos_ += word.size();
        return true;
    }

    bool consume(char c)
    {
        if (pos_ >= text_.size() || text_[pos_] != c) return false;
        ++pos_;
        return true;
    }

    void skipSpaces()
    {
        while (pos_ < text_.size() && text_[pos_] == ' ') ++pos_;
    }

    std::string_view text_;
    std::size_t pos_ = 0;
};

enum class SampleType { Float32, Float64, UInt16 };

struct TypeInfo {
    SampleType type;
    int size;
    const char* description;
};

std::optional<TypeInfo> typeInfo(const std::string& descr, QString* error)
{
    if (descr == "<f4") return TypeInfo{SampleType::Float32, 4, "float32 .npy"};
    if (descr == "<f8") return TypeInfo{SampleType::Float64, 8, "float64 .npy"};
    if (descr == "<u2") return TypeInfo{SampleType::UInt16, 2, "uint16 .npy"};
    *error = QString("unsupported .npy dtype '%1' (supported: little-endian float32 '<f4', float64 '<f8', uint16 '<u2')")
                 .arg(QString::fromStdString(descr));
    return std::nullopt;
}

template <typename T>
T loadLittleEndian(const char* bytes)
{
    T value = 0;
    for (std::size_t i = 0; i < sizeof(T); ++i) value |= static_cast<T>(static_cast<unsigned char>(bytes[i])) << (8 * i);
    return value;
}

// One sample from its bytes; nullopt when it has no float32 value (NaN, Inf, out of range).
std::optional<float> sampleValue(SampleType type, const char* bytes)
{
    if (type == SampleType::UInt16) return static_cast<float>(loadLittleEndian<std::uint16_t>(bytes));
    const double v = type == SampleType::Float32 ? std::bit_cast<float>(loadLittleEndian<std::uint32_t>(bytes))
                                                 : std::bit_cast<double>(loadLittleEndian<std::uint64_t>(bytes));
    if (!std::isfinite(v) || std::abs(v) > std::numeric_limits<float>::max()) return std::nullopt;
    return static_cast<float>(v);
}

struct Preamble {
    NpyHeader header;
    qint64 dataOffset = 0;
};

std::optional<Preamble> readPreamble(QIODevice& device, QString* error)
{
    const QByteArray start = device.read(12);
    if (start.size() < 10 || !start.startsWith(QByteArray(kNpyMagic, kNpyMagicSize))) {
        *error = start.startsWith(QByteArray(kNpyMagic, kNpyMagicSize)) || start.isEmpty() ? "truncated .npy header" : "not a .npy file";
        return std::nullopt;
    }
    const int major = static_cast<unsigned char>(start[6]);
    if (major < 1 || major > 3 || start[7] != 0) {
        *error = QString("unsupported .npy format version %1.%2").arg(major).arg(static_cast<int>(start[7]));
        return std::nullopt;
    }
    const bool wide = major >= 2; // format 2.0 and later: a 4-byte header length
    if (wide && start.size() < 12) {
        *error = "truncated .npy header";
        return std::nullopt;
    }
    const qint64 length = wide ? loadLittleEndian<std::uint32_t>(start.constData() + 8) : loadLittleEndian<std::uint16_t>(start.constData() + 8);
    const qint64 offset = wide ? 12 : 10;
    if (length > kMaxHeaderLength || offset + length > device.size()) {
        *error = QString("truncated .npy header (it claims %1 bytes)").arg(length);
        return std::nullopt;
    }
    device.seek(offset);
    const QByteArray text = device.read(length);
    std::optional<NpyHeader> header = NpyHeaderParser(std::string_view(text.constData(), static_cast<std::size_t>(text.size()))).parse(error);
    if (!header) return std::nullopt;
    return Preamble{*header, offset + length};
}

bool npyCheckShape(const NpyHeader& header, QString* error)
{
    if (header.fortranOrder) {
        *error = ".npy array is in Fortran (column-major) order; save it in C order (numpy.ascontiguousarray)";
    } else if (header.shape.size() != 2) {
        *error = QString(".npy array has %1 dimensions; a heightmap needs 2 (rows, columns)").arg(header.shape.size());
    } else if (header.shape[0] == 0 || header.shape[1] == 0) {
        *error = QString(".npy array has zero size (%1x%2)").arg(header.shape[1]).arg(header.shape[0]);
    } else if (header.shape[0] > Lattice::kMaxSide || header.shape[1] > Lattice::kMaxSide) {
        *error = QString(".npy array is %1x%2, above the limit of %3 per side").arg(header.shape[1]).arg(header.shape[0]).arg(Lattice::kMaxSide);
    } else {
        return true;
    }
    return false;
}

bool checkDataSize(qint64 available, qint64 expected, QString* error)
{
    if (available < expected) {
        *error = QString("truncated .npy data: %1 bytes present, %2 expected").arg(available).arg(expected);
        return false;
    }
    if (available > expected) {
        *error = QString(".npy file has %1 unexpected bytes after the array data").arg(available - expected);
        return false;
    }
    return true;
}

// Reads row by row, so that only the result is allocated whatever the sample type.
bool npyReadSamples(QIODevice& device, const TypeInfo& type, FloatField& out, QString* error)
{
    std::vector<char> row(static_cast<std::size_t>(out.width()) * static_cast<std::size_t>(type.size));
    for (int y = 0; y < out.height(); ++y) {
        if (device.read(row.data(), static_cast<qint64>(row.size())) != static_cast<qint64>(row.size())) {
            *error = QString("truncated .npy data at row %1").arg(y);
            return false;
        }
        for (int x = 0; x < out.width(); ++x) {
            const std::optional<float> v = sampleValue(type.type, row.data() + static_cast<std::size_t>(x) * static_cast<std::size_t>(type.size));
            if (!v) {
                *error = QString(".npy holds a value that is not a finite float32 (NaN, Inf or out of range) at column %1, row %2").arg(x).arg(y);
                return false;
            }
            out(x, y) = *v;
        }
    }
    return true;
}

// The shape tuple numpy writes: "(rows, columns)" or "(rows, columns, channels)".
QString shapeText(const FloatField& raster, std::size_t channels)
{
    if (channels == 1) return QString("(%1, %2)").arg(raster.height()).arg(raster.width());
    return QString("(%1, %2, %3)").arg(raster.height()).arg(raster.width()).arg(channels);
}

QByteArray npyHeaderFor(const QString& shape)
{
    QByteArray dict = QString("{'descr': '<f4', 'fortran_order': False, 'shape': %1, }").arg(shape).toLatin1();
    // The whole preamble (magic, version, length, dict, padding, newline) is a multiple of 64 bytes
    // so that the data is aligned, as numpy itself writes it.
    const qsizetype unpadded = kNpyMagicSize + 4 + dict.size() + 1;
    dict.append(QByteArray((64 - unpadded % 64) % 64, ' '));
    dict.append('\n');
    QByteArray preamble(kNpyMagic, kNpyMagicSize);
    preamble.append('\x01').append('\x00');
    preamble.append(static_cast<char>(dict.size() & 0xFF)).append(static_cast<char>((dict.size() >> 8) & 0xFF));
    return preamble + dict;
}

// C order over (rows, columns, channels): the channels of a pixel are adjacent.
bool writeNpyTo(QIODevice& out, const std::vector<FloatField>& channels)
{
    const FloatField& first = channels.front();
    if (out.write(npyHeaderFor(shapeText(first, channels.size()))) < 0) return false;
    std::vector<char> row(static_cast<std::size_t>(first.width()) * channels.size() * 4);
    for (int y = 0; y < first.height(); ++y) {
        std::size_t at = 0;
        for (int x = 0; x < first.width(); ++x)
            for (const FloatField& channel : channels) {
                const std::uint32_t bits = std::bit_cast<std::uint32_t>(channel(x, y));
                for (int i = 0; i < 4; ++i) row[at++] = static_cast<char>((bits >> (8 * i)) & 0xFF);
            }
        if (out.write(row.data(), static_cast<qint64>(row.size())) != static_cast<qint64>(row.size())) return false;
    }
    return true;
}

} // namespace

std::optional<SampleRaster> readNpy(QIODevice& device, QString* error)
{
    const std::optional<Preamble> preamble = readPreamble(device, error);
    if (!preamble || !npyCheckShape(preamble->header, error)) return std::nullopt;
    const std::optional<TypeInfo> type = typeInfo(preamble->header.descr, error);
    if (!type) return std::nullopt;
    const auto height = static_cast<int>(preamble->header.shape[0]);
    const auto width = static_cast<int>(preamble->header.shape[1]);
    const qint64 expected = qint64{width} * height * type->size;
    if (!checkDataSize(device.size() - preamble->dataOffset, expected, error)) return std::nullopt;
    SampleRaster raster{FloatField(width, height), type->type == SampleType::UInt16 ? 16 : 0, type->description, std::nullopt};
    if (!npyReadSamples(device, *type, raster.samples, error)) return std::nullopt;
    return raster;
}

QByteArray encodeNpy(const FloatField& raster)
{
    return encodeNpy(std::vector<FloatField>{raster});
}

QByteArray encodeNpy(const std::vector<FloatField>& channels)
{
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    writeNpyTo(buffer, channels);
    return bytes;
}

bool writeNpy(const QString& path, const FloatField& raster, QString* error)
{
    return writeFileAtomically(path, encodeNpy(raster), error);
}

bool writeNpy(const QString& path, const ExportImage& image, QString* error)
{
    return writeFileAtomically(path, encodeNpy(image.channels), error);
}

} // namespace rb::io
