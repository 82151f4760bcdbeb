// GeoTIFFs written by GDAL in the layouts real DEMs come in, imported through GDAL: cell size,
// values, orientation, NoData, CRS, and the georeference written back by a GeoTIFF export.
#include "GeoTiffMaker.h"
#include "TestMaps.h"

#include "io/export/LayerExport.h"
#include "io/import/GeographicScale.h"
#include "io/import/MapImport.h"
#include "io/map/MapFile.h"
#include "io/map/MapHeader.h"
#include "io/raster/GdalRaster.h"

#include <QFile>
#include <QTemporaryDir>

#include <gtest/gtest.h>
#include <ogr_spatialref.h>

#include <cmath>
#include <memory>

namespace rb {
namespace {

using test::GeoTiffSpec;

constexpr int kWidth = 300; // more than one 256 tile each way, the last ones partial
constexpr int kHeight = 200;
constexpr double kWgs84A = 6378137.0;
constexpr double kWgs84B = 6356752.314245179;

// Float heights exact in float32, different in every neighbourhood.
double floatHeight(int x, int y)
{
    return 250.5 + 0.25 * x - 0.125 * y + ((x * 7 + y * 13) % 17) * 0.5;
}

// Int16 levels, negative ones included.
double int16Height(int x, int y)
{
    return -40.0 + (x * 7 + y * 13) % 997;
}

class GdalImport : public ::testing::Test {
protected:
    QString path(const char* name) const { return dir.filePath(name); }

    QString write(const char* name, const GeoTiffSpec& spec, const std::function<double(int, int)>& value, int w = kWidth, int h = kHeight)
    {
        const QString file = path(name);
        test::writeTestGeoTiff(file, w, h, spec, value);
        return file;
    }

    std::optional<io::ImportedMap> import(const QString& file, io::ImportOptions options = {})
    {
        error.clear();
        return io::importMap(file, options, &error);
    }

    // Every cell of the map holds expected(x, y) exactly.
    static void expectBed(const Map& map, const std::function<double(int, int)>& expected)
    {
        ASSERT_EQ(map.state.lattice.width(), kWidth);
        ASSERT_EQ(map.state.lattice.height(), kHeight);
        for (int y = 0; y < kHeight; ++y)
            for (int x = 0; x < kWidth; ++x) ASSERT_EQ(map.state.bed(x, y), static_cast<float>(expected(x, y))) << x << "," << y;
    }

    static void expectUtm30m(const Map& map)
    {
        EXPECT_EQ(map.state.lattice.cellSize(), 30.0);
        ASSERT_TRUE(map.georeference);
        EXPECT_EQ(map.georeference->originX, 500000.0);
        EXPECT_EQ(map.georeference->originY, 4000000.0);
        EXPECT_EQ(map.georeference->unitsPerMetreX, 1.0);
        EXPECT_EQ(map.georeference->unitsPerMetreY, 1.0);
        EXPECT_TRUE(test::sameCrs(map.georeference->crsWkt, 32633));
    }

    // Band 1 as the reading layer hands it on: for its notes, warnings and counts.
    std::optional<io::GdalRaster> read(const QString& file)
    {
        error.clear();
        return io::readGdalRaster(file, &error);
    }

