#include "io/raster/RasterChecks.h"

#include "lattice/Lattice.h"

#include <cmath>

namespace rb::io {

bool checkRasterSize(const char* format, qint64 width, qint64 height, QString* error)
{
    if (width <= 0 || height <= 0) {
        *error = QString("%1 has zero size (%2x%3)").arg(format).arg(width).arg(height);
        return false;
    }
    if (width > Lattice::kMaxSide || height > Lattice::kMaxSide) {
        *error = QString("%1 is %2x%3, above the limit of %4 per side").arg(format).arg(width).arg(height).arg(Lattice::kMaxSide);
        return false;
    }
    return true;
}

bool checkPlausibleSize(const char* format, qint64 width, qint64 height, qint64 sampleBytes, qint64 fileBytes, qint64 maxExpansion,
                        QString* error)
{
    const qint64 needed = width * height * sampleBytes;
    if (needed <= maxExpansion * fileBytes) return true;
    *error = QString("truncated or damaged %1: %2 bytes cannot hold a %3x%4 image").arg(format).arg(fileBytes).arg(width).arg(height);
    return false;
}

bool checkFinite(const FloatField& samples, const QString& what, QString* error)
{
    for (int y = 0; y < samples.height(); ++y)
        for (int x = 0; x < samples.width(); ++x)
            if (!std::isfinite(samples(x, y))) {
                *error = QString("%1 holds a value that is not finite (NaN or Inf) at column %2, row %3").arg(what).arg(x).arg(y);
                return false;
            }
    return true;
}

} // namespace rb::io
