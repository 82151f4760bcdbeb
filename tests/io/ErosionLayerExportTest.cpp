// The erosion layers (export --erodibility, --deposition): the map's values in float formats on
// both lattices, the defaults of a map that never eroded, the signed PNG encoding of the
// deposition with its scale, and the --all image's channels only when the map holds the fields.
#include "TestFiles.h"
#include "TestMaps.h"

#include "io/export/LayerExport.h"
#include "io/raster/SampleRaster.h"
#include "io/raster/Sidecar.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <cmath>

namespace rb {
namespace {

MapState erodedState(LatticeKind kind)
{
    MapState state = test::randomMap(kind, 10, 8, 6).state;
    state.erodibility = FloatField(10, 8);
    state.deposition = FloatField(10, 8);
    for (int y = 0; y < 8; ++y)
        for (int x = 0; x < 10; ++x) {
            state.erodibility(x, y) = static_cast<float>((x + 3 * y) % 5) / 4.0f;
            state.deposition(x, y) = 0.125f * static_cast<float>(x - 4) - 0.0625f * static_cast<float>(y);
        }
    state.deposition(9, 0) = 2.5f; // the largest change: the PNG's scale
    return state;
}

FloatField erosionReadBack(const QString& path)
{
    return test::readRasterSamples(path);
}

class ErosionLayerExport : public ::testing::TestWithParam<LatticeKind> {};

// Float formats hold the layer on the export raster as layerRaster samples it (cell for cell on a
// square lattice, resampled on a triangle one).
TEST_P(ErosionLayerExport, FloatFilesHoldTheMapsValues)
{
    QTemporaryDir dir;
    const MapState state = erodedState(GetParam());
    ASSERT_EQ(state.validate(), "");
    QString error;
    for (io::Layer layer : {io::Layer::Erodibility, io::Layer::Deposition}) {
        const QString path = dir.filePath(QString::fromUtf8(io::layerName(layer).data()) + ".npy");
        ASSERT_TRUE(io::exportLayer(state, layer, path, &error)) << error.toStdString();
        const FloatField back = erosionReadBack(path), expected = io::layerRaster(state, layer);
        EXPECT_TRUE(back == expected) << io::layerName(layer);
        if (GetParam() == LatticeKind::Square) {
            EXPECT_TRUE(back == (layer == io::Layer::Erodibility ? state.erodibility : state.deposition)) << io::layerName(layer);
        }
    }
}

TEST_P(ErosionLayerExport, AMapWithoutTheFieldsIsLooseSoilThatNeverChanged)
{
    const MapState state = test::randomMap(GetParam(), 10, 8, 6).state;
    const FloatField erodibility = io::layerRaster(state, io::Layer::Erodibility), deposition = io::layerRaster(state, io::Layer::Deposition);
    ASSERT_FALSE(erodibility.empty());
    for (float v : erodibility.values()) ASSERT_EQ(v, 1.0f);
    ASSERT_FALSE(deposition.empty());
    for (float v : deposition.values()) ASSERT_EQ(v, 0.0f);
    const io::ExportImage all = io::allLayersImage(state, io::ExportSettings{});
    EXPECT_FALSE(all.channelNames.contains("erodibility"));
    EXPECT_FALSE(all.channelNames.contains("deposition"));
}

TEST_P(ErosionLayerExport, AllLayersCarryTheFieldsTheMapHolds)
{
    MapState state = erodedState(GetParam());
    state.erodibility = {};
    const io::ExportImage all = io::allLayersImage(state, io::ExportSettings{});
    EXPECT_FALSE(all.channelNames.contains("erodibility"));
    const qsizetype at = all.channelNames.indexOf("deposition");
    ASSERT_GE(at, 0);
    EXPECT_TRUE(all.channels[static_cast<std::size_t>(at)] == io::layerRaster(state, io::Layer::Deposition));
}

INSTANTIATE_TEST_SUITE_P(BothLattices, ErosionLayerExport, ::testing::Values(LatticeKind::Square, LatticeKind::Triangle),
                         [](const auto& info) { return std::string(latticeKindName(info.param)); });

// 16-bit PNG: the deposition signed around mid-level with the largest |change| as the scale, the
// sidecar saying so; the erodibility on levels 0 … 65535 = 0 … 1.
TEST(ErosionLayerExportPng, DepositionIsSignedAroundMidLevelWithItsScaleInTheSidecar)
{
    QTemporaryDir dir;
    const MapState state = erodedState(LatticeKind::Square);
    QString error;
    const QString deposition = dir.filePath("deposition.png"), erodibility = dir.filePath("erodibility.png");
    const std::optional<QJsonObject> report = io::exportLayer(state, io::Layer::Deposition, deposition, io::ExportSettings{}, &error);
    ASSERT_TRUE(report) << error.toStdString();
    EXPECT_EQ((*report)["scale"].toDouble(), 2.5);
    QFile sidecarFile(io::sidecarPath(deposition));
    ASSERT_TRUE(sidecarFile.open(QIODevice::ReadOnly));
    const QJsonObject sidecar = QJsonDocument::fromJson(sidecarFile.readAll()).object();
    EXPECT_EQ(sidecar["min"].toDouble(), -2.5);
    EXPECT_EQ(sidecar["max"].toDouble(), 2.5);
    EXPECT_EQ(sidecar["scale"].toDouble(), 2.5);
    EXPECT_EQ(sidecar["layer"].toString(), "deposition");
    const FloatField levels = erosionReadBack(deposition);
    ASSERT_EQ(levels.width(), 10);
    EXPECT_EQ(levels(9, 0), 65535.0f);                      // +scale
    EXPECT_EQ(levels(4, 0), 32768.0f);                      // 0 m: round(0.5 · 65535)
    EXPECT_EQ(levels(0, 7), std::round((1.0 - (0.5 + 7 * 0.0625) / 2.5) / 2.0 * 65535.0)); // −0.9375 m
    for (int y = 0; y < 8; ++y)
        for (int x = 0; x < 10; ++x) ASSERT_NEAR((levels(x, y) / 65535.0 * 2.0 - 1.0) * 2.5, state.deposition(x, y), 2.5 / 65535.0);

    ASSERT_TRUE(io::exportLayer(state, io::Layer::Erodibility, erodibility, &error)) << error.toStdString();
    const FloatField soil = erosionReadBack(erodibility);
    for (int y = 0; y < 8; ++y)
        for (int x = 0; x < 10; ++x) ASSERT_EQ(soil(x, y), std::round(state.erodibility(x, y) * 65535.0)) << x << "," << y;
}

TEST(ErosionLayerExportPng, LayerNamesAndFormats)
{
    EXPECT_EQ(io::parseLayer("erodibility"), io::Layer::Erodibility);
    EXPECT_EQ(io::parseLayer("deposition"), io::Layer::Deposition);
    EXPECT_EQ(io::channelCount(io::Layer::Deposition), 1);
    EXPECT_TRUE(io::exportRequestProblem(io::Layer::Deposition, "d.r16", io::ExportSettings{}).isEmpty());
    EXPECT_FALSE(io::isHeightLayer(io::Layer::Deposition));
}

} // namespace
} // namespace rb
