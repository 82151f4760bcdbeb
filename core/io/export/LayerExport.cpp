#include "io/export/LayerExport.h"

#include "io/flow/VelocityField.h"
#include "io/raster/RasterWriter.h"
#include "io/raster/Sidecar.h"
#include "io/transaction/FileSetTransaction.h"
#include "lattice/Lattice.h"
#include "ranges/NamedValues.h"

#include <QFileInfo>

#include <algorithm>
#include <cmath>

namespace rb::io {
namespace {

// The default flow-map scale: the speed 99% of the moving cells stay under (see speedPercentile).
constexpr double kFlowScalePercentile = 0.99;

QString layerNameOf(Layer layer)
{
    const std::string_view name = layerName(layer);
    return QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size()));
}

FloatField surface(const MapState& state)
{
    FloatField out = state.bed;
    for (std::size_t i = 0; i < out.size(); ++i)
        if (state.depth[i] > 0.0f) out[i] += state.depth[i];
    return out;
}

FloatField mask(const MapState& state)
{
    FloatField out(state.depth.width(), state.depth.height());
    for (std::size_t i = 0; i < out.size(); ++i) out[i] = state.depth[i] > kWetDepth ? 1.0f : 0.0f;
    return out;
}

// A field of the map, or `value` everywhere when the map has none (an empty erosion field).
FloatField filledOr(const FloatField& field, const Lattice& lattice, float value)
{
    if (!field.empty()) return field;
    FloatField out(lattice.width(), lattice.height());
    std::fill(out.values().begin(), out.values().end(), value);
    return out;
}

// The deposition in integer formats: levels symmetric about 0, so that mid-level (0.5) is no
// change, the scale being the largest change (1 m when nothing changed).
void encodeSigned(ExportImage& image)
{
    double scale = 0.0;
    for (float v : image.channels.front().values()) scale = std::max(scale, static_cast<double>(std::abs(v)));
    if (!(scale > 0.0)) scale = 1.0;
    image.levels = image.meaning = {-scale, scale};
    image.notes["scale"] = scale;
    image.notes["decode"] = "deposition = (level / maxLevel * 2 - 1) * scale (m); mid-level = no change";
}

// A dye channel's concentration d/h on the lattice; 0 where dry or where the map has no such channel.
FloatField dyeConcentration(const MapState& state, std::size_t channel)
{
    FloatField out(state.depth.width(), state.depth.height());
    if (channel >= state.dye.size()) return out;
    const FloatField& dyed = state.dye[channel];
    for (std::size_t i = 0; i < out.size(); ++i) out[i] = state.depth[i] > 0.0f ? std::min(dyed[i] / state.depth[i], 1.0f) : 0.0f;
    return out;
}

// The channels of a layer on the grid: one, two for the velocity (east, south), four for the dye.
std::vector<FloatField> sampledChannels(const MapState& state, Layer layer, const ExportGrid& grid)
{
    if (layer == Layer::Dye) {
        std::vector<FloatField> channels;
        for (std::size_t c = 0; c < static_cast<std::size_t>(kMaxDyeChannels); ++c)
            channels.push_back(sampleGrid(dyeConcentration(state, c), state.lattice, grid));
        return channels;
    }
    if (layer == Layer::Currents) {
        if (state.currents.size() != 2) return {FloatField(grid.width, grid.height), FloatField(grid.width, grid.height)};
        return {sampleGrid(state.currents[0], state.lattice, grid), sampleGrid(state.currents[1], state.lattice, grid)};
    }
    if (channelCount(layer) == 1) return {sampleGrid(layerOnLattice(state, layer), state.lattice, grid)};
    const VelocityField v = reconstructVelocity(state);
    return {sampleGrid(v.x, state.lattice, grid), sampleGrid(v.y, state.lattice, grid)};
}

// `east`, `south`: the velocity the flow map encodes (the water's, or the stored current).
FlowMapEncoding flowEncoding(const FloatField& east, const FloatField& south, const ExportSettings& settings)
{
    FlowMapEncoding encoding;
    if (settings.flowScale) {
        encoding.scale = *settings.flowScale;
    } else {
        const double typical = speedPercentile(east, south, kFlowScalePercentile);
        encoding.scale = typical > 0.0 ? typical : 1.0; // still water: any scale gives 0.5
    }
    encoding.green = settings.flowGreen ? *settings.flowGreen : settings.engine ? engineFlowGreen(*settings.engine) : FlowGreen::South;
    return encoding;
}

