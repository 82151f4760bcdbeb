#include "io/export/EngineBundle.h"

#include "io/export/BundleItem.h"
#include "io/raster/Sidecar.h"
#include "io/transaction/BundleFolder.h"
#include "io/transaction/FileSetTransaction.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>

namespace rb::io {
namespace {

constexpr int kManifestVersion = 1;

QString bundleText(std::string_view name)
{
    return QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size()));
}

ExportSettings exportSettingsFor(const EngineBundleRequest& request)
{
    ExportSettings settings;
    settings.engine = request.engine;
    settings.size = request.size;
    settings.flowScale = request.flowScale;
    settings.georeference = request.georeference;
    return settings;
}

QString folderProblem(const EngineBundleRequest& request)
{
    if (request.folder.trimmed().isEmpty()) return "choose the folder the bundle goes to";
    const QFileInfo info(request.folder);
    if (info.exists() && !info.isDir()) return QString("%1 is a file, not a folder").arg(request.folder);
    if (!info.exists() || request.force) return {};
    if (!engineBundleNeedsForce(request)) return {};
    // How to force it is the caller's to say (the command line's --force, the dialog's checkbox).
    return QString("%1 is not empty and holds no Riverbed bundle (no manifest.json of ours)").arg(request.folder);
}

// The manifest entry of one written file: the report's engine note becomes the import settings.
QJsonObject manifestEntry(const BundleItem& item, Engine engine, const QString& fileName, QJsonObject report)
{
    QJsonObject import = item.importSettings ? item.importSettings(engine) : QJsonObject();
    const QString engineKey = bundleText(engineName(engine));
    if (report.contains(engineKey)) {
        const QJsonObject note = report.take(engineKey).toObject();
        for (auto it = note.begin(); it != note.end(); ++it) import[it.key()] = it.value();
    }
    QJsonObject entry{{"role", item.role}, {"path", fileName}, {"format", item.format(engine)}, {"import", import}};
    for (const char* side : {"width", "height"}) // rasters only: a mesh or a JSON file has no grid
        if (report.contains(side)) entry[side] = report.take(side);
    report.remove("file");
    if (report.contains("sidecar")) entry["sidecar"] = QFileInfo(report.take("sidecar").toString()).fileName();
    for (auto it = report.begin(); it != report.end(); ++it) entry[it.key()] = it.value();
    return entry;
}

QJsonObject manifestHeader(const MapState& state, const EngineBundleRequest& request, const ExportGrid& grid)
{
    return {{"generator", "riverbed"}, {"manifestVersion", kManifestVersion}, {"engine", bundleText(engineName(request.engine))},
            {"map", request.mapName}, {"lattice", state.lattice.kind() == LatticeKind::Square ? "square" : "triangle"},
            {"cellSize", state.lattice.cellSize()}, {"gridWidth", grid.width}, {"gridHeight", grid.height},
            {"gridSpacing", QJsonArray{grid.stepX, grid.stepY}}};
}

} // namespace

bool engineBundleNeedsForce(const EngineBundleRequest& request)
{
    const QFileInfo info(request.folder);
    if (request.force || request.folder.trimmed().isEmpty() || !info.isDir()) return false;
    const BundleFolder folder(request.folder);
    return !folder.entries().isEmpty() && !folder.earlierBundleFiles();
}

QString engineBundleProblem(const EngineBundleRequest& request)
{
    if (const QString problem = folderProblem(request); !problem.isEmpty()) return problem;
    if (const QString problem = exportSettingsProblem(exportSettingsFor(request)); !problem.isEmpty()) return problem;
    return splatSettingsProblem(request.splat);
}

EngineBundleResult writeEngineBundle(const MapState& state, const EngineBundleRequest& request, const std::function<void(int)>& progress)
{
    return writeEngineBundle(state, request, bundleItems(request.engine), progress);
}

EngineBundleResult writeEngineBundle(const MapState& state, const EngineBundleRequest& request, const std::vector<BundleItem>& items,
                                     const std::function<void(int)>& progress)
{
    EngineBundleResult result;
    if ((result.error = engineBundleProblem(request)); !result.error.isEmpty()) return result;
    BundleFolder folder(request.folder);
    const QStringList earlier = folder.earlierBundleFiles().value_or(QStringList());
    if (!folder.prepare(&result.error)) return result;
    FileSetTransaction transaction; // every file waits in it until the last is on disk

    const ExportSettings settings = exportSettingsFor(request);
    const ExportGrid grid = exportGrid(state.lattice, settings);
    if (request.meanFlow && state.meanFlow.empty()) {
        result.error = "the map holds no time-mean flow for the bundle's flow map: record one with simulate --mean-from T";
        return result;
    }
    const std::shared_ptr<const MapState> meanFlow = request.meanFlow ? std::make_shared<const MapState>(meanFlowState(state)) : nullptr;
    const BundleContext context{state, request.engine, settings, std::make_shared<const SplatWeights>(splatWeights(state, splatGrid(state.lattice, settings), request.splat)), meanFlow};
    QJsonObject manifest = manifestHeader(state, request, grid);
    QJsonArray entries;
    for (std::size_t i = 0; i < items.size(); ++i) {
        const QString fileName = items[i].fileName(request.engine);
        QString error;
        const std::optional<QJsonObject> report = items[i].write(context, folder.stagedPath(fileName), &error);
        if (!report) {
            result.error = folder.inBundleTerms(error) + "; the folder's earlier contents are unchanged";
            return result;
        }
        entries.append(manifestEntry(items[i], request.engine, fileName, *report));
        if (progress) progress(static_cast<int>(95 * (i + 1) / items.size()));
    }
    manifest["files"] = entries;
    QString error;
    if (!writeJsonFile(folder.stagedPath(BundleFolder::kManifestName), manifest, &error)) {
        result.error = folder.inBundleTerms(error) + "; the folder's earlier contents are unchanged";
        return result;
    }
    const QStringList files = manifestFiles(manifest) << BundleFolder::kManifestName;
    if (!folder.commit(files, earlier, transaction, &result.error)) return result;
    for (const QString& file : files) result.files << QDir(request.folder).absoluteFilePath(file);
    for (const QString& entry : folder.entries())
        if (!files.contains(entry)) result.otherFiles << entry;
    result.manifest = manifest;
    if (progress) progress(100);
    return result;
}

} // namespace rb::io
