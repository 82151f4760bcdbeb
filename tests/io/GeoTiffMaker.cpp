#include "GeoTiffMaker.h"

#include <cpl_string.h>
#include <gdal_priv.h>
#include <ogr_spatialref.h>

#include <gtest/gtest.h>

namespace rb::test {

namespace {

void writeGreyPalette(GDALRasterBand& band)
{
    GDALColorTable table;
    for (short i = 0; i < 256; ++i) {
        const GDALColorEntry grey{i, i, i, 255};
        table.SetColorEntry(i, &grey);
    }
    ASSERT_EQ(band.SetColorTable(&table), CE_None);
    ASSERT_EQ(band.SetColorInterpretation(GCI_PaletteIndex), CE_None);
}

// Inside the TIFF, not in a .msk file beside it: one file, as a DEM with a mask comes.
void writeMask(GDALRasterBand& band, int width, int height, const std::function<bool(int, int)>& valid)
{
    CPLSetThreadLocalConfigOption("GDAL_TIFF_INTERNAL_MASK", "YES");
    const CPLErr created = band.CreateMaskBand(GMF_PER_DATASET);
    CPLSetThreadLocalConfigOption("GDAL_TIFF_INTERNAL_MASK", nullptr);
    ASSERT_EQ(created, CE_None);
    GDALRasterBand* mask = band.GetMaskBand();
    std::vector<GByte> row(static_cast<std::size_t>(width));
    for (int y = 0; y < height; ++y) {
        for (int x = 0; x < width; ++x) row[static_cast<std::size_t>(x)] = valid(x, y) ? 255 : 0;
        ASSERT_EQ(mask->RasterIO(GF_Write, 0, y, width, 1, row.data(), width, 1, GDT_Byte, 0, 0), CE_None);
    }
}

} // namespace

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
    if (!spec.crs.empty()) {
        OGRSpatialReference crs;
        ASSERT_EQ(crs.SetFromUserInput(spec.crs.c_str()), OGRERR_NONE) << spec.crs;
        dataset->SetSpatialRef(&crs);
    } else if (spec.epsg) {
        OGRSpatialReference crs;
        crs.importFromEPSG(spec.epsg);
        dataset->SetSpatialRef(&crs);
    }
    GDALRasterBand* band = dataset->GetRasterBand(1);
    if (spec.noData) band->SetNoDataValue(*spec.noData);
    if (spec.scale != 1.0) band->SetScale(spec.scale);
    if (spec.offset != 0.0) band->SetOffset(spec.offset);
    if (!spec.unitType.empty()) band->SetUnitType(spec.unitType.c_str());
    if (spec.palette) writeGreyPalette(*band);
    std::vector<double> row(static_cast<std::size_t>(width));
    for (int y = 0; y < height; ++y) {
        for (int x = 0; x < width; ++x) row[static_cast<std::size_t>(x)] = value(x, y);
        ASSERT_EQ(band->RasterIO(GF_Write, 0, y, width, 1, row.data(), width, 1, GDT_Float64, 0, 0), CE_None);
    }
    if (spec.valid) writeMask(*band, width, height, spec.valid);
    GDALClose(GDALDataset::ToHandle(dataset));
}

void writeTestVrt(const QString& vrtPath, const QString& source, const std::string& crs)
{
    GDALAllRegister();
    GDALDataset* input = GDALDataset::FromHandle(GDALOpen(source.toUtf8().constData(), GA_ReadOnly));
    ASSERT_NE(input, nullptr) << source.toStdString();
    GDALDriver* driver = GetGDALDriverManager()->GetDriverByName("VRT");
    GDALDataset* vrt = driver->CreateCopy(vrtPath.toUtf8().constData(), input, FALSE, nullptr, nullptr, nullptr);
    EXPECT_NE(vrt, nullptr) << vrtPath.toStdString();
    if (vrt) {
        OGRSpatialReference srs;
        EXPECT_EQ(srs.SetFromUserInput(crs.c_str()), OGRERR_NONE) << crs;
        vrt->SetSpatialRef(&srs);
        GDALClose(GDALDataset::ToHandle(vrt)); // written on closing, while its source is still open
    }
    GDALClose(GDALDataset::ToHandle(input));
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
