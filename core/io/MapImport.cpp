#include "io/MapImport.h"

#include "io/Resampler.h"

#include <cmath>
#include <stdexcept>

namespace rb::io {
namespace {

constexpr double kTriangleRowsPerRasterRow = 1.1547005383792515; // 2/√3 = dx / rowSpacing

QString firstNegative(const FloatField& water)
{
    for (int y = 0; y < water.height(); ++y)
        for (int x = 0; x < water.width(); ++x)
            if (water(x, y) < 0.0f) return QString("water depth is negative (%1 m) at column %2, row %3").arg(water(x, y)).arg(x).arg(y);
    return {};
}

bool checkWater(const FloatField& heights, const FloatField& water, QString* error)
{
    if (water.width() != heights.width() || water.height() != heights.height()) {
        *error = QString("the water depth raster is %1x%2 but the heightmap is %3x%4")
                     .arg(water.width()).arg(water.height()).arg(heights.width()).arg(heights.height());
        return false;
    }
    *error = firstNegative(water);
    return error->isEmpty();
}

std::optional<Lattice> importLattice(const FloatField& heights, LatticeKind kind, double cellSize, QString* error)
{
    const GridSize size = importLatticeSize(kind, heights.width(), heights.height());
    try {
        return Lattice(kind, size.width, size.height, cellSize);
    } catch (const std::invalid_argument& e) {
        *error = QString("cannot import a %1x%2 heightmap as a %3 lattice: %4")
                     .arg(heights.width()).arg(heights.height()).arg(QString::fromUtf8(latticeKindName(kind).data(), static_cast<qsizetype>(latticeKindName(kind).size()))).arg(e.what());
        return std::nullopt;
    }
}

} // namespace

GridSize importLatticeSize(LatticeKind kind, int rasterWidth, int rasterHeight)
{
    if (kind == LatticeKind::Square) return {rasterWidth, rasterHeight};
    return {rasterWidth, static_cast<int>(std::lround(rasterHeight * kTriangleRowsPerRasterRow))};
}

std::optional<Map> buildImportedMap(const FloatField& heights, const FloatField* water, LatticeKind kind, double cellSize,
                                    QString* error)
{
    if (water && !checkWater(heights, *water, error)) return std::nullopt;
    const std::optional<Lattice> lattice = importLattice(heights, kind, cellSize, error);
    if (!lattice) return std::nullopt;
    Map map;
    map.state = MapState(*lattice);
    map.state.bed = latticeFromRaster(heights, *lattice);
    // Bilinear weights are convex, so resampled depths stay ≥ 0.
    if (water) map.state.depth = latticeFromRaster(*water, *lattice);
    if (const std::string invalid = map.validate(); !invalid.empty()) {
        *error = "the imported map is invalid: " + QString::fromStdString(invalid);
        return std::nullopt;
    }
    return map;
}

std::optional<Map> importHeightmap(const QString& heightmapPath, const ImportOptions& options, QString* error)
{
    const HeightmapRequest heightRequest{options.heightRange, RasterRequest{options.rawSize, {"terrain", "Y", "R"}}};
    std::optional<Heightmap> heights = readHeightmap(heightmapPath, heightRequest, error);
    if (!heights) return std::nullopt;
    std::optional<Heightmap> water;
    const GridSize heightSize{heights->metres.width(), heights->metres.height()};
    const HeightmapRequest waterRequest{std::nullopt, RasterRequest{heightSize, {"water-depth", "Y", "R"}}};
    if (!options.waterPath.isEmpty() && !(water = readHeightmap(options.waterPath, waterRequest, error))) return std::nullopt;
    QString problem;
    if (water && !checkWater(heights->metres, water->metres, &problem)) {
        *error = options.waterPath + ": " + problem;
        return std::nullopt;
    }
    std::optional<Map> map = buildImportedMap(heights->metres, water ? &water->metres : nullptr, options.lattice, options.cellSize, &problem);
    if (!map) *error = heightmapPath + ": " + problem;
    return map;
}

} // namespace rb::io