void makeFlowMap(ExportImage& image, const FlowMapEncoding& encoding, int bits)
{
    std::array<FloatField, 2> rg = encodeFlowMap(image.channels[0], image.channels[1], encoding);
    image.channels = {std::move(rg[0]), std::move(rg[1])};
    image.levels = {0.0, 1.0};
    image.meaning = {-encoding.scale, encoding.scale}; // per channel, level 0 .. max ↦ −scale .. scale
    image.pngBits = bits;
    const std::string_view green = flowGreenName(encoding.green);
    image.notes["flowScale"] = encoding.scale;
    image.notes["green"] = QString::fromUtf8(green.data(), static_cast<qsizetype>(green.size()));
    image.notes["decode"] = "velocity = (rg * 2 - 1) * flowScale; red east, green as 'green' says";
}

const char* unitsOf(Layer layer)
{
    switch (layer) {
    case Layer::Velocity: return "m/s, channels east and south";
    case Layer::FlowMap: return "0.5 = no flow";
    case Layer::Mask: return "1 = wet, 0 = dry";
    case Layer::Dye: return "concentration 0..1; channels R, G, B, A = dye 0, 1, 2, 3";
    case Layer::Currents: return "m/s, channels east and south (the stored steady current)"; // a .png: the flow map's notes
    case Layer::Erodibility: return "0 = bedrock, 1 = loose soil";
    case Layer::Deposition: return "m of net bed change by erosion since the map's start: + deposited, - eroded";
    default: return "m";
    }
}

bool engineTakes(Engine engine, const QString& path)
{
    return engineHeightExtensions(engine).contains(QFileInfo(path).suffix().toLower());
}

QString numberWord(int n)
{
    static const char* const words[] = {"no", "one", "two", "three", "four"};
    return n >= 0 && n <= 4 ? QString(words[n]) : QString::number(n);
}

QString channelsText(int n)
{
    return numberWord(n) + (n == 1 ? " channel" : " channels");
}

// The channel names of a layer inside the all-layers image.
QStringList channelNamesIn(Layer layer)
{
    const QString name = layerNameOf(layer);
    if (layer == Layer::Velocity) return {name + ".x", name + ".y"};
    if (layer == Layer::FlowMap) return {name + ".R", name + ".G"};
    if (layer == Layer::Dye) return {name + ".0", name + ".1", name + ".2", name + ".3"};
    if (layer == Layer::Currents) return {name + ".x", name + ".y"};
    return {name};
}

} // namespace

std::string_view layerName(Layer layer)
{
    switch (layer) {
    case Layer::Terrain: return "terrain";
    case Layer::WaterDepth: return "water-depth";
    case Layer::WaterSurface: return "surface";
    case Layer::Velocity: return "velocity";
    case Layer::FlowMap: return "flowmap";
    case Layer::Mask: return "mask";
    case Layer::Dye: return "dye";
    case Layer::Currents: return "currents";
    case Layer::Erodibility: return "erodibility";
    case Layer::Deposition: return "deposition";
    }
    return "terrain";
}

int channelCount(Layer layer)
{
    if (layer == Layer::Dye) return kMaxDyeChannels;
    return layer == Layer::Velocity || layer == Layer::FlowMap || layer == Layer::Currents ? 2 : 1;
}

std::optional<Layer> parseLayer(std::string_view name)
{
    return parseNamed(name, allLayers(), layerName);
}

const std::vector<Layer>& allLayers()
{
    static const std::vector<Layer> layers = {Layer::Terrain, Layer::WaterDepth, Layer::WaterSurface,
                                              Layer::Velocity, Layer::FlowMap, Layer::Mask, Layer::Dye,
                                              Layer::Currents, Layer::Erodibility, Layer::Deposition};
    return layers;
}

bool isHeightLayer(Layer layer)
{
    return layer == Layer::Terrain || layer == Layer::WaterDepth || layer == Layer::WaterSurface;
}

