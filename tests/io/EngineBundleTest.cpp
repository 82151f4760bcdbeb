// The one-click engine bundle: every layer the engine takes, the splat map and a manifest that
// lists exactly the files written, each with the engine's import settings.
#include "FileSizeLimit.h"
#include "TestMaps.h"

#include "io/export/EngineBundle.h"
#include "io/transaction/BundleFolder.h"
#include "io/transaction/FolderTidy.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <cstring>
#include <map>
#include <sys/wait.h>
#include <unistd.h>

namespace rb {
namespace {

QSet<QString> folderEntries(const QString& folder)
{
    const QStringList names = QDir(folder).entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot);
    return QSet<QString>(names.begin(), names.end());
}

QSet<QString> listedFiles(const QJsonObject& manifest)
{
    QStringList files = io::manifestFiles(manifest);
    files << "manifest.json";
    return QSet<QString>(files.begin(), files.end());
}

QJsonObject manifestOnDisk(const QString& folder)
{
    QFile file(QDir(folder).filePath("manifest.json"));
    if (!file.open(QIODevice::ReadOnly)) return {};
    return QJsonDocument::fromJson(file.readAll()).object();
}

std::map<QString, QByteArray> contents(const QString& folder)
{
    std::map<QString, QByteArray> out;
    for (const QString& name : folderEntries(folder)) {
        QFile file(QDir(folder).filePath(name));
        if (file.open(QIODevice::ReadOnly)) out[name] = file.readAll();
    }
    return out;
}

// The import settings that matter for each engine's heightmap (EnginePreset.cpp).
QStringList heightImportKeys(io::Engine engine)
{
    switch (engine) {
    case io::Engine::Unity: return {"heightmapResolution", "depth", "byteOrder", "terrainHeight", "positionY"};
    case io::Engine::Unreal: return {"resolution", "scaleZ", "locationZ", "scaleX"};
    case io::Engine::Godot: return {"imageFormat", "mapWidth", "mapDepth", "spacingX"};
    }
    return {};
}

class EngineBundle : public ::testing::TestWithParam<io::Engine> {
protected:
    io::EngineBundleRequest request(const QString& folder) const
    {
        io::EngineBundleRequest r;
        r.engine = GetParam();
        r.folder = folder;
        r.mapName = "level";
        return r;
    }
    // Each file has the size of the engine's grid, in the format its entry names.
    static void expectFileMatchesEntry(const QString& folder, const QJsonObject& entry, int side)
    {
        const QString path = QDir(folder).filePath(entry["path"].toString());
        const QString suffix = QFileInfo(path).suffix();
        if (suffix == "glb") { // a mesh has no grid: glTF's magic and the whole file's length
            EXPECT_FALSE(entry.contains("width"));
            QFile file(path);
            ASSERT_TRUE(file.open(QIODevice::ReadOnly));
            const QByteArray header = file.read(12);
            ASSERT_EQ(header.size(), 12);
            EXPECT_EQ(header.left(4), QByteArray("glTF"));
            quint32 length = 0;
            std::memcpy(&length, header.constData() + 8, 4);
            EXPECT_EQ(static_cast<qint64>(length), file.size());
            EXPECT_GT(entry["terrain"].toObject()["triangles"].toInt(), 0);
            return;
        }
        EXPECT_EQ(entry["width"].toInt(), side) << path.toStdString();
        if (suffix == "r16") {
            EXPECT_EQ(QFileInfo(path).size(), 2LL * side * side);
        } else if (suffix == "png") {
            const QImage image(path);
            ASSERT_FALSE(image.isNull()) << path.toStdString();
            EXPECT_EQ(image.width(), side);
            EXPECT_EQ(image.height(), side);
            if (entry["role"] == "splat") {
                EXPECT_TRUE(image.hasAlphaChannel());
            }
            if (entry["role"] == "mask") {
                EXPECT_EQ(image.format(), QImage::Format_Grayscale8);
            }
            if (entry["role"] == "terrain") {
                EXPECT_EQ(image.format(), QImage::Format_Grayscale16);
            }
        } else {
            EXPECT_EQ(suffix, "exr");
            QFile file(path);
            ASSERT_TRUE(file.open(QIODevice::ReadOnly));
            EXPECT_EQ(file.read(4), QByteArray("\x76\x2f\x31\x01", 4)); // OpenEXR's magic number
        }
    }
};

TEST_P(EngineBundle, TheManifestListsExactlyTheFilesWrittenWithTheEnginesImportSettings)
{
    QTemporaryDir dir;
    const QString folder = dir.filePath("levels/bundle"); // made by the export
    const Map map = test::randomMap(LatticeKind::Square, 40, 40, 3);
    std::vector<int> progress;
    const io::EngineBundleResult result = io::writeEngineBundle(map.state, request(folder), [&](int p) { progress.push_back(p); });
    ASSERT_TRUE(result.ok()) << result.error.toStdString();
    ASSERT_FALSE(progress.empty());
    EXPECT_EQ(progress.back(), 100);

    EXPECT_EQ(folderEntries(folder), listedFiles(result.manifest));
    EXPECT_EQ(manifestOnDisk(folder), result.manifest);
    EXPECT_EQ(result.files.size(), listedFiles(result.manifest).size());
    const QJsonObject& manifest = result.manifest;
    EXPECT_EQ(manifest["engine"].toString(), QString::fromUtf8(io::engineName(GetParam()).data()));
    EXPECT_EQ(manifest["map"].toString(), "level");
    EXPECT_EQ(manifest["cellSize"].toDouble(), map.state.lattice.cellSize());
    const int side = manifest["gridWidth"].toInt();
    EXPECT_EQ(side, GetParam() == io::Engine::Unity ? 65 : GetParam() == io::Engine::Unreal ? 127 : 40);

    QStringList roles;
    for (const QJsonValue& value : manifest["files"].toArray()) {
        const QJsonObject entry = value.toObject();
        roles << entry["role"].toString();
        EXPECT_FALSE(entry["format"].toString().isEmpty());
        EXPECT_FALSE(entry["import"].toObject().isEmpty()) << entry["role"].toString().toStdString();
        const bool unitySplat = GetParam() == io::Engine::Unity && entry["role"] == "splat"; // its alphamap is 2ⁿ
        expectFileMatchesEntry(folder, entry, unitySplat ? side - 1 : side);
    }
    for (const char* role : {"terrain", "water-depth", "surface", "flowmap", "mask", "splat"}) EXPECT_TRUE(roles.contains(role)) << role;
    EXPECT_EQ(roles.contains("weightmap-slope"), GetParam() == io::Engine::Unreal); // Unreal imports one image per layer
    const QJsonObject terrain = manifest["files"].toArray().first().toObject();
    for (const QString& key : heightImportKeys(GetParam())) EXPECT_TRUE(terrain["import"].toObject().contains(key)) << key.toStdString();
    if (GetParam() == io::Engine::Unity) {
        for (const QJsonValue& value : manifest["files"].toArray())
            if (value.toObject()["role"] == "splat") {
                EXPECT_EQ(value.toObject()["import"].toObject()["alphamapResolution"].toInt(), side - 1);
            }
    }
    // The heights' sidecar (height range, engine settings) is part of the bundle.
    ASSERT_TRUE(terrain.contains("sidecar"));
    EXPECT_TRUE(QFileInfo::exists(QDir(folder).filePath(terrain["sidecar"].toString())));
}

TEST_P(EngineBundle, ReplacesAnEarlierBundleOfAnotherEngineWithoutLeavingItsFiles)
{
    QTemporaryDir dir;
    const Map map = test::randomMap(LatticeKind::Square, 30, 30, 5);
    io::EngineBundleRequest first = request(dir.path());
    first.engine = GetParam() == io::Engine::Godot ? io::Engine::Unity : io::Engine::Godot;
    ASSERT_TRUE(io::writeEngineBundle(map.state, first).ok());
    const io::EngineBundleResult second = io::writeEngineBundle(map.state, request(dir.path()));
    ASSERT_TRUE(second.ok()) << second.error.toStdString();
    EXPECT_EQ(folderEntries(dir.path()), listedFiles(second.manifest));
}

TEST_P(EngineBundle, RefusesAFolderWithOtherFilesUnlessForcedAndThenKeepsThem)
{
    QTemporaryDir dir;
    QFile notes(dir.filePath("notes.txt"));
    ASSERT_TRUE(notes.open(QIODevice::WriteOnly));
    notes.write("mine");
    notes.close();
    const MapState state = test::randomMap(LatticeKind::Square, 20, 20, 6).state;
    io::EngineBundleRequest r = request(dir.path());
    const io::EngineBundleResult refused = io::writeEngineBundle(state, r);
    EXPECT_FALSE(refused.ok());
    EXPECT_TRUE(refused.error.contains("not empty")) << refused.error.toStdString();
    EXPECT_EQ(folderEntries(dir.path()), QSet<QString>{"notes.txt"});

    r.force = true;
    const io::EngineBundleResult forced = io::writeEngineBundle(state, r);
    ASSERT_TRUE(forced.ok()) << forced.error.toStdString();
    EXPECT_EQ(forced.otherFiles, QStringList{"notes.txt"});
    QSet<QString> expected = listedFiles(forced.manifest);
    expected.insert("notes.txt");
    EXPECT_EQ(folderEntries(dir.path()), expected);
}

TEST_P(EngineBundle, AFailedWriteNamesTheFileAndLeavesTheEarlierBundleAsItWas)
{
    QTemporaryDir dir;
    ASSERT_TRUE(io::writeEngineBundle(test::randomMap(LatticeKind::Square, 40, 40, 7).state, request(dir.path())).ok());
    const std::map<QString, QByteArray> before = contents(dir.path());
    io::EngineBundleResult failed;
    {
        test::FileSizeLimit limit(2048); // every height file of a 40-cell map is larger
        failed = io::writeEngineBundle(test::randomMap(LatticeKind::Square, 40, 40, 8).state, request(dir.path()));
    }
    ASSERT_FALSE(failed.ok());
    EXPECT_TRUE(failed.error.contains(QDir::cleanPath(dir.path()) + "/terrain.")) << failed.error.toStdString();
    EXPECT_TRUE(failed.error.contains("File too large")) << failed.error.toStdString();
    EXPECT_FALSE(failed.error.contains(".riverbed-bundle")) << failed.error.toStdString();
    EXPECT_EQ(contents(dir.path()), before); // no staging folder left, every file byte for byte
    EXPECT_EQ(folderEntries(dir.path()), listedFiles(manifestOnDisk(dir.path())));

    // Into a new folder: nothing is left that a manifest would list.
    const QString fresh = dir.filePath("fresh");
    {
        test::FileSizeLimit limit(2048);
        EXPECT_FALSE(io::writeEngineBundle(test::randomMap(LatticeKind::Square, 40, 40, 8).state, request(fresh)).ok());
    }
    EXPECT_TRUE(folderEntries(fresh).isEmpty());
}

// The last part fails after every other file is written: none of them may have replaced the
// earlier bundle's (they wait in the staging folder until all are on disk).
TEST_P(EngineBundle, APartFailingAfterTheOthersLeavesNoneOfThemInPlace)
{
    QTemporaryDir dir;
    ASSERT_TRUE(io::writeEngineBundle(test::randomMap(LatticeKind::Square, 40, 40, 7).state, request(dir.path())).ok());
    const std::map<QString, QByteArray> before = contents(dir.path());
    std::vector<io::BundleItem> items = io::bundleItems(GetParam());
    io::BundleItem failing = items.back();
    failing.role = "rivers";
    failing.fileName = [](io::Engine) { return QString("rivers.json"); };
    failing.write = [](const io::BundleContext&, const QString& path, QString* error) -> std::optional<QJsonObject> {
        *error = path + ": cannot write: injected failure";
        return std::nullopt;
    };
    items.push_back(failing);
    const io::EngineBundleResult failed = io::writeEngineBundle(test::randomMap(LatticeKind::Square, 40, 40, 8).state, request(dir.path()), items);
    ASSERT_FALSE(failed.ok());
    EXPECT_TRUE(failed.error.startsWith(QDir::cleanPath(dir.path()) + "/rivers.json: cannot write")) << failed.error.toStdString();
    EXPECT_EQ(contents(dir.path()), before);
}

// A bundle stopped between its renames (here the new manifest, renamed last, finds a folder in its
// way, and the process then ends as one cut off by a loss of power would) leaves its journal; the
// next write into DIR completes it from there: the new bundle whole, its manifest listing exactly
// the files in DIR.
TEST_P(EngineBundle, ABundleStoppedBetweenItsRenamesIsCompletedByTheNextWriteIntoTheFolder)
{
    QTemporaryDir dir;
    ASSERT_TRUE(io::writeEngineBundle(test::randomMap(LatticeKind::Square, 40, 40, 7).state, request(dir.path())).ok());
    const QString manifest = QDir(dir.path()).filePath("manifest.json");
    std::vector<io::BundleItem> items = io::bundleItems(GetParam());
    io::BundleItem obstacle = items.back();
    obstacle.role = "obstacle";
    obstacle.fileName = [](io::Engine) { return QString("obstacle.txt"); };
    obstacle.write = [manifest](const io::BundleContext&, const QString& path, QString* error) -> std::optional<QJsonObject> {
        if (!QFile::remove(manifest) || !QDir().mkdir(manifest)) *error = "cannot put the obstacle in place";
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly)) return std::nullopt;
        return QJsonObject{{"path", QFileInfo(path).fileName()}};
    };
    items.push_back(obstacle);
    const pid_t child = ::fork();
    if (child == 0) {
        const io::EngineBundleResult result = io::writeEngineBundle(test::randomMap(LatticeKind::Square, 40, 40, 8).state, request(dir.path()), items);
        ::_exit(!result.ok() && result.error.contains("files were replaced") ? 0 : 2); // no destructors: as if cut off
    }
    int status = -1;
    ASSERT_EQ(::waitpid(child, &status, 0), child);
    ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << status;
    EXPECT_TRUE(QFileInfo(manifest).isDir());

    ASSERT_TRUE(QDir().rmdir(manifest));
    const io::FolderTidyReport report = io::tidyFolder(dir.path());
    ASSERT_EQ(report.notes.size(), 1);
    EXPECT_TRUE(report.notes.front().contains("put in place " + manifest)) << report.notes.front().toStdString();
    const QJsonObject completed = manifestOnDisk(dir.path());
    ASSERT_FALSE(completed.isEmpty());
    EXPECT_TRUE(io::manifestFiles(completed).contains("obstacle.txt")) << "the new bundle's manifest";
    EXPECT_EQ(folderEntries(dir.path()), listedFiles(completed)) << "no staging folder, no journal, no earlier file left";
}

