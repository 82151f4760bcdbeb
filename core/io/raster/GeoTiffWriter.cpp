#include "io/raster/GeoTiffWriter.h"

#include "io/raster/GdalErrors.h"
#include "io/transaction/AtomicFile.h"

#include <cpl_string.h>
#include <cpl_vsi.h>
#include <gdal_priv.h>

#include <atomic>
#include <vector>

namespace rb::io {
namespace {

// A private in-memory file name: GDAL writes there, we move the bytes to disk atomically.
QByteArray memoryPath()
{
    static std::atomic<int> counter{0};
    return QString("/vsimem/riverbed-export-%1.tif").arg(counter++).toUtf8();
}

bool writeBands(GDALDataset& dataset, const ExportImage& image)
{
    std::vector<float> row(static_cast<std::size_t>(image.width()));
    for (std::size_t b = 0; b < image.channels.size(); ++b) {
        GDALRasterBand* band = dataset.GetRasterBand(static_cast<int>(b) + 1);
        if (b < static_cast<std::size_t>(image.channelNames.size())) band->SetDescription(image.channelNames[static_cast<qsizetype>(b)].toUtf8().constData());
        for (int y = 0; y < image.height(); ++y) {
            for (int x = 0; x < image.width(); ++x) row[static_cast<std::size_t>(x)] = image.channels[b](x, y);
            if (band->RasterIO(GF_Write, 0, y, image.width(), 1, row.data(), image.width(), 1, GDT_Float32, 0, 0) != CE_None) return false;
        }
    }
    return true;
}

bool setGeoreference(GDALDataset& dataset, const ExportImage& image)
{
    if (!image.georeference) return true;
    std::array<double, 6> transform = image.georeference->geoTransform;
    if (dataset.SetGeoTransform(transform.data()) != CE_None) return false;
    return image.georeference->crsWkt.empty() || dataset.SetProjection(image.georeference->crsWkt.c_str()) == CE_None;
}

bool writeDataset(const char* name, const ExportImage& image)
{
    GDALDriver* driver = GetGDALDriverManager()->GetDriverByName("GTiff");
    if (!driver) return false;
    CPLStringList options;
    options.SetNameValue("COMPRESS", "DEFLATE");
    options.SetNameValue("PREDICTOR", "3");
    options.SetNameValue("INTERLEAVE", "PIXEL");
    options.SetNameValue("BIGTIFF", "IF_SAFER");
    GDALDataset* dataset = driver->Create(name, image.width(), image.height(), static_cast<int>(image.channels.size()), GDT_Float32, options.List());
    if (!dataset) return false;
    dataset->SetMetadataItem("TIFFTAG_IMAGEDESCRIPTION", QString("Riverbed %1").arg(image.layer).toUtf8().constData());
    const bool written = setGeoreference(*dataset, image) && writeBands(*dataset, image);
    CPLErrorReset();
    GDALClose(GDALDataset::ToHandle(dataset)); // compresses and writes the last blocks; says so only through CPLError
    return written && CPLGetLastErrorType() != CE_Failure && CPLGetLastErrorType() != CE_Fatal;
}

} // namespace

QByteArray encodeGeoTiff(const ExportImage& image, QString* gdalError)
{
    GdalErrors gdal;
    const QByteArray name = memoryPath();
    QByteArray bytes;
    if (writeDataset(name.constData(), image)) {
        vsi_l_offset length = 0;
        GByte* data = VSIGetMemFileBuffer(name.constData(), &length, FALSE);
        if (data) bytes = QByteArray(reinterpret_cast<const char*>(data), static_cast<qsizetype>(length));
    }
    VSIUnlink(name.constData());
    if (bytes.isEmpty()) *gdalError = gdal.text("GDAL wrote nothing");
    return bytes;
}

bool writeGeoTiff(const QString& path, const ExportImage& image, QString* error)
{
    QString gdalError;
    const QByteArray bytes = encodeGeoTiff(image, &gdalError);
    if (bytes.isEmpty()) {
        *error = path + ": cannot encode the GeoTIFF: " + gdalError;
        return false;
    }
    return writeFileAtomically(path, bytes, error);
}

} // namespace rb::io
