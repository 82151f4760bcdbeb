#include "io/export/EnginePreset.h"

#include "ranges/NamedValues.h"

#include <QJsonArray>
#include <QJsonObject>

#include <QFileInfo>

#include <algorithm>
#include <cmath>

namespace rb::io {
namespace {

// Unreal: a landscape's local height is (level − 32768)/128 (LANDSCAPE_ZSCALE = 1/128 in
// LandscapeDataAccess.h), scaled by the actor's Z scale; with centimetres as units, a level is
// ScaleZ/128 cm = ScaleZ/12800 m.
constexpr double kUnrealMidLevel = 32768.0;
constexpr double kUnrealMetresPerLevelAtScale1 = 1.0 / 12800.0;
constexpr double kPresetCentimetres = 100.0;

// Unity reads 16-bit raw levels as level/65536 of the terrain height (TerrainWizards.cs,
// ReadRaw: normalize = 1/(1 << 16)); level 65535 is then 65535/65536 of it.
constexpr double kUnityLevelDivisor = 65536.0;
constexpr double kMaxLevel = 65535.0;

void applyUnity(ExportImage& image, const ExportGrid& grid)
{
    image.levels = image.meaning = valueSpan(image.channels.front());
    image.southRowFirst = true;
    const double height = (image.levels.high - image.levels.low) * kUnityLevelDivisor / kMaxLevel;
    image.notes["unity"] = QJsonObject{{"heightmapResolution", grid.width}, {"depth", "Bit16"}, {"byteOrder", "Windows"},
                                       {"flipVertically", false}, {"terrainWidth", (grid.width - 1) * grid.stepX},
                                       {"terrainLength", (grid.height - 1) * grid.stepY}, {"terrainHeight", height},
                                       {"positionY", image.levels.low}};
}

// Unreal's editor fields take what is typed: the Z scale is rounded up and the location down to
// 1/1000 (of a scale unit, of a centimetre), with this much slack (m) so the rounding never lets a
// height fall outside levels 0..65535.
constexpr double kUnrealRoundingSlack = 2e-5;
constexpr double kThousandths = 1000.0;

// The landscape's Z scale and location Z that put the layer's lowest height at level 0 and its
// highest at (about) level 65535: the whole 16-bit range, wherever the terrain lies.
struct UnrealVertical {
    double scaleZ = 0.0;         // the actor's Z scale
    double locationZ = 0.0;      // the actor's location Z, centimetres (level 32768 is there)
    double metresPerLevel = 0.0;
};

UnrealVertical unrealVertical(const FloatField& metres)
{
    const HeightRange span = valueSpan(metres);
    const double needed = (span.high - span.low + kUnrealRoundingSlack) / (kMaxLevel * kUnrealMetresPerLevelAtScale1);
    UnrealVertical v;
    v.scaleZ = std::max(std::ceil(needed * kThousandths) / kThousandths, 1.0 / kThousandths);
    v.metresPerLevel = v.scaleZ * kUnrealMetresPerLevelAtScale1;
    const double midMetres = span.low + kUnrealMidLevel * v.metresPerLevel;
    v.locationZ = std::floor(midMetres * kPresetCentimetres * kThousandths) / kThousandths;
    return v;
}

void applyUnreal(ExportImage& image, const ExportGrid& grid)
{
    const UnrealVertical v = unrealVertical(image.channels.front());
    const double mid = v.locationZ / kPresetCentimetres;
    image.levels = image.meaning = {mid - kUnrealMidLevel * v.metresPerLevel, mid + (kMaxLevel - kUnrealMidLevel) * v.metresPerLevel};
    image.pngBits = 16;
    image.notes["unreal"] = QJsonObject{{"resolution", grid.width}, {"scaleX", grid.stepX * kPresetCentimetres},
                                        {"scaleY", grid.stepY * kPresetCentimetres}, {"scaleZ", v.scaleZ}, {"locationZ", v.locationZ},
                                        {"metresPerLevel", v.metresPerLevel}};
}

void applyGodot(ExportImage& image, const ExportGrid& grid)
{
    image.levels = image.meaning = valueSpan(image.channels.front());
    image.notes["godot"] = QJsonObject{{"imageFormat", "FORMAT_RF"}, {"mapWidth", grid.width}, {"mapDepth", grid.height},
                                       {"spacingX", grid.stepX}, {"spacingZ", grid.stepY},
                                       {"heightMapShape3D", "update_map_data_from_image(image, 0.0, 1.0) keeps metres"},
                                       {"r16HeightRange", QJsonArray{image.levels.low, image.levels.high}}};
}

QString presetEngineName(Engine engine)
{
    const std::string_view name = engineName(engine);
    return QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size()));
}

