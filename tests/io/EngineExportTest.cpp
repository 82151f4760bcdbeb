// The editor's "Export for game engine": every chosen layer of one map, in one folder, on the
// engine's grid and in its formats, with the settings to type into the engine.
#include "TestFiles.h"
#include "TestMaps.h"

#include "io/export/EngineExport.h"
#include "io/import/HeightmapReader.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <algorithm>
#include <map>

namespace rb {
namespace {

class EngineExport : public ::testing::TestWithParam<io::Engine> {
protected:
    io::EngineExportRequest everything(const QString& folder) const
    {
        io::EngineExportRequest request;
        request.engine = GetParam();
        request.folder = folder;
        request.baseName = "level";
        request.layers = io::engineBundleLayers();
        return request;
    }
};

TEST_P(EngineExport, WritesEveryLayerNamedAfterItInTheEnginesFormats)
{
    QTemporaryDir dir;
    MapState state = test::randomMap(LatticeKind::Square, 33, 33, 4).state;
    state.currents = {state.depth, state.bed}; // a stored current, so every layer has something to write
    const io::EngineExportRequest request = everything(dir.path());
    std::vector<int> progress;
    const io::EngineExportResult result = io::exportForEngine(state, request, [&](int p) { progress.push_back(p); });
    ASSERT_TRUE(result.ok()) << result.error.toStdString();

    ASSERT_EQ(result.files.size(), static_cast<qsizetype>(request.layers.size()));
    const QString heightExtension = io::engineHeightExtension(GetParam());
    for (io::Layer layer : request.layers) {
        const QString path = io::engineExportPath(request, layer);
        EXPECT_TRUE(result.files.contains(path));
        EXPECT_TRUE(QFileInfo::exists(path)) << path.toStdString();
        const QString name = QFileInfo(path).fileName();
        EXPECT_TRUE(name.startsWith("level_" + QString::fromUtf8(io::layerName(layer).data()))) << name.toStdString();
        EXPECT_EQ(QFileInfo(path).suffix(), io::isHeightLayer(layer) ? heightExtension : QString("png")) << name.toStdString();
    }
    ASSERT_EQ(progress.size(), request.layers.size());
    EXPECT_TRUE(std::is_sorted(progress.begin(), progress.end()));
    EXPECT_EQ(progress.back(), 100);

    // The terrain comes back within one level of its quantisation (the sidecar carries the range).
    QString error;
    const auto terrain = io::readHeightmap(io::engineExportPath(request, io::Layer::Terrain), io::HeightmapRequest{}, &error);
    ASSERT_TRUE(terrain) << error.toStdString();
    io::ExportSettings onGrid;
    onGrid.engine = GetParam();
    const FloatField expected = io::layerImage(state, io::Layer::Terrain, onGrid).channels.front(); // metres on the engine grid
    ASSERT_EQ(terrain->metres.width(), expected.width());
    ASSERT_EQ(terrain->metres.height(), expected.height());
    const double tolerance = terrain->range ? (terrain->range->high - terrain->range->low) / 65535.0 : 0.0;
    for (std::size_t i = 0; i < expected.size(); ++i) ASSERT_NEAR(terrain->metres[i], expected[i], tolerance + 1e-6) << i;

    const QString settings = io::engineSettingsText(result);
    EXPECT_TRUE(settings.contains("terrain (" + QString::fromUtf8(io::engineName(GetParam()).data()) + ")")) << settings.toStdString();
}

TEST_P(EngineExport, RefusesBadRequestsBeforeWritingAnything)
{
    QTemporaryDir dir;
    const MapState state = test::randomMap(LatticeKind::Square, 20, 20, 5).state;
    const auto refused = [&](io::EngineExportRequest request, const char* expected) {
        const io::EngineExportResult result = io::exportForEngine(state, request);
        EXPECT_FALSE(result.ok());
        EXPECT_TRUE(result.error.contains(expected)) << result.error.toStdString();
        EXPECT_TRUE(result.files.isEmpty());
    };
    io::EngineExportRequest request = everything(dir.path());
    request.layers.clear();
    refused(request, "choose at least one layer");
    request = everything(dir.path());
    request.layers.push_back(io::Layer::Velocity);
    refused(request, "velocity");
    request = everything(dir.path());
    request.baseName = "sub/level";
    refused(request, "not a file name");
    request = everything(dir.path());
    request.baseName = "  ";
    refused(request, "base name");
    request = everything(dir.filePath("missing"));
    refused(request, "no such folder");
    EXPECT_TRUE(QDir(dir.path()).entryList(QDir::Files).isEmpty());
}

// The editor's export is all or nothing too: the last layer's file blocked by a folder in its way,
// every earlier layer's old file (and sidecar) stays byte for byte and no staging file is left.
TEST_P(EngineExport, ALayerThatCannotBeWrittenLeavesEveryOldFileAsItWas)
{
    QTemporaryDir dir;
    const MapState state = test::randomMap(LatticeKind::Square, 33, 33, 6).state;
    io::EngineExportRequest request = everything(dir.path());
    request.layers = {io::Layer::Terrain, io::Layer::WaterSurface, io::Layer::FlowMap, io::Layer::Mask};
    ASSERT_TRUE(io::exportForEngine(test::randomMap(LatticeKind::Square, 33, 33, 7).state, request).ok());
    const QString blocked = io::engineExportPath(request, request.layers.back());
    ASSERT_TRUE(QFile::remove(blocked) && QDir().mkdir(blocked));
    std::map<QString, QByteArray> before;
    for (const QString& name : QDir(dir.path()).entryList(QDir::Files | QDir::Hidden)) before[name] = test::readBytes(dir.filePath(name));
    ASSERT_GE(before.size(), request.layers.size()); // the other layers and their sidecars

    const io::EngineExportResult result = io::exportForEngine(state, request);
    EXPECT_FALSE(result.ok());
    EXPECT_TRUE(result.error.contains(blocked)) << result.error.toStdString();
    EXPECT_TRUE(result.files.isEmpty());
    std::map<QString, QByteArray> after;
    for (const QString& name : QDir(dir.path()).entryList(QDir::Files | QDir::Hidden)) after[name] = test::readBytes(dir.filePath(name));
    EXPECT_TRUE(after == before) << "no old file changes, no staging file stays";
}

TEST(EngineExportSizes, AnEngineRefusesASizeItDoesNotTake)
{
    QTemporaryDir dir;
    const MapState state = test::randomMap(LatticeKind::Square, 20, 20, 6).state;
    io::EngineExportRequest request;
    request.engine = io::Engine::Unity;
    request.folder = dir.path();
    request.baseName = "level";
    request.size = 100; // Unity takes 2ⁿ+1
    const io::EngineExportResult result = io::exportForEngine(state, request);
    EXPECT_FALSE(result.ok());
    EXPECT_TRUE(QDir(dir.path()).entryList(QDir::Files).isEmpty());
    request.size = 65;
    const io::EngineExportResult sized = io::exportForEngine(state, request);
    ASSERT_TRUE(sized.ok()) << sized.error.toStdString();
    QString error;
    const auto terrain = io::readHeightmap(io::engineExportPath(request, io::Layer::Terrain), io::HeightmapRequest{}, &error);
    ASSERT_TRUE(terrain) << error.toStdString();
    EXPECT_EQ(terrain->metres.width(), 65);
}

std::string engineTestName(const ::testing::TestParamInfo<io::Engine>& info)
{
    return std::string(io::engineName(info.param));
}

INSTANTIATE_TEST_SUITE_P(Engines, EngineExport, ::testing::Values(io::Engine::Unity, io::Engine::Unreal, io::Engine::Godot), engineTestName);

} // namespace
} // namespace rb
