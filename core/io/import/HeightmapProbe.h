#pragma once

#include "io/raster/GridSize.h"
#include "io/raster/HeightRange.h"
#include "model/Field.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace rb::io {

// The range offered for 16-bit levels that nothing explains (no sidecar, no PNG text): one metre
// per level would make a 65 km needle of the brightest pixel, while 0..1000 m is the relief of the
// hills and valleys level designers mostly author. A guess, so the import dialog says so.
inline constexpr HeightRange kUnexplainedSixteenBitRange{0.0, 1000.0};

// What the import dialog shows of a heightmap before importing it: what the file holds, what it
// says about its heights and cells, and a small picture of it.
struct HeightmapProbe {
    GridSize size;                        // the raster's pixels (GDAL: after turning into square cells)
    QString description;                  // "16-bit grayscale PNG", "Float32 GTiff"
    int integerBits = 0;                  // 8 or 16 for integer levels, 0 for metres
    bool throughGdal = false;             // read by GDAL (georeferencing, NoData), not our own readers
    std::optional<HeightRange> fileRange; // what the sidecar (or the PNG's text) says the levels mean
    QString rangeOrigin;                  // the sidecar's path or "PNG text" (with fileRange)
    std::optional<double> cellSize;       // metres per cell from the geotransform
    bool rangeMissing = false;            // 16-bit levels from our own readers with no range at all
    QStringList notes;                    // what GDAL did to place it (flipped, resampled, NoData filled)
    FloatField preview;                   // at most previewSide on the longer side, 0 lowest .. 1 highest, NaN no data
};

// Reads the heightmap the way the importer would (sidecar, PNG text, geotransform; NoData filled
// so that the picture has no holes) and describes it. Messages start with the path.
std::optional<HeightmapProbe> probeHeightmap(const QString& path, int previewSide, QString* error);

// `field` scaled down by box averaging to at most `side` pixels on its longer side (never up),
// normalised so its finite minimum is 0 and maximum 1 (all 0.5 when flat). NaN cells are skipped
// in the averages; a preview pixel with no finite cell is NaN.
FloatField previewOf(const FloatField& field, int side);

} // namespace rb::io