std::vector<int> unitySizes()
{
    std::vector<int> sizes;
    for (int n = 32; n <= 4096; n *= 2) sizes.push_back(n + 1);
    return sizes;
}

} // namespace

std::string_view engineName(Engine engine)
{
    switch (engine) {
    case Engine::Unity: return "unity";
    case Engine::Unreal: return "unreal";
    case Engine::Godot: return "godot";
    }
    return "unity";
}

std::optional<Engine> parseEngine(std::string_view name)
{
    return parseNamed(name, {Engine::Unity, Engine::Unreal, Engine::Godot}, engineName);
}

std::vector<int> engineSizes(Engine engine)
{
    switch (engine) {
    case Engine::Unity: return unitySizes();
    case Engine::Unreal: return {127, 253, 505, 1009, 2017, 4033, 8129}; // the Landscape Technical Guide's table
    case Engine::Godot: return {};
    }
    return {};
}

GridSize engineGridSize(Engine engine, GridSize raster)
{
    const std::vector<int> sizes = engineSizes(engine);
    if (sizes.empty()) return raster;
    const int side = std::max(raster.width, raster.height);
    const auto fit = std::find_if(sizes.begin(), sizes.end(), [side](int n) { return n >= side; });
    const int n = fit != sizes.end() ? *fit : sizes.back();
    return {n, n};
}

QString engineSizeProblem(Engine engine, int n)
{
    const std::vector<int> sizes = engineSizes(engine);
    if (sizes.empty()) return n >= 2 && n <= Lattice::kMaxSide ? QString() : QString("--size must be in 2..%1").arg(Lattice::kMaxSide);
    if (std::find(sizes.begin(), sizes.end(), n) != sizes.end()) return {};
    QStringList accepted;
    for (int s : sizes) accepted << QString::number(s);
    return QString("%1 takes heightmaps of %2 vertices a side, not %3").arg(presetEngineName(engine), accepted.join(", ")).arg(n);
}

QStringList engineHeightExtensions(Engine engine)
{
    switch (engine) {
    case Engine::Unity: return {"r16", "raw"};
    case Engine::Unreal: return {"png", "r16", "raw"};
    case Engine::Godot: return {"exr", "r16", "raw"};
    }
    return {"r16"};
}

// Godot's PNG loader (drivers/png/png_driver_common.cpp, png_to_image) masks PNG_FORMAT_FLAG_LINEAR
// out, "convert 16 bit components to 8 bit": a 16-bit flow map would silently lose its low byte.
QString engineFlowMapProblem(Engine engine, const QString& path, int flowBits)
{
    if (engine != Engine::Godot || flowBits != 16 || QFileInfo(path).suffix().toLower() != "png") return {};
    return QString("%1: --engine godot reads PNGs at 8 bits per channel (its PNG loader strips 16-bit channels), so "
                   "--flow-bits 16 would be wasted; use --flow-bits 8, or .exr for full precision").arg(path);
}

QString engineHeightExtension(Engine engine)
{
    switch (engine) {
    case Engine::Unity: return "r16";
    case Engine::Unreal: return "png";
    case Engine::Godot: return "exr";
    }
    return "r16";
}

FlowGreen engineFlowGreen(Engine engine)
{
    return engine == Engine::Unity ? FlowGreen::North : FlowGreen::South;
}

void applyEngineHeights(Engine engine, ExportImage& image, const ExportGrid& grid)
{
    switch (engine) {
    case Engine::Unity: applyUnity(image, grid); break;
    case Engine::Unreal: applyUnreal(image, grid); break;
    case Engine::Godot: applyGodot(image, grid); break;
    }
}

} // namespace rb::io
