#pragma once

#include <QString>

#include <optional>

namespace rb::io {

// Metres (or another unit) of the lowest and the highest integer level: level v of an integer
// raster whose largest level is max (255 or 65535) means low + (high − low) · v / max.
struct HeightRange {
    double low = 0.0;
    double high = 0.0;
    bool operator==(const HeightRange&) const = default;
};

// LO < HI, both finite; else nullopt and `error` says why.
std::optional<HeightRange> checkedHeightRange(double low, double high, QString* error);

// "LO:HI" with LO < HI, both finite (e.g. "-20:1500").
std::optional<HeightRange> parseHeightRange(const QString& text, QString* error);

} // namespace rb::io
