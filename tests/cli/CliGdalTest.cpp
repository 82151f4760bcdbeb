// riverbed-cli import/export with GeoTIFFs made by gdal_translate (gdal-bin), checked by
// gdalinfo -json: the command line's side of the GDAL import and of the engine presets.
#include "CliRun.h"

#include <gtest/gtest.h>

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>

namespace {

using rb::test::CliRun;
using rb::test::cli;

// Runs a GDAL command-line tool; its stdout, or a failed test.
QString gdalTool(const QString& program, const QStringList& args)
{
    QProcess process;
    process.start(program, args);
    EXPECT_TRUE(process.waitForFinished(60000)) << program.toStdString();
    EXPECT_EQ(process.exitCode(), 0) << program.toStdString() << ": " << process.readAllStandardError().toStdString();
    return QString::fromUtf8(process.readAllStandardOutput());
}

QJsonObject gdalinfo(const QString& file)
{
    return QJsonDocument::fromJson(gdalTool("gdalinfo", {"-json", file}).toUtf8()).object();
}

QJsonObject lastJsonLine(const QString& out)
{
    const QStringList lines = out.split('\n', Qt::SkipEmptyParts);
    return lines.isEmpty() ? QJsonObject{} : QJsonDocument::fromJson(lines.back().toUtf8()).object();
}

class CliGdal : public ::testing::Test {
protected:
    void SetUp() override
    {
        ASSERT_TRUE(dir.isValid());
        // A 6×4 ESRI ASCII grid, 30 m cells, one NoData cell; gdal_translate makes the GeoTIFFs.
        QFile asc(dir.filePath("dem.asc"));
        ASSERT_TRUE(asc.open(QIODevice::WriteOnly));
        asc.write("ncols 6\nnrows 4\nxllcorner 500000\nyllcorner 4000000\ncellsize 30\nNODATA_value -9999\n"
                  "101 102 103 104 105 106\n"
                  "111 112 113 114 115 116\n"
                  "121 122 -9999 124 125 126\n"
                  "131 132 133 134 135 136\n");
    }

    // A 6×4 water depth raster of 1 m, placed by gdal_translate's options.
    QString gdalWater(const QString& name, const QStringList& placement)
    {
        QFile asc(dir.filePath(name + ".asc"));
        EXPECT_TRUE(asc.open(QIODevice::WriteOnly));
        asc.write("ncols 6\nnrows 4\nxllcorner 0\nyllcorner 0\ncellsize 1\n1 1 1 1 1 1\n1 1 1 1 1 1\n1 1 1 1 1 1\n1 1 1 1 1 1\n");
        asc.close();
        const QString out = dir.filePath(name);
        gdalTool("gdal_translate", QStringList{"-q", "-ot", "Float32"} + placement + QStringList{asc.fileName(), out});
        return out;
    }

    QString translate(const QString& name, const QStringList& options)
    {
        const QString out = dir.filePath(name);
        gdalTool("gdal_translate", QStringList{"-q", "-a_srs", "EPSG:32633"} + options + QStringList{dir.filePath("dem.asc"), out});
        return out;
    }

