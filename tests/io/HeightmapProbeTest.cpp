#include "GeoTiffMaker.h"
#include "TestFiles.h"

#include "io/import/HeightmapProbe.h"
#include "io/raster/Sidecar.h"

#include <QImage>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <cmath>

namespace rb {
namespace {

// A 16-bit grey image dark (level 1000) on its left half and bright (level 60000) on its right.
QImage halves16(int width, int height)
{
    QImage image(width, height, QImage::Format_Grayscale16);
    for (int y = 0; y < height; ++y) {
        auto* line = reinterpret_cast<quint16*>(image.scanLine(y));
        for (int x = 0; x < width; ++x) line[x] = x < width / 2 ? 1000 : 60000;
    }
    return image;
}

class HeightmapProbeTest : public ::testing::Test {
protected:
    QString path(const QString& name) const { return dir_.filePath(name); }

    io::HeightmapProbe probe(const QString& file, int side = 64) const
    {
        QString error;
        std::optional<io::HeightmapProbe> p = io::probeHeightmap(file, side, &error);
        EXPECT_TRUE(p) << error.toStdString();
        return p ? *p : io::HeightmapProbe{};
    }

    QTemporaryDir dir_;
};

TEST_F(HeightmapProbeTest, SixteenBitPngWithoutRangeSaysSoAndShowsItsHalves)
{
    const QString file = path("halves.png");
    ASSERT_TRUE(halves16(300, 200).save(file, "PNG"));
    const io::HeightmapProbe p = probe(file);
    EXPECT_EQ(p.size, (io::GridSize{300, 200}));
    EXPECT_EQ(p.integerBits, 16);
    EXPECT_TRUE(p.description.contains("16-bit")) << p.description.toStdString();
    EXPECT_TRUE(p.rangeMissing);
    EXPECT_FALSE(p.fileRange);
    EXPECT_FALSE(p.cellSize);
    ASSERT_EQ(p.preview.width(), 64); // the longer side scaled to 64, the shape kept
    EXPECT_EQ(p.preview.height(), 43);
    EXPECT_FLOAT_EQ(p.preview(2, 20), 0.0f);
    EXPECT_FLOAT_EQ(p.preview(61, 20), 1.0f);
}

TEST_F(HeightmapProbeTest, SidecarRangeIsReportedAndNothingIsMissing)
{
    const QString file = path("ranged.png");
    ASSERT_TRUE(halves16(40, 30).save(file, "PNG"));
    test::writeBytes(io::sidecarPath(file), R"({"min": -20, "max": 480})");
    const io::HeightmapProbe p = probe(file);
    EXPECT_FALSE(p.rangeMissing);
    ASSERT_TRUE(p.fileRange);
    EXPECT_EQ(*p.fileRange, (io::HeightRange{-20.0, 480.0}));
    EXPECT_EQ(p.rangeOrigin, io::sidecarPath(file));
    EXPECT_EQ(p.preview.width(), 40); // small images are never scaled up
}

TEST_F(HeightmapProbeTest, EightBitLevelsAreNotAMissingRange)
{
    QImage image(8, 8, QImage::Format_Grayscale8);
    image.fill(7);
    const QString file = path("flat8.png");
    ASSERT_TRUE(image.save(file, "PNG"));
    const io::HeightmapProbe p = probe(file);
    EXPECT_EQ(p.integerBits, 8);
    EXPECT_FALSE(p.rangeMissing);
    EXPECT_FLOAT_EQ(p.preview(3, 3), 0.5f); // flat: mid grey, not a division by zero
}

TEST_F(HeightmapProbeTest, GeoTiffGivesItsTypeAndCellSize)
{
    const QString file = path("dem.tif");
    test::GeoTiffSpec spec; // Float32, 30 m pixels, north up
    test::writeTestGeoTiff(file, 50, 40, spec, [](int x, int) { return x < 25 ? 100.0 : 900.0; });
    const io::HeightmapProbe p = probe(file);
    EXPECT_TRUE(p.throughGdal);
    EXPECT_EQ(p.size, (io::GridSize{50, 40}));
    EXPECT_TRUE(p.description.contains("Float32")) << p.description.toStdString();
    EXPECT_EQ(p.integerBits, 0);
    ASSERT_TRUE(p.cellSize);
    EXPECT_DOUBLE_EQ(*p.cellSize, 30.0);
    EXPECT_FLOAT_EQ(p.preview(0, 0), 0.0f);
    EXPECT_FLOAT_EQ(p.preview(49, 0), 1.0f);
}

// DEMs store metres as integers: no warning about the range, but the sidecar's range if it has one.
TEST_F(HeightmapProbeTest, IntegerGeoTiffIsNotAMissingRangeAndReadsItsSidecar)
{
    const QString file = path("dem16.tif");
    test::GeoTiffSpec spec;
    spec.type = "Int16";
    test::writeTestGeoTiff(file, 20, 10, spec, [](int x, int) { return x * 10.0; });
    io::HeightmapProbe p = probe(file);
    EXPECT_EQ(p.integerBits, 16);
    EXPECT_TRUE(p.description.contains("Int16")) << p.description.toStdString();
    EXPECT_FALSE(p.rangeMissing);
    EXPECT_FALSE(p.fileRange);
    EXPECT_TRUE(p.notes.isEmpty()) << p.notes.join('\n').toStdString(); // GDAL's --height-range advice is not passed on
    test::writeBytes(io::sidecarPath(file), R"({"min": 100, "max": 200})");
    p = probe(file);
    ASSERT_TRUE(p.fileRange);
    EXPECT_EQ(*p.fileRange, (io::HeightRange{100.0, 200.0}));
}

TEST_F(HeightmapProbeTest, UnreadableFileIsAnErrorNamingIt)
{
    const QString file = path("nothing.png");
    test::writeBytes(file, "not an image");
    QString error;
    EXPECT_FALSE(io::probeHeightmap(file, 64, &error));
    EXPECT_TRUE(error.startsWith(file)) << error.toStdString();
}

TEST(PreviewOf, AveragesBoxesAndSkipsMissingCells)
{
    FloatField field(4, 2);
    field(0, 0) = 0.0f;
    field(1, 0) = 2.0f;
    field(2, 0) = std::nanf("");
    field(3, 0) = std::nanf("");
    field(0, 1) = 4.0f;
    field(1, 1) = 6.0f;
    field(2, 1) = std::nanf("");
    field(3, 1) = std::nanf("");
    const FloatField preview = io::previewOf(field, 2);
    ASSERT_EQ(preview.width(), 2);
    ASSERT_EQ(preview.height(), 1);
    EXPECT_FLOAT_EQ(preview(0, 0), 0.5f); // the only finite pixel: the mean (3) is both min and max
    EXPECT_TRUE(std::isnan(preview(1, 0)));
}

} // namespace
} // namespace rb
