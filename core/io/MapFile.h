#pragma once

#include "model/Map.h"

#include <QString>

#include <optional>

namespace rb::io {

// The .rbmap format (docs/map-format.md): a versioned header, then each array compressed and
// checksummed. Everything needed to continue a simulation bit-for-bit.

// Writes atomically (QSaveFile): on failure the old file is untouched and `error` says why.
bool writeMapFile(const QString& path, const Map& map, QString* error);

// Never crashes and never allocates more than the file's size can justify. On failure returns
// nullopt and `error` names the problem (and the file).
std::optional<Map> readMapFile(const QString& path, QString* error);

// The same over bytes in memory (used by the file functions, the fuzzer and tests).
QByteArray encodeMap(const Map& map);
std::optional<Map> decodeMap(const QByteArray& bytes, QString* error);

} // namespace rb::io
