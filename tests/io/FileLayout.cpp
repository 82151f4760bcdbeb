#include "FileLayout.h"

#include <QJsonDocument>

#include <zlib.h>

#include <stdexcept>

namespace rb::test {

std::uint32_t getU32(const QByteArray& bytes, std::size_t offset)
{
    std::uint32_t v = 0;
    for (int i = 3; i >= 0; --i) v = (v << 8) | static_cast<unsigned char>(bytes.at(static_cast<qsizetype>(offset) + i));
    return v;
}

static std::uint64_t getU64(const QByteArray& bytes, std::size_t offset)
{
    return getU32(bytes, offset) | (std::uint64_t{getU32(bytes, offset + 4)} << 32);
}

void putU32(QByteArray& bytes, std::size_t offset, std::uint32_t value)
{
    for (int i = 0; i < 4; ++i) bytes[static_cast<qsizetype>(offset) + i] = static_cast<char>((value >> (8 * i)) & 0xFF);
}

void putU64(QByteArray& bytes, std::size_t offset, std::uint64_t value)
{
    putU32(bytes, offset, static_cast<std::uint32_t>(value));
    putU32(bytes, offset + 4, static_cast<std::uint32_t>(value >> 32));
}

std::uint32_t crc32Of(const QByteArray& bytes)
{
    return static_cast<std::uint32_t>(crc32(0L, reinterpret_cast<const Bytef*>(bytes.constData()), static_cast<uInt>(bytes.size())));
}

FileLayout parseLayout(const QByteArray& file)
{
    FileLayout layout;
    layout.jsonSize = getU32(file, FileLayout::headerLengthOffset);
    layout.headerCrcOffset = FileLayout::jsonOffset + layout.jsonSize;
    std::size_t at = layout.headerCrcOffset + 4;
    while (at < static_cast<std::size_t>(file.size())) {
        ArrayRecordLayout r;
        r.start = at;
        const auto nameLength = static_cast<unsigned char>(file.at(static_cast<qsizetype>(at)));
        r.name = file.mid(static_cast<qsizetype>(at + 1), nameLength).toStdString();
        r.widthOffset = at + 1 + nameLength;
        r.heightOffset = r.widthOffset + 4;
        r.rawSizeOffset = r.heightOffset + 4;
        r.compressedSizeOffset = r.rawSizeOffset + 8;
        r.crcOffset = r.compressedSizeOffset + 8;
        r.payloadOffset = r.crcOffset + 4;
        r.payloadSize = static_cast<std::size_t>(getU64(file, r.compressedSizeOffset));
        at = r.payloadOffset + r.payloadSize;
        layout.arrays.push_back(r);
    }
    if (at != static_cast<std::size_t>(file.size())) throw std::runtime_error("file layout does not add up");
    return layout;
}

QJsonObject headerOf(const QByteArray& file)
{
    const FileLayout layout = parseLayout(file);
    return QJsonDocument::fromJson(file.mid(FileLayout::jsonOffset, static_cast<qsizetype>(layout.jsonSize))).object();
}

QByteArray withHeaderJson(const QByteArray& file, const QByteArray& json)
{
    const FileLayout layout = parseLayout(file);
    QByteArray out = file.left(FileLayout::jsonOffset);
    putU32(out, FileLayout::headerLengthOffset, static_cast<std::uint32_t>(json.size()));
    out += json;
    QByteArray crc(4, '\0');
    putU32(crc, 0, crc32Of(json));
    out += crc;
    out += file.mid(static_cast<qsizetype>(layout.headerCrcOffset + 4));
    return out;
}

QByteArray withHeader(const QByteArray& file, const QJsonObject& header)
{
    return withHeaderJson(file, QJsonDocument(header).toJson());
}

} // namespace rb::test