    QTemporaryDir dir;
    QString error;
};

TEST_F(GdalImport, Float32Striped)
{
    const QString file = write("striped.tif", GeoTiffSpec{}, floatHeight);
    const test::GeoTiffFacts facts = test::readGeoTiffFacts(file);
    EXPECT_EQ(facts.blockWidth, kWidth); // strips: whole rows
    EXPECT_LT(facts.blockHeight, kHeight);
    const auto imported = import(file);
    ASSERT_TRUE(imported) << error.toStdString();
    expectBed(imported->map, floatHeight);
    expectUtm30m(imported->map);
    EXPECT_TRUE(imported->warnings.isEmpty());
    EXPECT_EQ(imported->description, "Float32 GTiff");
}

TEST_F(GdalImport, Float32Tiled256WithDeflateAndPredictor3)
{
    GeoTiffSpec spec;
    spec.creationOptions = {"TILED=YES", "BLOCKXSIZE=256", "BLOCKYSIZE=256", "COMPRESS=DEFLATE", "PREDICTOR=3"};
    const QString file = write("tiled.tif", spec, floatHeight);
    const test::GeoTiffFacts facts = test::readGeoTiffFacts(file);
    EXPECT_EQ(facts.blockWidth, 256);
    EXPECT_EQ(facts.blockHeight, 256);
    EXPECT_EQ(facts.compression, "DEFLATE");
    EXPECT_EQ(facts.predictor, "3");
    const auto imported = import(file);
    ASSERT_TRUE(imported) << error.toStdString();
    expectBed(imported->map, floatHeight);
    expectUtm30m(imported->map);
}

TEST_F(GdalImport, Int16WithLzwAndPredictor2IsMetresWithAWarning)
{
    GeoTiffSpec spec;
    spec.type = "Int16";
    spec.creationOptions = {"COMPRESS=LZW", "PREDICTOR=2"};
    const QString file = write("int16.tif", spec, int16Height);
    const test::GeoTiffFacts facts = test::readGeoTiffFacts(file);
    EXPECT_EQ(facts.compression, "LZW");
    EXPECT_EQ(facts.predictor, "2");
    const auto imported = import(file);
    ASSERT_TRUE(imported) << error.toStdString();
    expectBed(imported->map, int16Height);
    expectUtm30m(imported->map);
    ASSERT_EQ(imported->warnings.size(), 1);
    EXPECT_TRUE(imported->warnings[0].contains("Int16 samples and no height range")) << imported->warnings[0].toStdString();
    EXPECT_TRUE(imported->warnings[0].contains("-32768..32767 m")) << imported->warnings[0].toStdString();
}

// An SRTM-like Int16 band whose unit says metres: one metre per level is what the file says, so no
// warning that it may not be.
TEST_F(GdalImport, Int16InMetresByItsUnitNeedsNoHeightRange)
{
    GeoTiffSpec spec;
    spec.type = "Int16";
    spec.unitType = "m";
    const QString file = write("int16_m.tif", spec, int16Height);
    const auto imported = import(file);
    ASSERT_TRUE(imported) << error.toStdString();
    expectBed(imported->map, int16Height);
    EXPECT_TRUE(imported->warnings.isEmpty()) << imported->warnings.join("|").toStdString();
}

TEST_F(GdalImport, UInt16IsOneMetrePerLevelOrTheHeightRange)
{
    GeoTiffSpec spec;
    spec.type = "UInt16";
    const auto level = [](int x, int y) { return 1000.0 + ((x * 7 + y * 13) % 997) * 50.0; };
    const QString file = write("uint16.tif", spec, level);
    const auto plain = import(file);
    ASSERT_TRUE(plain) << error.toStdString();
    expectBed(plain->map, level);
    ASSERT_EQ(plain->warnings.size(), 1);
    EXPECT_TRUE(plain->warnings[0].contains("UInt16 samples and no height range")) << plain->warnings[0].toStdString();
    io::ImportOptions options;
    options.heightRange = io::HeightRange{-10.0, 10.0};
    const auto ranged = import(file, options);
    ASSERT_TRUE(ranged) << error.toStdString();
    EXPECT_TRUE(ranged->warnings.isEmpty());
    expectBed(ranged->map, [&](int x, int y) { return -10.0 + 20.0 * level(x, y) / 65535.0; });
}

TEST_F(GdalImport, BigTiff)
{
    GeoTiffSpec spec;
    spec.creationOptions = {"BIGTIFF=YES", "COMPRESS=DEFLATE"};
    const QString file = write("big.tif", spec, floatHeight);
    QFile raw(file);
    ASSERT_TRUE(raw.open(QIODevice::ReadOnly));
    EXPECT_EQ(raw.read(4), QByteArray("II+\0", 4)); // BigTIFF's magic
    const auto imported = import(file);
    ASSERT_TRUE(imported) << error.toStdString();
    expectBed(imported->map, floatHeight);
    expectUtm30m(imported->map);
}

bool isHole(int x, int y)
{
    return (x == 10 && y == 10) || (x == 150 && y == 60) || (x >= 100 && x < 105 && y >= 120 && y < 125);
}

double plane(int x, int y)
{
    return 500.0 + 0.5 * x - 0.25 * y;
}

TEST_F(GdalImport, NoDataIsRefusedWithItsCountByDefault)
{
    GeoTiffSpec spec;
    spec.noData = -9999.0;
    const QString file = write("nodata.tif", spec, [](int x, int y) { return isHole(x, y) ? -9999.0 : plane(x, y); });
    EXPECT_FALSE(import(file));
    EXPECT_TRUE(error.contains("27 of 60000 cells are NoData (27 equal to the NoData value -9999)")) << error.toStdString();
    EXPECT_TRUE(error.contains("--nodata fill")) << error.toStdString();
}

TEST_F(GdalImport, NoDataFilledFromTheNeighboursWithItsCount)
{
    GeoTiffSpec spec;
    spec.noData = -9999.0;
    const QString file = write("nodata.tif", spec, [](int x, int y) { return isHole(x, y) ? -9999.0 : plane(x, y); });
    io::ImportOptions options;
    options.noData = io::NoDataPolicy::Fill;
    const auto imported = import(file, options);
    ASSERT_TRUE(imported) << error.toStdString();
    ASSERT_EQ(imported->notes.size(), 1);
    EXPECT_TRUE(imported->notes[0].startsWith("filled 27 NoData cells")) << imported->notes[0].toStdString();
    const FloatField& bed = imported->map.state.bed;
    // A plane's 8 neighbours average to the centre: single holes come back exactly.
    EXPECT_NEAR(bed(10, 10), plane(10, 10), 1e-4);
    EXPECT_NEAR(bed(150, 60), plane(150, 60), 1e-4);
    for (int y = 120; y < 125; ++y)
        for (int x = 100; x < 105; ++x) {
            EXPECT_GE(bed(x, y), plane(99, 125)); // within the rim's range: lowest at (99, 125)
            EXPECT_LE(bed(x, y), plane(105, 119)); // highest at (105, 119)
        }
    EXPECT_EQ(bed(0, 0), static_cast<float>(plane(0, 0))); // valid cells untouched
}

TEST_F(GdalImport, NaNCellsAreNoDataToo)
{
    const QString file = write("nan.tif", GeoTiffSpec{}, [](int x, int y) { return (x == 3 && y == 4) || (x == 299 && y == 199) ? NAN : plane(x, y); });
    EXPECT_FALSE(import(file));
    EXPECT_TRUE(error.contains("2 of 60000 cells are NoData (2 NaN)")) << error.toStdString();
    io::ImportOptions options;
    options.noData = io::NoDataPolicy::Fill;
    const auto imported = import(file, options);
    ASSERT_TRUE(imported) << error.toStdString();
    EXPECT_TRUE(imported->notes.join("|").contains("filled 2 NoData cells (2 NaN)")) << imported->notes.join("|").toStdString();
    EXPECT_NEAR(imported->map.state.bed(3, 4), plane(3, 4), 1e-4);
    EXPECT_TRUE(std::isfinite(imported->map.state.bed(299, 199)));
}

TEST_F(GdalImport, EveryCellNoDataIsRefusedEvenWithFill)
{
    GeoTiffSpec spec;
    spec.noData = 0.0;
    const QString file = write("empty.tif", spec, [](int, int) { return 0.0; }, 4, 4);
    io::ImportOptions options;
    options.noData = io::NoDataPolicy::Fill;
    EXPECT_FALSE(import(file, options));
    EXPECT_TRUE(error.contains("every cell is NoData")) << error.toStdString();
}

TEST_F(GdalImport, SouthUpRastersAreFlipped)
{
    GeoTiffSpec spec;
    spec.geoTransform = std::array<double, 6>{500000.0, 30.0, 0.0, 4000000.0 - kHeight * 30.0, 0.0, 30.0}; // row 0 is the south edge
    const QString file = write("southup.tif", spec, [](int x, int y) { return floatHeight(x, kHeight - 1 - y); });
    const auto imported = import(file);
    ASSERT_TRUE(imported) << error.toStdString();
    expectBed(imported->map, floatHeight);
    expectUtm30m(imported->map); // the north-west corner is where the north-up file has it
    EXPECT_TRUE(imported->notes.join("|").contains("south-up")) << imported->notes.join("|").toStdString();
}

TEST_F(GdalImport, NonSquarePixelsAreResampledToSquareCells)
{
    GeoTiffSpec spec;
    spec.geoTransform = std::array<double, 6>{500000.0, 30.0, 0.0, 4000000.0, 0.0, -20.0}; // 30 m east, 20 m north
    const auto metresPlane = [](double east, double south) { return 100.0 + 0.01 * east - 0.02 * south; };
    const QString file = write("nonsquare.tif", spec, [&](int x, int y) { return metresPlane((x + 0.5) * 30.0, (y + 0.5) * 20.0); });
    const auto imported = import(file);
    ASSERT_TRUE(imported) << error.toStdString();
    const Map& map = imported->map;
    EXPECT_EQ(map.state.lattice.cellSize(), 20.0);
    EXPECT_EQ(map.state.lattice.width(), 450); // 300 × 30 / 20
    EXPECT_EQ(map.state.lattice.height(), 200);
    EXPECT_TRUE(imported->notes.join("|").contains("non-square pixels (30 x 20 m): resampled bilinearly from 300x200 to 450x200"))
        << imported->notes.join("|").toStdString();
    for (int y = 0; y < 200; y += 7)
        for (int x = 2; x < 448; x += 5) // a plane survives bilinear resampling away from the held edge
            ASSERT_NEAR(map.state.bed(x, y), metresPlane((x + 0.5) * 20.0, (y + 0.5) * 20.0), 1e-3) << x << "," << y;
    ASSERT_TRUE(map.georeference);
    EXPECT_DOUBLE_EQ(map.georeference->unitsPerMetreX, 1.0);
    EXPECT_DOUBLE_EQ(map.georeference->unitsPerMetreY, 1.0);
}

TEST_F(GdalImport, GeographicCrsIsConvertedAtTheCentreLatitude)
{
    GeoTiffSpec spec;
    spec.epsg = 4326;
    const double arcSecond = 1.0 / 3600.0;
    spec.geoTransform = std::array<double, 6>{10.0, arcSecond, 0.0, 46.0, 0.0, -arcSecond};
    const QString file = write("wgs84.tif", spec, [](int x, int y) { return 800.0 + x - y; }, 120, 120);
    const auto imported = import(file);
    ASSERT_TRUE(imported) << error.toStdString();
    const io::GeographicScale scale = io::geographicScale(kWgs84A, kWgs84B, 46.0 - 60.0 * arcSecond);
    const Map& map = imported->map;
    EXPECT_NEAR(map.state.lattice.cellSize(), scale.metresPerDegreeEast * arcSecond, 1e-9); // east is the shorter side
    EXPECT_EQ(map.state.lattice.width(), 120);
    EXPECT_EQ(map.state.lattice.height(), std::lround(120 * scale.metresPerDegreeNorth / scale.metresPerDegreeEast));
    EXPECT_TRUE(imported->notes.join("|").contains("geographic CRS: degrees converted to metres at the centre latitude 45.98333333"))
        << imported->notes.join("|").toStdString();
    ASSERT_TRUE(map.georeference);
    EXPECT_TRUE(test::sameCrs(map.georeference->crsWkt, 4326));
    EXPECT_NEAR(map.georeference->unitsPerMetreX * map.state.lattice.worldWidth(), 120 * arcSecond, 1e-12);
    EXPECT_NEAR(map.georeference->unitsPerMetreY * map.state.lattice.worldHeight(), 120 * arcSecond, 1e-12);
}

TEST_F(GdalImport, MetresPerDegreeFollowTheEllipsoid)
{
    const io::GeographicScale at45 = io::geographicScale(kWgs84A, kWgs84B, 45.0);
    EXPECT_NEAR(at45.metresPerDegreeNorth, 111131.777, 1e-3); // the WGS 84 values at 45°
    EXPECT_NEAR(at45.metresPerDegreeEast, 78846.835, 1e-3);
    const io::GeographicScale equator = io::geographicScale(kWgs84A, kWgs84B, 0.0);
    EXPECT_NEAR(equator.metresPerDegreeEast, 111319.491, 1e-3);
}

TEST_F(GdalImport, GeographicRasterTooTallForOneScaleIsRefusedWithAHint)
{
    GeoTiffSpec spec;
    spec.epsg = 4326;
    spec.geoTransform = std::array<double, 6>{-180.0, 0.5, 0.0, 80.0, 0.0, -0.5};
    const QString file = write("world.tif", spec, [](int, int) { return 0.0; }, 720, 320);
    EXPECT_FALSE(import(file));
    EXPECT_TRUE(error.contains("geographic CRS (degrees) spanning latitudes -80..80")) << error.toStdString();
    EXPECT_TRUE(error.contains("gdalwarp -t_srs")) << error.toStdString();
}

TEST_F(GdalImport, AConflictingCellSizeNamesBothValues)
{
    const QString file = write("utm.tif", GeoTiffSpec{}, floatHeight, 8, 8);
    io::ImportOptions options;
    options.cellSize = 5.0;
    EXPECT_FALSE(import(file, options));
    EXPECT_TRUE(error.contains("--cell-size 5 m conflicts with the raster's pixel size 30 m")) << error.toStdString();
    options.cellSize = 30.0;
    EXPECT_TRUE(import(file, options)) << error.toStdString();
}

TEST_F(GdalImport, WithoutAGeotransformTheCellSizeIsNeeded)
{
    GeoTiffSpec spec;
    spec.geoTransform.reset();
    spec.epsg = 0;
    const QString file = write("plain.tif", spec, floatHeight, 8, 8);
    EXPECT_FALSE(import(file));
    EXPECT_TRUE(error.contains("has no geotransform: give its pixel size with --cell-size M")) << error.toStdString();
    io::ImportOptions options;
    options.cellSize = 2.0;
    const auto imported = import(file, options);
    ASSERT_TRUE(imported) << error.toStdString();
    EXPECT_EQ(imported->map.state.lattice.cellSize(), 2.0);
    EXPECT_FALSE(imported->map.georeference);
}

// ---- what the band says of its values: scale and offset, unit, mask, palette; grads.

TEST_F(GdalImport, TheBandsScaleAndOffsetMakeTheHeights)
{
    GeoTiffSpec spec;
    spec.type = "Int16";
    spec.scale = 0.1;
    spec.offset = 1000.0;
    const QString file = write("scaled.tif", spec, int16Height);
    const auto imported = import(file);
    ASSERT_TRUE(imported) << error.toStdString();
    expectBed(imported->map, [](int x, int y) { return int16Height(x, y) * 0.1 + 1000.0; });
    EXPECT_TRUE(imported->warnings.isEmpty()) << imported->warnings.join("|").toStdString(); // heights, not levels for a range
    const auto raster = read(file);
    ASSERT_TRUE(raster) << error.toStdString();
    EXPECT_FALSE(raster->integer);
    EXPECT_EQ(raster->notes, QStringList{"the band's scale 0.1 and offset 1000 applied: height = stored value × 0.1 + 1000"});
}

TEST_F(GdalImport, NoDataIsAStoredValueBeforeScaleAndOffset) // GDAL's convention
{
    GeoTiffSpec spec;
    spec.type = "Int16";
    spec.scale = 0.1;
    spec.offset = 1000.0;
    spec.noData = -32768.0;
    const QString file = write("scaled_nodata.tif", spec, [](int x, int y) { return isHole(x, y) ? -32768.0 : int16Height(x, y); });
    EXPECT_FALSE(import(file));
    EXPECT_TRUE(error.contains("27 of 60000 cells are NoData (27 equal to the NoData value -32768)")) << error.toStdString();
    io::ImportOptions options;
    options.noData = io::NoDataPolicy::Fill;
    const auto imported = import(file, options);
    ASSERT_TRUE(imported) << error.toStdString();
    EXPECT_EQ(imported->map.state.bed(0, 0), static_cast<float>(int16Height(0, 0) * 0.1 + 1000.0));
    EXPECT_GT(imported->map.state.bed(10, 10), 990.0f); // filled from scaled neighbours
}

TEST_F(GdalImport, HeightsInFeetAreConvertedToMetres)
{
    const double usFoot = 1200.0 / 3937.0;
    const std::vector<std::pair<std::string, double>> units = {{"ft", 0.3048}, {"foot", 0.3048}, {"feet", 0.3048}, {"US survey foot", usFoot},
                                                               {"ftUS", usFoot}, {"metre", 1.0}, {"m", 1.0}, {"", 1.0}};
    for (const auto& [unit, metres] : units) {
        GeoTiffSpec spec;
        spec.unitType = unit;
        const QString file = write("unit.tif", spec, floatHeight);
        const auto imported = import(file);
        ASSERT_TRUE(imported) << unit << ": " << error.toStdString();
        expectBed(imported->map, [metres = metres](int x, int y) { return floatHeight(x, y) * metres; });
        expectUtm30m(imported->map); // the horizontal units are the CRS's, metres
        const auto raster = read(file);
        ASSERT_TRUE(raster) << error.toStdString();
        EXPECT_EQ(raster->notes.join("|").contains("converted to metres"), metres != 1.0) << unit << ": " << raster->notes.join("|").toStdString();
        EXPECT_TRUE(raster->warnings.isEmpty()) << unit;
    }
}

// EPSG:6360 is NAVD88 height in US survey feet. GDAL's GeoTIFF reader gives the band that unit;
// a VRT does not, and the CRS's vertical part is all there is to go by.
TEST_F(GdalImport, ACompoundCrsGivesTheVerticalUnit)
{
    GeoTiffSpec spec;
    spec.crs = "EPSG:32633+6360";
    const QString tif = write("compound.tif", spec, floatHeight, 40, 30);
    GeoTiffSpec bare;
    bare.epsg = 0;
    const QString vrt = path("compound.vrt");
    test::writeTestVrt(vrt, write("bare.tif", bare, floatHeight, 40, 30), spec.crs);
    for (const QString& file : {tif, vrt}) {
        const auto imported = import(file);
        ASSERT_TRUE(imported) << error.toStdString();
        const Map& map = imported->map;
        EXPECT_EQ(map.state.lattice.cellSize(), 30.0);
        for (int y = 0; y < 30; ++y)
            for (int x = 0; x < 40; ++x) ASSERT_NEAR(map.state.bed(x, y), floatHeight(x, y) * 1200.0 / 3937.0, 1e-4) << x << "," << y;
        const auto raster = read(file);
        ASSERT_TRUE(raster) << error.toStdString();
        EXPECT_TRUE(raster->notes.join("|").contains("converted to metres")) << raster->notes.join("|").toStdString();
    }
    EXPECT_TRUE(read(vrt)->notes.join("|").contains("(the CRS's vertical unit)")) << read(vrt)->notes.join("|").toStdString();
}

TEST_F(GdalImport, AUnitThatIsNoLengthIsRefused)
{
    for (const char* unit : {"degC", "K", "m/s", "kg m-2", "%", "degrees"}) {
        GeoTiffSpec spec;
        spec.unitType = unit;
        EXPECT_FALSE(import(write("celsius.tif", spec, floatHeight, 8, 8))) << unit;
        EXPECT_TRUE(error.contains(QString("the band's unit '%1' is not a length").arg(unit))) << error.toStdString();
        EXPECT_TRUE(error.contains("gdal_edit.py -units m")) << error.toStdString();
    }
}

TEST_F(GdalImport, AnUnknownUnitIsTakenAsMetresWithAWarning)
{
    GeoTiffSpec spec;
    spec.unitType = "m above sea level"; // a length first: metres, nothing to say
    const auto sea = read(write("asl.tif", spec, floatHeight, 8, 8));
    ASSERT_TRUE(sea) << error.toStdString();
    EXPECT_TRUE(sea->warnings.isEmpty()) << sea->warnings.join("|").toStdString();
    EXPECT_EQ(sea->samples(3, 2), static_cast<float>(floatHeight(3, 2)));
    spec.unitType = "fathom";
    const auto odd = read(write("fathom.tif", spec, floatHeight, 8, 8));
    ASSERT_TRUE(odd) << error.toStdString();
    EXPECT_EQ(odd->samples(3, 2), static_cast<float>(floatHeight(3, 2)));
    EXPECT_EQ(odd->warnings, QStringList{"the band's unit 'fathom' is not one riverbed knows: heights taken as metres "
                                         "(if they are not, set the unit, e.g. gdal_edit.py -units ft IN)"});
}

TEST_F(GdalImport, CellsOutsideTheMaskAreNoData)
{
    GeoTiffSpec spec; // no NoData value: the mask alone says which cells hold nothing
    spec.valid = [](int x, int y) { return !isHole(x, y); };
    const QString file = write("masked.tif", spec, [](int x, int y) { return isHole(x, y) ? -5000.0 : plane(x, y); });
    EXPECT_FALSE(import(file));
    EXPECT_TRUE(error.contains("27 of 60000 cells are NoData")) << error.toStdString();
    io::ImportOptions options;
    options.noData = io::NoDataPolicy::Fill;
    const auto imported = import(file, options);
    ASSERT_TRUE(imported) << error.toStdString();
    EXPECT_NEAR(imported->map.state.bed(10, 10), plane(10, 10), 1e-4);
    EXPECT_EQ(imported->map.state.bed(0, 0), static_cast<float>(plane(0, 0)));
    const auto raster = read(file);
    ASSERT_TRUE(raster) << error.toStdString();
    EXPECT_EQ(raster->maskedCells, 27u);
    EXPECT_EQ(raster->invalidCellCounts(), "27 masked out by the file's mask");
}

TEST_F(GdalImport, AMaskAndANoDataValueCountEachCellOnce)
{
    GeoTiffSpec spec;
    spec.noData = -9999.0;
    spec.valid = [](int x, int y) { return !isHole(x, y) && !(y == 0 && x < 3); }; // the holes, and three more
    const QString file = write("both.tif", spec, [](int x, int y) { return isHole(x, y) ? -9999.0 : plane(x, y); });
    EXPECT_FALSE(import(file));
    EXPECT_TRUE(error.contains("30 of 60000 cells are NoData")) << error.toStdString();
    const auto raster = read(file);
    ASSERT_TRUE(raster) << error.toStdString();
    EXPECT_EQ(raster->invalidCellCounts(), "27 equal to the NoData value -9999, 3 masked out by the file's mask");
}

TEST_F(GdalImport, APaletteRasterIsRefused)
{
    GeoTiffSpec spec;
    spec.type = "Byte";
    spec.palette = true;
    EXPECT_FALSE(import(write("palette.tif", spec, [](int x, int y) { return (x + 3 * y) % 256; }, 16, 16)));
    EXPECT_TRUE(error.contains("unsupported layout: Byte palette raster")) << error.toStdString();
}

// Where a point given in a CRS lies in WGS 84, longitude first.
std::pair<double, double> inWgs84(const std::string& crsWkt, double x, double y)
{
    OGRSpatialReference from, wgs84;
    from.importFromWkt(crsWkt.c_str());
    wgs84.importFromEPSG(4326);
    from.SetAxisMappingStrategy(OAMS_TRADITIONAL_GIS_ORDER);
    wgs84.SetAxisMappingStrategy(OAMS_TRADITIONAL_GIS_ORDER);
    std::unique_ptr<OGRCoordinateTransformation> transform(OGRCreateCoordinateTransformation(&from, &wgs84));
    EXPECT_TRUE(transform && transform->Transform(1, &x, &y));
    return {x, y};
}

TEST_F(GdalImport, AGeographicCrsInGradsIsReadInDegrees)
{
    GeoTiffSpec spec;
    spec.epsg = 4807; // NTF (Paris): grads, east of the Paris meridian
    const double grad = 0.9, step = 1.0 / 3600.0;
    spec.geoTransform = std::array<double, 6>{2.0, step, 0.0, 50.0, 0.0, -step}; // 50 grads north is 45°
    const QString file = write("ntf.tif", spec, [](int x, int y) { return 800.0 + x - y; }, 120, 120);
    const auto raster = read(file);
    ASSERT_TRUE(raster) << error.toStdString();
    ASSERT_TRUE(raster->geoTransform);
    EXPECT_NEAR((*raster->geoTransform)[3], 45.0, 1e-12);
    EXPECT_NEAR((*raster->geoTransform)[1], step * grad, 1e-15);
    EXPECT_TRUE(raster->notes.join("|").contains("geographic CRS in grad")) << raster->notes.join("|").toStdString();
    const auto imported = import(file);
    ASSERT_TRUE(imported) << error.toStdString();
    const io::GeographicScale scale = io::geographicScale(raster->semiMajor, raster->semiMinor, (50.0 - 60.0 * step) * grad);
    const Map& map = imported->map;
    EXPECT_NEAR(map.state.lattice.cellSize(), scale.metresPerDegreeEast * step * grad, 1e-9);
    ASSERT_TRUE(map.georeference);
    // The georeference's corner, in its CRS, is the file's corner in EPSG:4807.
    OGRSpatialReference ntf;
    ntf.importFromEPSG(4807);
    char* wkt = nullptr;
    ntf.exportToWkt(&wkt);
    const auto [fileLon, fileLat] = inWgs84(wkt, 2.0, 50.0);
    CPLFree(wkt);
    const auto [mapLon, mapLat] = inWgs84(map.georeference->crsWkt, map.georeference->originX, map.georeference->originY);
    EXPECT_NEAR(mapLon, fileLon, 1e-9);
    EXPECT_NEAR(mapLat, fileLat, 1e-9);
    EXPECT_NEAR(fileLat, 45.0, 0.01); // the same datum shift aside, 50 grads
}

// ---- the georeference goes back out: map file, GeoTIFF export.

std::array<double, 6> exportedTransform(const Map& map, const QString& file, std::string* crs, io::ExportSettings settings = {})
{
    settings.georeference = map.georeference;
    QString error;
    EXPECT_TRUE(io::exportLayer(map.state, io::Layer::Terrain, file, settings, &error)) << error.toStdString();
    const test::GeoTiffFacts facts = test::readGeoTiffFacts(file);
    EXPECT_TRUE(facts.hasGeoTransform);
    *crs = facts.crsWkt;
    return facts.geoTransform;
}

TEST_F(GdalImport, AGeoTiffExportLandsWhereTheImportCameFrom)
{
    for (const char* name : {"north.tif", "south.tif"}) {
        GeoTiffSpec spec;
        if (QString(name) == "south.tif") spec.geoTransform = std::array<double, 6>{500000.0, 30.0, 0.0, 4000000.0 - 40 * 30.0, 0.0, 30.0};
        const auto imported = import(write(name, spec, floatHeight, 50, 40));
        ASSERT_TRUE(imported) << error.toStdString();
        std::string crs;
        const std::array<double, 6> gt = exportedTransform(imported->map, path("out.tif"), &crs);
        EXPECT_EQ(gt, (std::array<double, 6>{500000.0, 30.0, 0.0, 4000000.0, 0.0, -30.0})) << name; // north up
        EXPECT_TRUE(test::sameCrs(crs, 32633)) << crs;
    }
}

TEST_F(GdalImport, AGeographicRoundTripKeepsTheExtentInDegrees)
{
    GeoTiffSpec spec;
    spec.epsg = 4326;
    const double arcSecond = 1.0 / 3600.0;
    spec.geoTransform = std::array<double, 6>{10.0, arcSecond, 0.0, 46.0, 0.0, -arcSecond};
    const auto imported = import(write("wgs84.tif", spec, [](int x, int y) { return 800.0 + x - y; }, 60, 60));
    ASSERT_TRUE(imported) << error.toStdString();
    std::string crs;
    const std::array<double, 6> gt = exportedTransform(imported->map, path("out.tif"), &crs);
    const Lattice& l = imported->map.state.lattice;
    EXPECT_NEAR(gt[0], 10.0, 1e-12);
    EXPECT_NEAR(gt[3], 46.0, 1e-12);
    EXPECT_NEAR(gt[1] * l.width(), 60 * arcSecond, 1e-12);  // the same west–east extent
    EXPECT_NEAR(gt[5] * l.height(), -60 * arcSecond, 1e-12); // and north–south
    EXPECT_TRUE(test::sameCrs(crs, 4326)) << crs;
}

TEST_F(GdalImport, AResizedExportKeepsTheExtent)
{
    const auto imported = import(write("utm.tif", GeoTiffSpec{}, floatHeight, 50, 40));
    ASSERT_TRUE(imported) << error.toStdString();
    io::ExportSettings settings;
    settings.size = 25;
    std::string crs;
    const std::array<double, 6> gt = exportedTransform(imported->map, path("small.tif"), &crs, settings);
    EXPECT_EQ(gt, (std::array<double, 6>{500000.0, 60.0, 0.0, 4000000.0, 0.0, -48.0})); // 1500 m / 25, 1200 m / 25
}

TEST_F(GdalImport, TheMapFileKeepsTheGeoreference)
{
    const auto imported = import(write("utm.tif", GeoTiffSpec{}, floatHeight, 8, 8));
    ASSERT_TRUE(imported) << error.toStdString();
    QString problem;
    const std::optional<Map> back = io::decodeMap(io::encodeMap(imported->map), &problem);
    ASSERT_TRUE(back) << problem.toStdString();
    EXPECT_EQ(*back, imported->map);
    ASSERT_TRUE(back->georeference);
    EXPECT_TRUE(test::sameCrs(back->georeference->crsWkt, 32633));
}

// The member is optional: a map without a georeference writes the header it always did (so older
// readers and files stay as they were), and a broken one is refused on reading.
TEST_F(GdalImport, TheGeoreferenceMemberIsOptionalAndChecked)
{
    Map plain = test::randomMap(LatticeKind::Square, 6, 5, 3);
    EXPECT_FALSE(io::headerToJson(plain).contains("georeference"));
    Map broken = plain;
    broken.georeference = Georeference{"", 1.0, 2.0, 0.0, 1.0};
    EXPECT_TRUE(io::headerToJson(broken).contains("georeference"));
    QString problem;
    EXPECT_FALSE(io::decodeMap(io::encodeMap(broken), &problem));
    EXPECT_EQ(problem, "invalid values: the georeference's units per metre must lie in [1e-12, 1e12]");
    // Scales that would put the corners at infinity or below any float's resolution.
    for (const double units : {1e307, 5e-324}) {
        broken.georeference = Georeference{"", 1.0, 2.0, units, 1.0};
        EXPECT_FALSE(io::decodeMap(io::encodeMap(broken), &problem)) << units;
        EXPECT_TRUE(problem.contains("units per metre must lie in")) << problem.toStdString();
    }
    // A CRS no export could write is refused on reading, naming the member.
    broken.georeference = Georeference{"not a CRS", 1.0, 2.0, 1.0, 1.0};
    EXPECT_FALSE(io::decodeMap(io::encodeMap(broken), &problem));
    EXPECT_TRUE(problem.contains("georeference.crs is not a coordinate reference system")) << problem.toStdString();
}

TEST_F(GdalImport, OwnReadersStillNeedACellSize) // PNG, EXR, .npy, raw: no geotransform to read
{
    const QString file = path("h.npy");
    QFile npy(file);
    ASSERT_TRUE(npy.open(QIODevice::WriteOnly));
    npy.write(QByteArray("\x93NUMPY\x01\x00\x76\x00", 10) + QByteArray("{'descr': '<f4', 'fortran_order': False, 'shape': (2, 2), }").leftJustified(117, ' ') + "\n"
              + QByteArray(16, '\0'));
    npy.close();
    EXPECT_FALSE(import(file));
    EXPECT_TRUE(error.contains("give the pixel size with --cell-size M")) << error.toStdString();
}

} // namespace
} // namespace rb