// An export killed mid-way leaves its staging folder; the next export removes it (its process is
// gone) and the folder still counts as empty.
TEST_P(EngineBundle, RemovesTheStagingFolderOfAKilledExport)
{
    QTemporaryDir dir;
    const QString stale = dir.filePath(".riverbed-bundle-999999999"); // beyond any pid_max
    ASSERT_TRUE(QDir().mkpath(stale));
    QFile partial(QDir(stale).filePath("terrain.r16"));
    ASSERT_TRUE(partial.open(QIODevice::WriteOnly));
    partial.close();
    const io::EngineBundleResult result = io::writeEngineBundle(test::randomMap(LatticeKind::Square, 20, 20, 9).state, request(dir.path()));
    ASSERT_TRUE(result.ok()) << result.error.toStdString();
    EXPECT_FALSE(QFileInfo::exists(stale));
    EXPECT_EQ(folderEntries(dir.path()), listedFiles(result.manifest));
}

TEST_P(EngineBundle, RefusesAFileInTheWayAndASizeTheEngineDoesNotTake)
{
    QTemporaryDir dir;
    QFile file(dir.filePath("file"));
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.close();
    EXPECT_TRUE(io::engineBundleProblem(request(dir.filePath("file"))).contains("not a folder"));
    io::EngineBundleRequest r = request(dir.filePath("new"));
    EXPECT_TRUE(io::engineBundleProblem(r).isEmpty());
    r.size = 100;
    EXPECT_EQ(io::engineBundleProblem(r).isEmpty(), GetParam() == io::Engine::Godot); // Godot takes any size
}

INSTANTIATE_TEST_SUITE_P(Engines, EngineBundle, ::testing::Values(io::Engine::Unity, io::Engine::Unreal, io::Engine::Godot),
                         [](const auto& info) { return std::string(io::engineName(info.param)); });

} // namespace
} // namespace rb
