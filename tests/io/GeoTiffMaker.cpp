#include "GeoTiffMaker.h"

#include <cpl_string.h>
#include <gdal_priv.h>
#include <ogr_spatialref.h>

#include <gtest/gtest.h>

namespace rb::test {

void writeTestGeoTiff(const QString& path, int width, int height, const GeoTiffSpec& spec,
                      const std::function<double(int x, int y)>& value)
{
    GDALAllRegister();
    GDALDriver* driver = GetGDALDriverManager()->GetDriverByName("GTiff");
    ASSERT_NE(driver, nullptr);
    CPLStringList options;
    for (const std::string& option : spec.creationOptions) options.AddString(option.c_str());
    GDALDataset* dataset = driver->Create(path.toUtf8().constData(), width, height, 1, GDALGetDataTypeByName(spec.type.c_str()), options.List());
    ASSERT_NE(dataset, nullptr) << path.toStdString();
    if (spec.geoTransform) {
        std::array<double, 6> transform = *spec.geoTransform;
        dataset->SetGeoTransform(transform.data());
    }
    if (spec.epsg) {
        OGRSpatialReference crs;
        crs.importFromEPSG(spec.epsg);
        dataset->SetSpatialRef(&crs);
    }
    GDALRasterBand* band = dataset->GetRasterBand(1);
    if (spec.noData) band->SetNoDataValue(*spec.noData);
    std::vector<double> row(static_cast<std::size_t>(width));
    for (int y = 0; y < height; ++y) {
        for (int x = 0; x < width; ++x) row[static_cast<std::size_t>(x)] = value(x, y);
        ASSERT_EQ(band->RasterIO(GF_Write, 0, y, width, 1, row.data(), width, 1, GDT_Float64, 0, 0), CE_None);
    }
    GDALClose(GDALDataset::ToHandle(dataset));
}

GeoTiffFacts readGeoTiffFacts(const QString& path)
{
    GDALAllRegister();
    GeoTiffFacts facts;
    GDALDataset* dataset = GDALDataset::FromHandle(GDALOpen(path.toUtf8().constData(), GA_ReadOnly));
    EXPECT_NE(dataset, nullptr) << path.toStdString();
    if (!dataset) return facts;
    facts.hasGeoTransform = dataset->GetGeoTransform(facts.geoTransform.data()) == CE_None;
    if (const OGRSpatialReference* crs = dataset->GetSpatialRef()) {
        char* wkt = nullptr;
        crs->exportToWkt(&wkt);
        facts.crsWkt = wkt ? wkt : "";
        CPLFree(wkt);
    }
    dataset->GetRasterBand(1)->GetBlockSize(&facts.blockWidth, &facts.blockHeight);
    if (const char* c = dataset->GetMetadataItem("COMPRESSION", "IMAGE_STRUCTURE")) facts.compression = c;
    if (const char* p = dataset->GetMetadataItem("PREDICTOR", "IMAGE_STRUCTURE")) facts.predictor = p;
    GDALClose(GDALDataset::ToHandle(dataset));
    return facts;
}

bool sameCrs(const std::string& wkt, int epsg)
{
    OGRSpatialReference expected, actual;
    expected.importFromEPSG(epsg);
    if (actual.importFromWkt(wkt.c_str()) != OGRERR_NONE) return false;
    return actual.IsSame(&expected) != 0;
}

} // namespace rb::test
