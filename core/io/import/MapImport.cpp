#include "io/import/MapImport.h"

#include "io/raster/RasterReader.h"
#include "io/raster/Resampler.h"
#include "model/MemoryBudget.h"

#include <QFile>
#include <QFileInfo>
#include <QImageReader>

#include <gdal_priv.h>
#include <ogr_spatialref.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <stdexcept>

namespace rb::io {
namespace {

constexpr double kExpectedExtraDepth = 1.0; // m above the deepest imported water, for the dt ceiling

double deepest(const FloatField& depth)
{
    float most = 0.0f;
    for (std::size_t i = 0; i < depth.size(); ++i) most = std::max(most, depth[i]);
    return most;
}

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

// The heightmap in metres on square cells, from Riverbed's own readers or from GDAL.
struct ImportedHeights {
    FloatField metres;
    double cellSize = 0.0;
    std::optional<Georeference> georeference;
    QString description;
    QStringList notes;
    QStringList warnings;
    GridSize raster; // the file's pixels before square cells (the heightmap's own size when not resampled)
};

// A file that cannot be read, or holds nothing, is said so first: a missing cell size is not its problem.
QString unreadable(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) return QString("%1: cannot open: %2").arg(path, file.errorString());
    if (file.size() == 0) return path + ": the file is empty";
    return {};
}

std::optional<ImportedHeights> ownReaderHeights(const QString& path, const ImportOptions& options, QString* error)
{
    if (const QString problem = unreadable(path); !problem.isEmpty()) {
        *error = problem;
        return std::nullopt;
    }
    if (!options.cellSize) {
        *error = path + ": give the pixel size with --cell-size M (only georeferenced rasters carry their own)";
        return std::nullopt;
    }
    const HeightmapRequest request{options.heightRange, RasterRequest{options.rawSize, {"terrain", "Y", "R"}}};
    std::optional<Heightmap> heights = readHeightmap(path, request, error);
    if (!heights) return std::nullopt;
    const GridSize size{heights->metres.width(), heights->metres.height()};
    ImportedHeights out{std::move(heights->metres), *options.cellSize, std::nullopt, heights->description, {}, {}, size};
    if (heights->integerBits == 16 && heights->rangeOrigin == "default")
        out.warnings << QString("%1: %2 without a height range (no --height-range, sidecar or PNG text): one metre per level "
                                "(0..65535 m); give --height-range LO:HI if the levels are not metres").arg(path, heights->description);
    return out;
}

std::optional<ImportedHeights> gdalHeights(const QString& path, const ImportOptions& options, QString* error)
{
    std::optional<GeoHeightmap> geo = readGeoHeightmap(path, GeoRequest{options.cellSize, options.heightRange, options.noData}, error);
    if (!geo) return std::nullopt;
    for (QString& warning : geo->warnings) warning = path + ": " + warning;
    return ImportedHeights{std::move(geo->metres), geo->cellSize, std::move(geo->georeference), geo->description,
                           std::move(geo->notes), std::move(geo->warnings), geo->raster};
}

// Where GDAL says a raster lies: its geotransform and CRS (nullopt: no geotransform, or not GDAL's).
struct Placement {
    std::array<double, 6> transform{};
    OGRSpatialReference crs;
};

std::optional<Placement> placementOf(const QString& path)
{
    GDALAllRegister();
    CPLPushErrorHandler(CPLQuietErrorHandler); // a format GDAL does not know is not an error here
    GDALDatasetUniquePtr dataset(GDALDataset::Open(path.toUtf8().constData(), GDAL_OF_RASTER | GDAL_OF_READONLY));
    CPLPopErrorHandler();
    Placement p;
    if (!dataset || dataset->GetGeoTransform(p.transform.data()) != CE_None) return std::nullopt;
    if (const OGRSpatialReference* crs = dataset->GetSpatialRef()) p.crs = *crs;
    return p;
}

// A water raster with a georeference must lie on the heightmap's pixels, in its CRS: the same
// size alone would take a raster of somewhere else (the same grid 100 km east) as this place's.
QString misplacedWater(const QString& heightmapPath, const QString& waterPath)
{
    const std::optional<Placement> heights = placementOf(heightmapPath), water = placementOf(waterPath);
    if (!heights || !water) return {};
    if (!heights->crs.IsEmpty() && !water->crs.IsEmpty() && !heights->crs.IsSame(&water->crs))
        return QString("its CRS (%1) is not the heightmap's (%2); reproject it onto the heightmap's grid (gdalwarp)")
            .arg(QString::fromUtf8(water->crs.GetName()), QString::fromUtf8(heights->crs.GetName()));
    const std::array<double, 6>& a = heights->transform;
    const std::array<double, 6>& b = water->transform;
    const double pixel = std::max(std::abs(a[1]), std::abs(a[5]));
    for (int i = 0; i < 6; ++i) {
        const bool origin = i == 0 || i == 3;
        const double tolerance = origin ? 1e-3 * pixel : 1e-6 * std::max(pixel, std::abs(a[i]));
        if (std::abs(a[i] - b[i]) > tolerance)
            return QString("it lies elsewhere: origin (%1, %2), pixel %3 x %4, where the heightmap's is (%5, %6), %7 x %8; "
                           "the water must be on the heightmap's grid")
                .arg(b[0], 0, 'g', 12).arg(b[3], 0, 'g', 12).arg(b[1]).arg(b[5]).arg(a[0], 0, 'g', 12).arg(a[3], 0, 'g', 12).arg(a[1]).arg(a[5]);
    }
    return {};
}

// The water depth raster: the heightmap's readers' rules, the heightmap's size. A water raster on
// the grid of a heightmap that was resampled to square cells (non-square or geographic pixels) is
// resampled with it, over the same extent; bilinear weights are convex, so depths stay ≥ 0.
std::optional<FloatField> waterDepth(const ImportOptions& options, const ImportedHeights& heights, QString* error)
{
    if (!hasOwnImportReader(options.waterPath)) {
        std::optional<FloatField> water = readGeoMetres(options.waterPath, options.noData, error);
        const FloatField& cells = heights.metres;
        const bool onTheFilesGrid = water && GridSize{water->width(), water->height()} == heights.raster;
        if (onTheFilesGrid && !(heights.raster == GridSize{cells.width(), cells.height()}))
            water = latticeFromRaster(*water, Lattice(LatticeKind::Square, cells.width(), cells.height(), heights.cellSize));
        return water;
    }
    const HeightmapRequest request{std::nullopt, RasterRequest{GridSize{heights.metres.width(), heights.metres.height()}, {"water-depth", "Y", "R"}}};
    std::optional<Heightmap> water = readHeightmap(options.waterPath, request, error);
    return water ? std::optional<FloatField>(std::move(water->metres)) : std::nullopt;
}

// The raster's pixels as its header says, before anything is decoded: a PNG's (Qt reads only
// its header for the size) or a raw file's (two bytes a sample); nullopt for the other formats,
// which are checked once they are read (buildImportedMap).
std::optional<std::uint64_t> headerPixels(const QString& path)
{
    if (isRawPath(path)) return static_cast<std::uint64_t>(QFileInfo(path).size()) / 2;
    QImageReader reader(path);
    if (reader.format() != "png") return std::nullopt;
    const QSize size = reader.size();
    if (!size.isValid()) return std::nullopt;
    return static_cast<std::uint64_t>(size.width()) * static_cast<std::uint64_t>(size.height());
}

// Refused before the raster is decoded when the import as a whole would not fit; the lattice's
// cells are the raster's pixels (a triangle lattice has a few more rows: counted).
QString importMemoryRefusal(const QString& path, const ImportOptions& options)
{
    const std::optional<std::uint64_t> pixels = headerPixels(path);
    if (!pixels) return {};
    const std::uint64_t cells = options.lattice == LatticeKind::Square ? *pixels : static_cast<std::uint64_t>(static_cast<double>(*pixels) * kTriangleRowsPerRasterRow) + 1;
    const std::string refusal = MemoryBudget::peakRefusal(MemoryBudget::importPeak(*pixels, cells), "importing this raster of " + std::to_string(*pixels) + " pixels");
    return refusal.empty() ? QString() : path + ": " + QString::fromStdString(refusal);
}

} // namespace

