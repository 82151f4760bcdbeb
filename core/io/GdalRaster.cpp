#include "io/GdalRaster.h"

#include "io/GdalErrors.h"
#include "lattice/Lattice.h"

#include <gdal_priv.h>
#include <ogr_spatialref.h>

#include <cmath>
#include <memory>
#include <vector>

namespace rb::io {
namespace {

struct DatasetCloser {
    void operator()(GDALDataset* dataset) const { GDALClose(GDALDataset::ToHandle(dataset)); }
};
using Dataset = std::unique_ptr<GDALDataset, DatasetCloser>;

QString checkShape(GDALDataset& dataset)
{
    const int width = dataset.GetRasterXSize(), height = dataset.GetRasterYSize();
    if (dataset.GetRasterCount() != 1)
        return QString("has %1 bands; a heightmap has one (take one with: gdal_translate -b 1 IN OUT.tif)").arg(dataset.GetRasterCount());
    if (width < 1 || height < 1) return QString("has zero size (%1x%2)").arg(width).arg(height);
    if (width > Lattice::kMaxSide || height > Lattice::kMaxSide)
        return QString("raster is %1x%2, above the limit of %3 per side").arg(width).arg(height).arg(Lattice::kMaxSide);
    return {};
}

bool setSampleType(GDALRasterBand& band, GdalRaster& raster, QString* problem)
{
    const GDALDataType type = band.GetRasterDataType();
    raster.dataType = QString::fromUtf8(GDALGetDataTypeName(type));
    if (GDALDataTypeIsComplex(type) || type == GDT_Unknown) {
        *problem = QString("unsupported sample type %1 (complex numbers are not heights)").arg(raster.dataType);
        return false;
    }
    raster.integer = GDALDataTypeIsInteger(type) != 0;
    if (!raster.integer) return true;
    raster.integerBits = GDALGetDataTypeSizeBits(type);
    const double levels = std::ldexp(1.0, raster.integerBits);
    raster.typeMin = GDALDataTypeIsSigned(type) ? -levels / 2 : 0.0;
    raster.typeMax = raster.typeMin + levels - 1.0;
    return true;
}

void setCrs(GDALDataset& dataset, GdalRaster& raster)
{
    const OGRSpatialReference* crs = dataset.GetSpatialRef();
    if (!crs) return;
    char* wkt = nullptr;
    if (crs->exportToWkt(&wkt) == OGRERR_NONE && wkt) raster.crsWkt = QString::fromUtf8(wkt);
    CPLFree(wkt);
    raster.geographic = crs->IsGeographic() != 0;
    if (raster.geographic) {
        raster.semiMajor = crs->GetSemiMajor();
        raster.semiMinor = crs->GetSemiMinor();
    } else {
        raster.metresPerCrsUnit = crs->GetLinearUnits(nullptr);
    }
}

// One row at a time, in double so that a NoData value compares exactly whatever the type.
bool readSamples(GDALRasterBand& band, GdalRaster& raster, QString* problem, const GdalErrors& gdal)
{
    const int width = band.GetXSize(), height = band.GetYSize();
    raster.samples = FloatField(width, height);
    std::vector<double> row(static_cast<std::size_t>(width));
    for (int y = 0; y < height; ++y) {
        if (band.RasterIO(GF_Read, 0, y, width, 1, row.data(), width, 1, GDT_Float64, 0, 0) != CE_None) {
            *problem = "cannot read row " + QString::number(y) + ": " + gdal.text("damaged or truncated?");
            return false;
        }
        for (int x = 0; x < width; ++x) {
            const double v = row[static_cast<std::size_t>(x)];
            const float f = static_cast<float>(v);
            if (std::isnan(v)) ++raster.nanCells;
            else if (raster.noDataValue && v == *raster.noDataValue) ++raster.noDataCells;
            else if (!std::isfinite(f)) {
                *problem = QString("holds a value that is not finite (Inf, or beyond float32) at column %1, row %2").arg(x).arg(y);
                return false;
            }
            raster.samples(x, y) = std::isnan(v) || (raster.noDataValue && v == *raster.noDataValue) ? NAN : f;
        }
    }
    return true;
}

bool readOpened(GDALDataset& dataset, GdalRaster& raster, QString* problem, const GdalErrors& gdal)
{
    if (*problem = checkShape(dataset); !problem->isEmpty()) return false;
    GDALRasterBand& band = *dataset.GetRasterBand(1);
    if (!setSampleType(band, raster, problem)) return false;
    raster.driver = QString::fromUtf8(dataset.GetDriver()->GetDescription());
    int hasNoData = 0;
    const double noData = band.GetNoDataValue(&hasNoData);
    if (hasNoData && !std::isnan(noData)) raster.noDataValue = noData;
    std::array<double, 6> transform{};
    if (dataset.GetGeoTransform(transform.data()) == CE_None) raster.geoTransform = transform;
    setCrs(dataset, raster);
    return readSamples(band, raster, problem, gdal);
}

} // namespace

std::optional<GdalRaster> readGdalRaster(const QString& path, QString* error)
{
    GdalErrors gdal;
    const QByteArray name = path.toUtf8();
    Dataset dataset(GDALDataset::FromHandle(GDALOpenEx(name.constData(), GDAL_OF_RASTER | GDAL_OF_READONLY, nullptr, nullptr, nullptr)));
    if (!dataset) {
        *error = path + ": GDAL cannot read it: " + gdal.text("not a raster format GDAL knows");
        return std::nullopt;
    }
    GdalRaster raster;
    QString problem;
    if (!readOpened(*dataset, raster, &problem, gdal)) {
        *error = path + ": " + problem;
        return std::nullopt;
    }
    return raster;
}

} // namespace rb::io