QString exportSettingsProblem(const ExportSettings& settings)
{
    if (settings.size && settings.engine) return engineSizeProblem(*settings.engine, *settings.size);
    if (settings.size && (*settings.size < 2 || *settings.size > Lattice::kMaxSide))
        return QString("--size must be in 2..%1, got %2").arg(Lattice::kMaxSide).arg(*settings.size);
    if (settings.flowScale && !(std::isfinite(*settings.flowScale) && *settings.flowScale > 0.0))
        return "--flow-scale must be a positive number of m/s";
    if (settings.flowBits != 8 && settings.flowBits != 16) return QString("--flow-bits must be 8 or 16, got %1").arg(settings.flowBits);
    return {};
}

QString exportRequestProblem(Layer layer, const QString& path, const ExportSettings& settings)
{
    const RasterFormat* format = rasterFormatFor(path);
    if (!format) return unsupportedRasterFormatMessage(path);
    if (layer == Layer::Velocity && format->integer)
        return QString("%1: the velocity needs a float format (.exr, .tif, .npy); --flowmap writes it as an image").arg(path);
    if (layer == Layer::Currents && format->integer && format->extension != QLatin1String("png"))
        return QString("%1: the currents need a float format (.exr, .tif, .npy), or .png for a flow map").arg(path);
    if (channelCount(layer) > format->maxChannels)
        return QString("%1: .%2 holds %3; the %4 has %5 (use .png, .exr, .tif or .npy)")
            .arg(path, format->extension, channelsText(format->maxChannels), layerNameOf(layer), numberWord(channelCount(layer)));
    if (settings.engine && isHeightLayer(layer) && !engineTakes(*settings.engine, path)) {
        const std::string_view engine = engineName(*settings.engine);
        return QString("%1: --engine %2 writes heights as .%3").arg(path, QString::fromUtf8(engine.data(), static_cast<qsizetype>(engine.size())),
                                                                    engineHeightExtensions(*settings.engine).join(" or ."));
    }
    if (settings.engine && (layer == Layer::FlowMap || layer == Layer::Currents) && format->integer)
        return engineFlowMapProblem(*settings.engine, path, settings.flowBits);
    return {};
}

ExportGrid exportGrid(const Lattice& lattice, const ExportSettings& settings)
{
    const GridSize raster = exportRasterSize(lattice);
    if (settings.engine) {
        const GridSize size = settings.size ? GridSize{*settings.size, *settings.size} : engineGridSize(*settings.engine, raster);
        return vertexGrid(lattice, size.width, size.height);
    }
    if (settings.size) return pixelGrid(lattice, *settings.size, *settings.size);
    return pixelGrid(lattice, raster.width, raster.height);
}

RasterGeoreference rasterGeoreference(const Georeference& g, const ExportGrid& grid)
{
    const double west = grid.origin.x - grid.stepX / 2, north = grid.origin.y - grid.stepY / 2; // world metres
    return {g.crsWkt,
            {g.originX + west * g.unitsPerMetreX, grid.stepX * g.unitsPerMetreX, 0.0,
             g.originY - north * g.unitsPerMetreY, 0.0, -grid.stepY * g.unitsPerMetreY}};
}

FloatField layerOnLattice(const MapState& state, Layer layer)
{
    switch (layer) {
    case Layer::WaterDepth: return state.depth;
    case Layer::WaterSurface: return surface(state);
    case Layer::Mask: return mask(state);
    case Layer::Erodibility: return filledOr(state.erodibility, state.lattice, 1.0f);
    case Layer::Deposition: return filledOr(state.deposition, state.lattice, 0.0f);
    default: return state.bed;
    }
}

ExportImage layerImage(const MapState& state, Layer layer, const ExportSettings& settings)
{
    const ExportGrid grid = exportGrid(state.lattice, settings);
    ExportImage image;
    image.layer = layerNameOf(layer);
    image.channels = sampledChannels(state, layer, grid);
    image.channelNames = QStringList{"R", "G", "B", "A"}.mid(0, channelCount(layer));
    image.levels = image.meaning = valueSpan(image.channels.front());
    image.notes["units"] = unitsOf(layer);
    if (layer == Layer::Mask || layer == Layer::Dye) {
        image.levels = image.meaning = {0.0, 1.0};
        image.pngBits = 8;
    }
    if (layer == Layer::Erodibility) image.levels = image.meaning = {0.0, 1.0};
    if (layer == Layer::Deposition) encodeSigned(image);
    if (layer == Layer::FlowMap) {
        const VelocityField v = reconstructVelocity(state);
        makeFlowMap(image, flowEncoding(v.x, v.y, settings), settings.flowBits);
    }
    if (settings.engine && isHeightLayer(layer)) applyEngineHeights(*settings.engine, image, grid);
    if (settings.georeference) image.georeference = rasterGeoreference(*settings.georeference, grid);
    return image;
}

