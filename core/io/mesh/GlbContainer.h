#pragma once

#include <QByteArray>
#include <QJsonObject>

namespace rb::io {

// The binary glTF 2.0 container (.glb, glTF 2.0 specification §4.4): a 12-byte header ("glTF",
// version 2, total length), a JSON chunk padded with spaces to a multiple of 4 bytes, then a BIN
// chunk padded with zeros. Written here rather than with tinygltf: the container is thirty lines,
// QJsonDocument already writes the JSON, and the bytes must go through AtomicFile anyway.
QByteArray glbBytes(const QJsonObject& json, const QByteArray& binary);

} // namespace rb::io
