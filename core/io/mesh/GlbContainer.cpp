#include "io/mesh/GlbContainer.h"

#include <QJsonDocument>
#include <QtEndian>

namespace rb::io {
namespace {

constexpr quint32 kMagic = 0x46546C67;     // "glTF"
constexpr quint32 kJsonChunk = 0x4E4F534A; // "JSON"
constexpr quint32 kBinChunk = 0x004E4942;  // "BIN\0"

void appendWord(QByteArray& bytes, quint32 value)
{
    char word[4];
    qToLittleEndian(value, word);
    bytes.append(word, 4);
}

QByteArray padded(QByteArray data, char fill)
{
    while (data.size() % 4 != 0) data.append(fill);
    return data;
}

void appendChunk(QByteArray& bytes, quint32 type, const QByteArray& data)
{
    appendWord(bytes, static_cast<quint32>(data.size()));
    appendWord(bytes, type);
    bytes.append(data);
}

} // namespace

QByteArray glbBytes(const QJsonObject& json, const QByteArray& binary)
{
    const QByteArray jsonChunk = padded(QJsonDocument(json).toJson(QJsonDocument::Compact), ' ');
    const QByteArray binChunk = padded(binary, '\0');
    const qsizetype total = 12 + 8 + jsonChunk.size() + (binChunk.isEmpty() ? 0 : 8 + binChunk.size());
    QByteArray bytes;
    bytes.reserve(total);
    appendWord(bytes, kMagic);
    appendWord(bytes, 2);
    appendWord(bytes, static_cast<quint32>(total));
    appendChunk(bytes, kJsonChunk, jsonChunk);
    if (!binChunk.isEmpty()) appendChunk(bytes, kBinChunk, binChunk);
    return bytes;
}

} // namespace rb::io