ExportImage allLayersImage(const MapState& state, const ExportSettings& settings)
{
    ExportImage all;
    all.layer = "all layers";
    all.levels = all.meaning = {0.0, 1.0};
    for (Layer layer : allLayers()) {
        if (layer == Layer::Dye && state.dye.empty()) continue; // four empty channels say nothing
        if (layer == Layer::Currents && state.currents.empty()) continue;
        if (layer == Layer::Erodibility && state.erodibility.empty()) continue;
        if (layer == Layer::Deposition && state.deposition.empty()) continue;
        ExportImage one = layerImage(state, layer, settings); // float channels: an engine changes only the grid
        all.georeference = one.georeference;
        for (auto& channel : one.channels) all.channels.push_back(std::move(channel));
        all.channelNames << channelNamesIn(layer);
        if (layer == Layer::FlowMap) {
            all.notes["flowScale"] = one.notes["flowScale"];
            all.notes["green"] = one.notes["green"];
        }
    }
    return all;
}

std::optional<QJsonObject> writeExportImage(const ExportImage& image, const QString& path, bool withSidecar, QString* error)
{
    FileSetTransaction transaction; // the raster and its sidecar replace the old pair together
    if (!writeRaster(path, image, error)) return std::nullopt;
    QJsonObject report{{"file", path}, {"width", image.width()}, {"height", image.height()}};
    for (auto it = image.notes.begin(); it != image.notes.end(); ++it) report[it.key()] = it.value();
    const RasterFormat* format = rasterFormatFor(path);
    if (!withSidecar && !format->integer) return transaction.commit(error) ? std::optional(report) : std::nullopt;
    QJsonObject sidecar = sidecarJson(Sidecar{image.meaning, image.southRowFirst, GridSize{image.width(), image.height()}});
    sidecar["layer"] = image.layer;
    sidecar["format"] = format->description;
    for (auto it = image.notes.begin(); it != image.notes.end(); ++it) sidecar[it.key()] = it.value();
    if (!writeJsonFile(sidecarPath(path), sidecar, error)) return std::nullopt;
    report["sidecar"] = sidecarPath(path);
    return transaction.commit(error) ? std::optional(report) : std::nullopt;
}

std::optional<QJsonObject> exportLayer(const MapState& state, Layer layer, const QString& path, const ExportSettings& settings,
                                       QString* error)
{
    if (const QString problem = exportRequestProblem(layer, path, settings); !problem.isEmpty()) {
        *error = problem;
        return std::nullopt;
    }
    if (layer == Layer::Currents && state.currents.empty()) {
        *error = path + ": the map holds no currents (compute them with: riverbed-cli currents MAP --current SIDE=SPEED … -o MAP.rbmap)";
        return std::nullopt;
    }
    ExportImage image = layerImage(state, layer, settings);
    // A current written as an image is a flow map, with the --flowmap conventions.
    if (layer == Layer::Currents && rasterFormatFor(path)->integer)
    {
        makeFlowMap(image, flowEncoding(state.currents[0], state.currents[1], settings), settings.flowBits);
        image.notes["units"] = "0.5 = no current";
    }
    return writeExportImage(image, path, settings.engine.has_value(), error);
}

bool exportLayer(const MapState& state, Layer layer, const QString& path, QString* error)
{
    return exportLayer(state, layer, path, ExportSettings{}, error).has_value();
}

FloatField layerRaster(const MapState& state, Layer layer)
{
    const GridSize size = exportRasterSize(state.lattice);
    return sampleGrid(layerOnLattice(state, layer), state.lattice, pixelGrid(state.lattice, size.width, size.height));
}

QJsonValue meanFlowWindowJson(const MeanFlow& mean)
{
    if (mean.empty()) return QJsonValue::Null;
    return QJsonObject{{"from", mean.from}, {"to", mean.to}, {"seconds", mean.seconds}};
}

} // namespace rb::io