std::optional<ImportedMap> importMapOrThrow(const QString& heightmapPath, const ImportOptions& options, QString* error);

std::optional<ImportedMap> importMap(const QString& heightmapPath, const ImportOptions& options, QString* error)
{
    try {
        return importMapOrThrow(heightmapPath, options, error);
    } catch (const std::bad_alloc&) { // a decoder's buffer or the map's arrays: say so, keep running
        const std::optional<std::uint64_t> available = MemoryBudget::availableBytes();
        *error = QString("%1: importing it needs more memory than is available%2")
                     .arg(heightmapPath, available ? QString(" (%1 left)").arg(QString::fromStdString(MemoryBudget::gigabytesText(*available))) : QString());
        return std::nullopt;
    }
}

std::optional<ImportedMap> importMapOrThrow(const QString& heightmapPath, const ImportOptions& options, QString* error)
{
    if (const QString refusal = importMemoryRefusal(heightmapPath, options); !refusal.isEmpty()) {
        *error = refusal;
        return std::nullopt;
    }
    std::optional<ImportedHeights> heights = hasOwnImportReader(heightmapPath) ? ownReaderHeights(heightmapPath, options, error)
                                                                               : gdalHeights(heightmapPath, options, error);
    if (!heights) return std::nullopt;
    std::optional<FloatField> water;
    if (!options.waterPath.isEmpty()) {
        if (const QString problem = misplacedWater(heightmapPath, options.waterPath); !problem.isEmpty()) {
            *error = options.waterPath + ": " + problem;
            return std::nullopt;
        }
        if (!(water = waterDepth(options, *heights, error))) return std::nullopt;
    }
    QString problem;
    if (water && !checkWater(heights->metres, *water, &problem)) {
        *error = options.waterPath + ": " + problem;
        return std::nullopt;
    }
    std::optional<Map> map = buildImportedMap(heights->metres, water ? &*water : nullptr, options.lattice, heights->cellSize, &problem);
    if (!map) {
        *error = heightmapPath + ": " + problem;
        return std::nullopt;
    }
    map->georeference = std::move(heights->georeference);
    return ImportedMap{std::move(*map), heights->description, std::move(heights->notes), std::move(heights->warnings)};
}

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
    const std::string what = "a " + std::to_string(lattice->width()) + "×" + std::to_string(lattice->height()) + " map";
    const std::uint64_t peak = MemoryBudget::importPeak(heights.size(), lattice->cellCount());
    if (const std::string refusal = MemoryBudget::peakRefusal(peak, what); !refusal.empty()) {
        *error = QString::fromStdString(refusal);
        return std::nullopt;
    }
    Map map;
    map.state = MapState(*lattice);
    map.state.bed = latticeFromRaster(heights, *lattice);
    // Bilinear weights are convex, so resampled depths stay ≥ 0.
    if (water) map.state.depth = latticeFromRaster(*water, *lattice);
    // Like a generated map, the automatic time step under a ceiling for the cell size: a fixed
    // 0.05 s ran a 30 m DEM at a CFL number of 0.03. The water to expect is what the raster
    // brings plus a metre (a dry map fills from rain or an inflow).
    map.params = SimParams::forNewMap(lattice->cellSize(), deepest(map.state.depth) + kExpectedExtraDepth);
    if (const std::string invalid = map.validate(); !invalid.empty()) {
        *error = "the imported map is invalid: " + QString::fromStdString(invalid);
        return std::nullopt;
    }
    return map;
}

std::optional<Map> importHeightmap(const QString& heightmapPath, const ImportOptions& options, QString* error)
{
    std::optional<ImportedMap> imported = importMap(heightmapPath, options, error);
    return imported ? std::optional<Map>(std::move(imported->map)) : std::nullopt;
}

} // namespace rb::io
