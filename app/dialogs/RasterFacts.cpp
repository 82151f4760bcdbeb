#include "dialogs/RasterFacts.h"

#include "io/raster/GdalErrors.h"

#include <gdal_priv.h>
#include <ogr_spatialref.h>

#include <memory>

namespace rb::editor {

namespace {

struct DatasetCloser {
    void operator()(GDALDataset* dataset) const { GDALClose(GDALDataset::ToHandle(dataset)); }
};

// The CRS's own name, with its authority code when it has one: short enough for a form row,
// unlike the WKT.
QString shortName(const OGRSpatialReference& srs)
{
    QString name = QString::fromUtf8(srs.GetName() ? srs.GetName() : "");
    const char* authority = srs.GetAuthorityName(nullptr);
    const char* code = srs.GetAuthorityCode(nullptr);
    if (authority && code) {
        const QString id = QString("%1:%2").arg(QString::fromUtf8(authority), QString::fromUtf8(code));
        name = name.isEmpty() ? id : QString("%1 (%2)").arg(name, id);
    }
    return name;
}

} // namespace

std::optional<RasterFacts> readRasterFacts(const QString& path)
{
    const io::GdalErrors quiet; // registers the drivers; messages are not the dialog's business
    const QByteArray name = path.toUtf8();
    std::unique_ptr<GDALDataset, DatasetCloser> dataset(
        GDALDataset::FromHandle(GDALOpenEx(name.constData(), GDAL_OF_RASTER | GDAL_OF_READONLY, nullptr, nullptr, nullptr)));
    if (!dataset || dataset->GetRasterCount() < 1) return std::nullopt;
    RasterFacts facts;
    // ComputeRasterMinMax rather than statistics: GetStatistics(force) stores them in an .aux.xml
    // beside the user's file.
    double minMax[2] = {0.0, 0.0};
    if (dataset->GetRasterBand(1)->ComputeRasterMinMax(FALSE, minMax) == CE_None) {
        facts.lowest = minMax[0];
        facts.highest = minMax[1];
    }
    if (const OGRSpatialReference* srs = dataset->GetSpatialRef()) facts.crs = shortName(*srs);
    return facts;
}

} // namespace rb::editor