    QTemporaryDir dir;
};

TEST_F(CliGdal, Int16GeoTiffRoundTripsItsGeoreference)
{
    const QString tif = translate("dem.tif", {"-ot", "Int16", "-co", "COMPRESS=LZW", "-co", "PREDICTOR=2"});
    const QString map = dir.filePath("dem.rbmap");
    const CliRun imported = cli({"import", tif, "--nodata", "fill", "-o", map});
    ASSERT_EQ(imported.exitCode, 0) << imported.err.toStdString();
    const QJsonObject summary = lastJsonLine(imported.out);
    EXPECT_EQ(summary["dx"].toDouble(), 30.0);
    EXPECT_EQ(summary["width"].toInt(), 6);
    EXPECT_TRUE(summary["georeferenced"].toBool());
    EXPECT_EQ(summary["bedMin"].toDouble(), 101.0);
    EXPECT_EQ(summary["bedMax"].toDouble(), 136.0);
    EXPECT_TRUE(summary["notes"].toArray().first().toString().startsWith("filled 1 NoData cells")) << imported.out.toStdString();
    EXPECT_TRUE(imported.err.contains("warning: " + tif + ": Int16 samples and no height range")) << imported.err.toStdString();

    const QJsonObject georeference = lastJsonLine(cli({"info", map}).out)["georeference"].toObject();
    EXPECT_EQ(georeference["originX"].toDouble(), 500000.0);
    EXPECT_EQ(georeference["originY"].toDouble(), 4000120.0);

    const QString out = dir.filePath("out.tif");
    const CliRun exported = cli({"export", map, "--terrain", out});
    ASSERT_EQ(exported.exitCode, 0) << exported.err.toStdString();
    const QJsonObject before = gdalinfo(tif), after = gdalinfo(out);
    EXPECT_EQ(after["geoTransform"].toArray(), before["geoTransform"].toArray());
    EXPECT_EQ(after["geoTransform"].toArray(), (QJsonArray{500000.0, 30.0, 0.0, 4000120.0, 0.0, -30.0}));
    EXPECT_EQ(after["coordinateSystem"].toObject()["wkt"].toString(), before["coordinateSystem"].toObject()["wkt"].toString());
    EXPECT_EQ(after["cornerCoordinates"].toObject(), before["cornerCoordinates"].toObject());
    EXPECT_EQ(after["bands"].toArray().first().toObject()["type"].toString(), "Float32");
}

// A simulated map keeps what the solver does not hold: the georeference of the DEM it came from
// (so its GeoTIFF exports still say where they lie) and a generated map's settings.
TEST_F(CliGdal, SimulatedMapsKeepTheirGeoreferenceAndGeneratorSettings)
{
    const QString map = dir.filePath("dem.rbmap"), simulated = dir.filePath("simulated.rbmap");
    ASSERT_EQ(cli({"import", translate("dem.tif", {"-ot", "Float32"}), "--nodata", "fill", "-o", map}).exitCode, 0);
    const CliRun run = cli({"simulate", map, "--steps", "3", "--fill-to", "120", "-o", simulated});
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    EXPECT_EQ(lastJsonLine(cli({"info", simulated}).out)["georeference"], lastJsonLine(cli({"info", map}).out)["georeference"]);
    const QString out = dir.filePath("simulated.tif");
    ASSERT_EQ(cli({"export", simulated, "--terrain", out}).exitCode, 0);
    EXPECT_EQ(gdalinfo(out)["geoTransform"].toArray(), (QJsonArray{500000.0, 30.0, 0.0, 4000120.0, 0.0, -30.0}));

    const QString generated = dir.filePath("island.rbmap");
    ASSERT_EQ(cli({"generate", "--preset", "island", "--size", "48", "-o", generated}).exitCode, 0);
    ASSERT_EQ(cli({"simulate", generated, "--steps", "0", "-o", simulated}).exitCode, 0);
    const QJsonValue settings = lastJsonLine(cli({"info", simulated}).out)["generator"];
    EXPECT_TRUE(settings.isObject());
    EXPECT_EQ(settings, lastJsonLine(cli({"info", generated}).out)["generator"]);
}

// Import never writes over what it reads, names a missing or empty file as such, and takes a water
// raster only where it lies on the heightmap's grid and in its CRS.
TEST_F(CliGdal, ImportKeepsItsInputsAndChecksWhereTheWaterLies)
{
    const QString dem = translate("dem.tif", {"-ot", "Float32"});
    const QByteArray before = [&] {
        QFile f(dem);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }();
    const CliRun overwrite = cli({"import", dem, "--nodata", "fill", "-o", dem});
    EXPECT_EQ(overwrite.exitCode, 2);
    EXPECT_TRUE(overwrite.err.contains("is the input")) << overwrite.err.toStdString();
    QFile after(dem);
    ASSERT_TRUE(after.open(QIODevice::ReadOnly));
    EXPECT_EQ(after.readAll(), before) << "the DEM must survive";

    const CliRun sized = cli({"import", dem, "--size", "6x4", "-o", dir.filePath("m.rbmap")});
    EXPECT_EQ(sized.exitCode, 2);
    EXPECT_TRUE(sized.err.contains("--size is for raw heightmaps")) << sized.err.toStdString();

    const CliRun missing = cli({"import", dir.filePath("missing.tif"), "-o", dir.filePath("m.rbmap")});
    EXPECT_EQ(missing.exitCode, 1);
    EXPECT_TRUE(missing.err.contains("cannot open")) << missing.err.toStdString();
    QFile empty(dir.filePath("empty.tif"));
    ASSERT_TRUE(empty.open(QIODevice::WriteOnly));
    empty.close();
    EXPECT_TRUE(cli({"import", empty.fileName(), "-o", dir.filePath("m.rbmap")}).err.contains("the file is empty"));

    // Water on the DEM's own grid is taken; the same grid 100 km east, or in another CRS, is not.
    const QString here = gdalWater("here.tif", {"-a_ullr", "500000", "4000120", "500180", "4000000", "-a_srs", "EPSG:32633"});
    const CliRun taken = cli({"import", dem, "--nodata", "fill", "--water", here, "-o", dir.filePath("w.rbmap")});
    EXPECT_EQ(taken.exitCode, 0) << taken.err.toStdString();
    const QString east = gdalWater("east.tif", {"-a_ullr", "600000", "4000120", "600180", "4000000", "-a_srs", "EPSG:32633"});
    const CliRun elsewhere = cli({"import", dem, "--nodata", "fill", "--water", east, "-o", dir.filePath("w.rbmap")});
    EXPECT_EQ(elsewhere.exitCode, 1);
    EXPECT_TRUE(elsewhere.err.contains("lies elsewhere")) << elsewhere.err.toStdString();
    const QString otherCrs = gdalWater("crs.tif", {"-a_ullr", "500000", "4000120", "500180", "4000000", "-a_srs", "EPSG:32632"});
    const CliRun crs = cli({"import", dem, "--nodata", "fill", "--water", otherCrs, "-o", dir.filePath("w.rbmap")});
    EXPECT_EQ(crs.exitCode, 1);
    EXPECT_TRUE(crs.err.contains("is not the heightmap's")) << crs.err.toStdString();
}

// currents -o writes a GeoTIFF that says where the map lies, as export --currents does.
TEST_F(CliGdal, CurrentsGeoTiffKeepsTheGeoreference)
{
    const QString map = dir.filePath("dem.rbmap"), wet = dir.filePath("wet.rbmap"), out = dir.filePath("current.tif");
    ASSERT_EQ(cli({"import", translate("dem.tif", {"-ot", "Float32"}), "--nodata", "fill", "-o", map}).exitCode, 0);
    ASSERT_EQ(cli({"simulate", map, "--steps", "1", "--fill-to", "140", "-o", wet}).exitCode, 0);
    const CliRun run = cli({"currents", wet, "--current", "west=0.3", "-o", out});
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    EXPECT_EQ(gdalinfo(out)["geoTransform"].toArray(), (QJsonArray{500000.0, 30.0, 0.0, 4000120.0, 0.0, -30.0}));
}

TEST_F(CliGdal, NoDataIsRefusedByDefaultWithItsCount)
{
    const QString tif = translate("dem.tif", {"-ot", "Float32"});
    const CliRun refused = cli({"import", tif, "-o", dir.filePath("x.rbmap")});
    EXPECT_EQ(refused.exitCode, 1);
    EXPECT_TRUE(refused.err.contains("1 of 24 cells are NoData (1 equal to the NoData value -9999); import with --nodata fill"))
        << refused.err.toStdString();
    EXPECT_EQ(cli({"import", tif, "--nodata", "maybe", "-o", dir.filePath("x.rbmap")}).exitCode, 2);
}

TEST_F(CliGdal, AConflictingCellSizeIsAnErrorNamingBoth)
{
    const QString tif = translate("dem.tif", {"-ot", "Float32", "-a_nodata", "none"});
    const CliRun conflict = cli({"import", tif, "--cell-size", "5", "-o", dir.filePath("x.rbmap")});
    EXPECT_EQ(conflict.exitCode, 1);
    EXPECT_TRUE(conflict.err.contains("--cell-size 5 m conflicts with the raster's pixel size 30 m")) << conflict.err.toStdString();
}

TEST_F(CliGdal, SixteenBitPngWithoutARangeGetsAWarning)
{
    const QString png = dir.filePath("dem.png");
    gdalTool("gdal_translate", {"-q", "-of", "PNG", "-ot", "UInt16", "-a_nodata", "none", dir.filePath("dem.asc"), png});
    QFile::remove(png + ".aux.xml"); // GDAL's own side file; Riverbed reads the PNG itself
    const CliRun imported = cli({"import", png, "--cell-size", "2", "-o", dir.filePath("png.rbmap")});
    ASSERT_EQ(imported.exitCode, 0) << imported.err.toStdString();
    EXPECT_TRUE(imported.err.contains("16-bit grayscale PNG without a height range")) << imported.err.toStdString();
    const CliRun ranged = cli({"import", png, "--cell-size", "2", "--height-range", "0:100", "-o", dir.filePath("png.rbmap")});
    ASSERT_EQ(ranged.exitCode, 0) << ranged.err.toStdString();
    EXPECT_FALSE(ranged.err.contains("warning")) << ranged.err.toStdString();
}

TEST_F(CliGdal, UnrealReportGivesScaleZAndLocationZ)
{
    const QString tif = translate("dem.tif", {"-ot", "Float32"});
    const QString map = dir.filePath("dem.rbmap");
    ASSERT_EQ(cli({"import", tif, "--nodata", "fill", "-o", map}).exitCode, 0);
    const CliRun exported = cli({"export", map, "--engine", "unreal", "--terrain", dir.filePath("t.r16")});
    ASSERT_EQ(exported.exitCode, 0) << exported.err.toStdString();
    const QJsonObject unreal = lastJsonLine(exported.out)["details"].toObject()["terrain"].toObject()["unreal"].toObject();
    EXPECT_GT(unreal["scaleZ"].toDouble(), 0.0);
    EXPECT_GT(unreal["locationZ"].toDouble(), 10000.0); // the terrain is 101..136 m up: level 32768 is near 118.5 m
    EXPECT_TRUE(exported.err.contains("\"locationZ\"")) << exported.err.toStdString();
}

TEST_F(CliGdal, GodotRefusesSixteenBitFlowPngs)
{
    const QString tif = translate("dem.tif", {"-ot", "Float32"});
    const QString map = dir.filePath("dem.rbmap");
    ASSERT_EQ(cli({"import", tif, "--nodata", "fill", "-o", map}).exitCode, 0);
    const CliRun refused = cli({"export", map, "--engine", "godot", "--flowmap", dir.filePath("f.png"), "--flow-bits", "16"});
    EXPECT_EQ(refused.exitCode, 2);
    EXPECT_TRUE(refused.err.contains("--engine godot reads PNGs at 8 bits per channel")) << refused.err.toStdString();
    EXPECT_EQ(cli({"export", map, "--engine", "godot", "--terrain", dir.filePath("t.r16")}).exitCode, 0);
}

} // namespace
