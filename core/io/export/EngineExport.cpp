#include "io/export/EngineExport.h"

#include "io/transaction/FileSetTransaction.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>

#include <algorithm>

namespace rb::io {
namespace {

QString exportText(std::string_view name)
{
    return QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size()));
}

QString extensionFor(Engine engine, Layer layer)
{
    return isHeightLayer(layer) ? engineHeightExtension(engine) : QStringLiteral("png");
}

ExportSettings settingsFor(const EngineExportRequest& request)
{
    ExportSettings settings;
    settings.engine = request.engine;
    settings.size = request.size;
    return settings;
}

QString exportFolderProblem(const EngineExportRequest& request)
{
    if (request.folder.trimmed().isEmpty()) return "choose the folder the files go to";
    const QFileInfo folder(request.folder);
    if (folder.isDir()) return {};
    if (folder.exists()) return QString("%1 is a file, not a folder").arg(request.folder);
    return request.createFolder ? QString() : QString("%1: no such folder").arg(request.folder);
}

// The deepest part of `path` that exists: the folder a new one has to be made in.
QString existingAncestor(const QString& path)
{
    QFileInfo at(QDir::cleanPath(QDir(path).absolutePath()));
    while (!at.exists() && !at.isRoot()) at = QFileInfo(at.absolutePath());
    return at.absoluteFilePath();
}

// Empty once `folder` exists; else why it could not be made (QDir::mkpath gives no reason).
QString makeFolder(const QString& folder)
{
    if (QFileInfo(folder).isDir()) return {};
    const QString parent = existingAncestor(folder);
    if (QDir().mkpath(folder)) return {};
    const QFileInfo inside(parent);
    if (!inside.isDir()) return QString("cannot create the folder %1: %2 is not a folder").arg(folder, parent);
    if (!inside.isWritable()) return QString("cannot create the folder %1: no permission to write in %2").arg(folder, parent);
    return QString("cannot create the folder %1").arg(folder);
}

} // namespace

const std::vector<Layer>& engineBundleLayers()
{
    static const std::vector<Layer> layers{Layer::Terrain, Layer::WaterSurface, Layer::WaterDepth, Layer::FlowMap, Layer::Mask,
                                           Layer::Dye,     Layer::Currents,     Layer::Erodibility, Layer::Deposition};
    return layers;
}

QString engineExportProblem(const EngineExportRequest& request)
{
    if (request.layers.empty()) return "nothing to export: choose at least one layer";
    for (Layer layer : request.layers)
        if (std::find(engineBundleLayers().begin(), engineBundleLayers().end(), layer) == engineBundleLayers().end())
            return QString("the %1 layer is not part of an engine export (use Export layer)").arg(exportText(layerName(layer)));
    const QString base = request.baseName.trimmed();
    if (base.isEmpty()) return "give the files a base name";
    if (base.contains('/') || base.contains('\\') || base == "." || base == "..")
        return QString("'%1' is not a file name: the folder is chosen separately").arg(request.baseName);
    if (const QString problem = exportFolderProblem(request); !problem.isEmpty()) return problem;
    return exportSettingsProblem(settingsFor(request));
}

QString engineExportPath(const EngineExportRequest& request, Layer layer)
{
    return QDir(request.folder).filePath(QString("%1_%2.%3").arg(request.baseName.trimmed(), exportText(layerName(layer)), extensionFor(request.engine, layer)));
}

EngineExportResult exportForEngine(const MapState& state, const EngineExportRequest& request, const std::function<void(int)>& progress)
{
    EngineExportResult result;
    if (const QString problem = engineExportProblem(request); !problem.isEmpty()) {
        result.error = problem;
        return result;
    }
    if (request.createFolder) {
        result.error = makeFolder(request.folder);
        if (!result.error.isEmpty()) return result;
    }
    const ExportSettings settings = settingsFor(request);
    FileSetTransaction transaction; // the layers replace the folder's earlier ones together or not at all
    for (std::size_t i = 0; i < request.layers.size(); ++i) {
        const Layer layer = request.layers[i];
        const QString path = engineExportPath(request, layer);
        const std::optional<QJsonObject> report = exportLayer(state, layer, path, settings, &result.error);
        if (!report) {
            result.files.clear();
            return result;
        }
        result.files << path;
        result.details[exportText(layerName(layer))] = *report;
        if (progress) progress(static_cast<int>(100 * (i + 1) / request.layers.size()));
    }
    if (!transaction.commit(&result.error)) result.files.clear();
    return result;
}

QString engineSettingsText(const EngineExportResult& result)
{
    QStringList lines;
    for (const QString& layer : result.details.keys()) {
        const QJsonObject report = result.details[layer].toObject();
        for (const char* engine : {"unity", "unreal", "godot"}) {
            if (!report.contains(engine)) continue;
            const QJsonObject settings = report[engine].toObject();
            QStringList pairs;
            for (const QString& key : settings.keys()) pairs << QString("%1 = %2").arg(key, settings[key].toVariant().toString());
            lines << QString("%1 (%2): %3").arg(layer, QString::fromLatin1(engine), pairs.join(", "));
        }
    }
    return lines.join('\n');
}

} // namespace rb::io
