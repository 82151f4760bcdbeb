#pragma once

#include <QIODevice>
#include <QString>

#include <optional>

namespace rb::io {

// What an EXR's header says about its image, checked before the OpenEXR C++ library sees the file.
struct ExrLayout {
    qint64 width = 0;
    qint64 height = 0;
    bool tiled = false;
};

// Parses the header with OpenEXR's core library, which checks every attribute's claimed size
// against its type and the file (the 3.1 C++ library allocates whatever size an attribute
// claims, up to 2 GiB, before reading it; a fuzzer found that in minutes). Then: one flat part
// (multi-part and deep files are refused), a data window of 1..Lattice::kMaxSide on a side, and,
// for a tiled file, room for its tile table. Leaves the device at its start. Messages do not name
// the file.
std::optional<ExrLayout> checkExrHeader(QIODevice& device, QString* error);

} // namespace rb::io
