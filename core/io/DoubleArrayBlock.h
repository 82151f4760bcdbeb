#pragma once

#include "io/ArrayBlock.h"
#include "model/MeanFlow.h"

#include <QIODevice>
#include <QString>

#include <optional>
#include <string>

namespace rb::io {

// An array record of float64 values (format version 5: the time-mean flow's sums,
// docs/map-format.md): the float32 record's layout (ArrayBlock.h) with a raw size of
// width · height · 8 and the values little-endian binary64. The sums are kept in double so that a
// run continued from a saved map adds to them exactly as it would have without the save.
bool writeDoubleArrayBlock(QIODevice& out, const std::string& name, const DoubleField& field);

// The next record, which must be the expected float64 array; the same checks as readArrayBlock
// (dimensions, sizes against the bytes left and zlib's ratio before allocating, then the checksum).
std::optional<DoubleField> readDoubleArrayBlock(ByteReader& in, const ArrayExpectation& expected, QString* error);

} // namespace rb::io
