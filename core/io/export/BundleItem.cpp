#include "io/export/BundleItem.h"

#include "io/export/SplatFile.h"
#include "io/mesh/GltfExport.h"
#include "io/transaction/AtomicFile.h"

#include <QJsonArray>

namespace rb::io {
namespace {

QString itemText(std::string_view name)
{
    return QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size()));
}

QString heightFormat(Engine engine)
{
    switch (engine) {
    case Engine::Unity: return "16-bit little-endian raw levels, south row first (.r16)";
    case Engine::Unreal: return "16-bit grayscale PNG";
    case Engine::Godot: return "OpenEXR, 32-bit float metres in channel R";
    }
    return {};
}

// Texture import settings that keep data textures as data: linear (no sRGB decoding), no lossy
// compression, clamped at the edges (docs/export.md, "Engine bundle").
// Unreal's uncompressed settings: TC_Grayscale (G8) for one channel, TC_VectorDisplacementmap
// (BGRA8) for colour.
QJsonObject textureImport(Engine engine, bool oneChannel = false)
{
    switch (engine) {
    case Engine::Unity: return {{"sRGBTexture", false}, {"textureCompression", "Uncompressed"}, {"wrapMode", "Clamp"}};
    case Engine::Unreal:
        return {{"sRGB", false}, {"compressionSettings", oneChannel ? "TC_Grayscale" : "TC_VectorDisplacementmap"}, {"addressX", "Clamp"}, {"addressY", "Clamp"}};
    case Engine::Godot: return {{"compress/mode", "Lossless"}, {"mipmaps/generate", false}};
    }
    return {};
}

QJsonObject splatImport(Engine engine)
{
    QJsonObject settings = textureImport(engine);
    if (engine == Engine::Unity) settings["terrainLayers"] = QJsonArray{"slope", "ground", "wet", "shore"};
    if (engine == Engine::Godot) settings["terrain3D"] = "not a Terrain3D control map (those hold texture ids); read it in a shader or convert it";
    return settings;
}

BundleItem layerItem(Layer layer)
{
    const QString name = itemText(layerName(layer));
    BundleItem item;
    item.role = name;
    item.fileName = [layer, name](Engine engine) { return name + "." + (isHeightLayer(layer) ? engineHeightExtension(engine) : QString("png")); };
    item.format = [layer](Engine engine) {
        if (isHeightLayer(layer)) return heightFormat(engine);
        return layer == Layer::FlowMap ? QString("8-bit RGB PNG, blue 0") : QString("8-bit grayscale PNG");
    };
    item.write = [layer](const BundleContext& context, const QString& path, QString* error) {
        const bool mean = layer == Layer::FlowMap && context.meanFlow;
        std::optional<QJsonObject> report = exportLayer(mean ? *context.meanFlow : context.state, layer, path, context.exportSettings, error);
        if (report && mean) report->insert("mean", meanFlowWindowJson(context.state.meanFlow));
        return report;
    };
    item.importSettings = [layer](Engine engine) { return isHeightLayer(layer) ? QJsonObject() : textureImport(engine, layer == Layer::Mask); };
    return item;
}

BundleItem splatItem()
{
    BundleItem item;
    item.role = "splat";
    item.fileName = [](Engine) { return QString("splat.png"); };
    item.format = [](Engine) { return QString("8-bit RGBA PNG, R + G + B + A = 255"); };
    item.write = [](const BundleContext& context, const QString& path, QString* error) -> std::optional<QJsonObject> {
        if (!writeFileAtomically(path, encodeSplatPng(*context.splat), error)) return std::nullopt;
        QJsonObject report = splatReport(path, *context.splat);
        if (context.engine == Engine::Unity) report["unity"] = QJsonObject{{"alphamapResolution", context.splat->width()}};
        return report;
    };
    item.importSettings = splatImport;
    return item;
}

// Unreal imports each landscape target layer from its own 8-bit grayscale image.
BundleItem weightmapItem(int channel)
{
    const QString name = splatChannelNames()[channel];
    BundleItem item;
    item.role = "weightmap-" + name;
    item.fileName = [name](Engine) { return "splat-" + name + ".png"; };
    item.format = [](Engine) { return QString("8-bit grayscale PNG"); };
    item.write = [channel, name](const BundleContext& context, const QString& path, QString* error) -> std::optional<QJsonObject> {
        if (!writeFileAtomically(path, encodeSplatChannelPng(*context.splat, channel), error)) return std::nullopt;
        return QJsonObject{{"file", path}, {"width", context.splat->width()}, {"height", context.splat->height()}, {"layer", name}};
    };
    item.importSettings = [name](Engine) {
        return QJsonObject{{"landscapeTargetLayer", name}, {"layerInfo", "weight-blended"}};
    };
    return item;
}

// The terrain and water meshes (GltfExport.h) at the default budget. Every engine reads glTF 2.0
// in metres with Y up (Unity through glTFast or its own importer, Unreal's Interchange, Godot
// natively), so the settings say only what the file holds.
BundleItem meshesItem()
{
    BundleItem item;
    item.role = "meshes";
    item.fileName = [](Engine) { return QString("meshes.glb"); };
    item.format = [](Engine) { return QString("binary glTF 2.0: nodes terrain and water, metres, Y up"); };
    item.write = [](const BundleContext& context, const QString& path, QString* error) {
        return exportGltf(context.state, path, GltfSettings{}, error);
    };
    item.importSettings = [](Engine) { return QJsonObject{{"units", "metres"}, {"upAxis", "Y"}, {"scale", 1}}; };
    return item;
}

} // namespace

std::vector<BundleItem> bundleItems(Engine engine)
{
    std::vector<BundleItem> items;
    for (Layer layer : {Layer::Terrain, Layer::WaterDepth, Layer::WaterSurface, Layer::FlowMap, Layer::Mask}) items.push_back(layerItem(layer));
    items.push_back(splatItem());
    if (engine == Engine::Unreal)
        for (int channel = 0; channel < 4; ++channel) items.push_back(weightmapItem(channel));
    items.push_back(meshesItem());
    return items;
}

} // namespace rb::io
