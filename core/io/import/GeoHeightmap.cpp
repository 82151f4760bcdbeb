#include "io/import/GeoHeightmap.h"

#include "io/import/GeographicScale.h"
#include "io/import/NoDataFill.h"
#include "io/raster/GdalRaster.h"
#include "io/raster/Resampler.h"
#include "io/raster/Sidecar.h"
#include "lattice/Lattice.h"

#include <QFile>

#include <ogr_spatialref.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <utility>

namespace rb::io {
namespace {

// Two pixel sides closer than this (relative) are one square side; a --cell-size this close to
// the geotransform's agrees with it (decimal text of a binary pixel size, e.g. 1/3600 degree).
constexpr double kSameSize = 1e-6;
// A geographic or Mercator raster is refused when its east–west scale at an edge is this far
// from the centre's.
constexpr double kMaxScaleError = 0.10;
// Square cells over non-square pixels: one side of the map is the raster's exactly, the other
// falls short by less than half a cell and by at most this much (small rasters get finer cells).
constexpr double kMaxExtentShortfall = 0.01;
// Cell counts this close below a whole number are whole (rounding noise in extent / cell).
constexpr double kCountSlack = 1e-9;
// A rotation or shear term this small next to the pixel size is rounding noise, not a rotation.
constexpr double kNegligibleRotation = 1e-9;
// The sphere of Web Mercator (EPSG:3857), and the one its y is inverted on for any Mercator.
constexpr double kMercatorRadius = 6378137.0;

QString geoNumber(double value)
{
    return QString::number(value, 'g', 10);
}

// A pixel's size on the ground, and in the CRS's units.
struct PixelGeometry {
    double widthMetres = 0.0;
    double heightMetres = 0.0;
    double widthUnits = 0.0;  // |geotransform[1]|
    double heightUnits = 0.0; // |geotransform[5]|
};

// The raster's north–south span in the geotransform's units (south, north).
std::pair<double, double> ySpan(const GdalRaster& r)
{
    const auto& gt = *r.geoTransform;
    const double a = gt[3], b = gt[3] + r.samples.height() * gt[5];
    return {std::min(a, b), std::max(a, b)};
}

// Where to reproject a raster that no single scale fits: a UTM zone of its own hemisphere.
QString reprojectHint(double latitude)
{
    return QString("reproject it to a CRS in metres first, e.g. a UTM zone: gdalwarp -t_srs EPSG:%1NN IN OUT.tif (NN: the zone)")
        .arg(latitude < 0.0 ? "327" : "326");
}

// How far the east–west scale at the edges is from the centre's (0.1: 10%), for a scale that
// follows `scaleAt(latitude)`.
template <typename Scale>
double worstEdgeError(double south, double north, Scale scaleAt)
{
    const double centre = scaleAt((south + north) / 2);
    double worst = 0.0;
    for (double edge : {south, north}) worst = std::max(worst, std::abs(scaleAt(edge) / centre - 1.0));
    return worst;
}

// Metres per degree at the centre latitude, or a refusal when one scale does not fit the raster.
std::optional<GeographicScale> degreesToMetres(const GdalRaster& r, QStringList& notes, QString* problem)
{
    const auto [south, north] = ySpan(r);
    const double centre = (south + north) / 2;
    if (south < -90.0 || north > 90.0) {
        *problem = QString("geographic CRS, but latitudes %1..%2 are not on the Earth; %3").arg(geoNumber(south), geoNumber(north), reprojectHint(centre));
        return std::nullopt;
    }
    const GeographicScale scale = geographicScale(r.semiMajor, r.semiMinor, centre);
    const auto eastScale = [&](double latitude) { return geographicScale(r.semiMajor, r.semiMinor, latitude).metresPerDegreeEast; };
    const double worst = worstEdgeError(south, north, eastScale);
    if (!(worst <= kMaxScaleError)) {
        *problem = QString("geographic CRS (degrees) spanning latitudes %1..%2: one east–west scale would be %3% off at an edge; %4")
                       .arg(geoNumber(south), geoNumber(north)).arg(worst * 100, 0, 'f', 0).arg(reprojectHint(centre));
        return std::nullopt;
    }
    notes << QString("geographic CRS: degrees converted to metres at the centre latitude %1° (1° = %2 m east, %3 m north; "
                     "east–west scale off by up to %4% at the edges)")
                 .arg(geoNumber(centre), geoNumber(scale.metresPerDegreeEast), geoNumber(scale.metresPerDegreeNorth))
                 .arg(worst * 100, 0, 'f', 2);
    return scale;
}

// A normal Mercator (Web Mercator EPSG:3857, World Mercator, Mercator 2SP): its map units are
// ground metres only on the equator. Transverse and oblique Mercators (UTM) keep their scale
// near 1 and are taken as metres.
bool isMercator(const QString& wkt)
{
    if (wkt.isEmpty()) return false;
    OGRSpatialReference crs;
    const QByteArray text = wkt.toUtf8();
    if (crs.importFromWkt(text.constData()) != OGRERR_NONE) return false;
    const char* projection = crs.GetAttrValue("PROJECTION");
    const QString name = projection ? QString::fromUtf8(projection) : QString();
    return name.contains("Mercator", Qt::CaseInsensitive) && !name.contains("Transverse", Qt::CaseInsensitive)
        && !name.contains("Oblique", Qt::CaseInsensitive);
}

// Latitude (degrees) of a Mercator y in metres, inverted on the sphere of radius kMercatorRadius.
double mercatorLatitude(double y)
{
    return (2.0 * std::atan(std::exp(y / kMercatorRadius)) - std::numbers::pi / 2) * 180.0 / std::numbers::pi;
}

// Ground metres per map unit at the centre latitude (a Mercator's scale is 1/cos φ), or a refusal
// when one scale does not fit the raster.
std::optional<double> mercatorToMetres(const GdalRaster& r, QStringList& notes, QString* problem)
{
    const auto [southY, northY] = ySpan(r);
    const double south = mercatorLatitude(southY * r.metresPerCrsUnit), north = mercatorLatitude(northY * r.metresPerCrsUnit);
    const double centre = mercatorLatitude((southY + northY) / 2 * r.metresPerCrsUnit);
    const auto cosine = [](double latitude) { return std::cos(latitude * std::numbers::pi / 180.0); };
    const double worst = worstEdgeError(south, north, cosine);
    if (!(worst <= kMaxScaleError)) {
        *problem = QString("Mercator projection spanning latitudes %1..%2: one ground scale would be %3% off at an edge; %4")
                       .arg(geoNumber(south), geoNumber(north)).arg(worst * 100, 0, 'f', 0).arg(reprojectHint(centre));
        return std::nullopt;
    }
    const double metresPerUnit = r.metresPerCrsUnit * cosine(centre);
    notes << QString("Mercator projection: map units converted to ground metres at the centre latitude %1° (1 unit = %2 m; "
                     "scale off by up to %3% at the edges)")
                 .arg(geoNumber(centre), geoNumber(metresPerUnit)).arg(worst * 100, 0, 'f', 2);
    return metresPerUnit;
}

// Rounding noise in a north-up geotransform's rotation terms (1e-15 beside 30 m pixels) is zero.
bool negligibleRotation(const std::array<double, 6>& gt)
{
    if (gt[2] == 0.0 && gt[4] == 0.0) return true;
    const double pixel = std::min(std::abs(gt[1]), std::abs(gt[5]));
    return std::abs(gt[2]) <= kNegligibleRotation * pixel && std::abs(gt[4]) <= kNegligibleRotation * pixel;
}

std::optional<PixelGeometry> pixelGeometry(const GdalRaster& r, QStringList& notes, QString* problem)
{
    const auto& gt = *r.geoTransform;
    if (!negligibleRotation(gt)) {
        *problem = "rotated or sheared geotransform; make it north-up first: gdalwarp IN OUT.tif";
        return std::nullopt;
    }
    PixelGeometry p{0.0, 0.0, std::abs(gt[1]), std::abs(gt[5])};
    if (!(p.widthUnits > 0.0 && p.heightUnits > 0.0 && std::isfinite(p.widthUnits) && std::isfinite(p.heightUnits))) {
        *problem = QString("the geotransform's pixel size %1 x %2 is not usable").arg(geoNumber(gt[1]), geoNumber(gt[5]));
        return std::nullopt;
    }
    double east = r.metresPerCrsUnit, north = r.metresPerCrsUnit;
    if (r.geographic) {
        const std::optional<GeographicScale> scale = degreesToMetres(r, notes, problem);
        if (!scale) return std::nullopt;
        east = scale->metresPerDegreeEast;
        north = scale->metresPerDegreeNorth;
    } else if (isMercator(r.crsWkt)) {
        const std::optional<double> scale = mercatorToMetres(r, notes, problem);
        if (!scale) return std::nullopt;
        east = north = *scale;
    } else if (r.crsWkt.isEmpty()) {
        notes << "no CRS: the geotransform's units are taken as metres";
    }
    p.widthMetres = p.widthUnits * east;
    p.heightMetres = p.heightUnits * north;
    return p;
}

bool sameSize(double a, double b)
{
    return std::abs(a - b) <= kSameSize * std::max(a, b);
}

// A --cell-size must agree with the pixel size (of a non-square pixel: its finer side).
bool checkRequestedCellSize(const PixelGeometry& p, const GeoRequest& request, QString* problem)
{
    const bool square = sameSize(p.widthMetres, p.heightMetres);
    const double natural = square ? p.widthMetres : std::min(p.widthMetres, p.heightMetres);
    if (!request.cellSize || sameSize(*request.cellSize, natural)) return true;
    const QString pixel = square ? geoNumber(natural) + " m" : QString("%1 x %2 m").arg(geoNumber(p.widthMetres), geoNumber(p.heightMetres));
    *problem = QString("--cell-size %1 m conflicts with the raster's pixel size %2 from its geotransform; leave --cell-size out, or give %3")
                   .arg(geoNumber(*request.cellSize), pixel, geoNumber(natural));
    return false;
}

// Square cells over a raster's ground extent.
struct SquareGrid {
    int width = 0;
    int height = 0;
    double cellSize = 0.0;
};

double wholeCells(double extent, double cell)
{
    return std::floor(extent / cell + kCountSlack);
}

// Whole cells of `cell` along `extent` (at least two, a lattice's least), or 0 when they fall
// short of it by more than half a cell or by more than kMaxExtentShortfall. Never more cells
// than fit: the map does not reach beyond the raster.
int cellsAlong(double extent, double cell)
{
    const double cells = extent / cell, whole = wholeCells(extent, cell);
    const double shortfall = cells - whole;
    const bool fits = shortfall <= 0.5 + kCountSlack && shortfall <= kMaxExtentShortfall * cells + kCountSlack;
    return fits && whole >= 2.0 && whole <= Lattice::kMaxSide ? static_cast<int>(whole) : 0;
}

// The largest square cell, no larger than the finer pixel side, whose whole cells fit both sides
// of the extent (cellsAlong). Each candidate divides one side exactly: the finer side's own pixel
// first, then ever smaller ones. Stable: a raster exported from the result has that cell as its
// finer pixel side, and it fits, so importing the export gives the same grid again.
std::optional<SquareGrid> squareGrid(double width, double height, double finerSide)
{
    double cell = finerSide;
    while (std::max(width, height) / cell <= Lattice::kMaxSide + 1) {
        const int across = cellsAlong(width, cell), down = cellsAlong(height, cell);
        if (across > 0 && down > 0) return SquareGrid{across, down, cell};
        cell = std::max(width / (wholeCells(width, cell) + 1), height / (wholeCells(height, cell) + 1)); // the next smaller candidate
    }
    return std::nullopt;
}

// Square pixels keep their own grid; non-square ones get the grid of squareGrid.
std::optional<SquareGrid> gridFor(const FloatField& metres, const PixelGeometry& p, QString* problem)
{
    if (sameSize(p.widthMetres, p.heightMetres)) return SquareGrid{metres.width(), metres.height(), p.widthMetres};
    const std::optional<SquareGrid> grid =
        squareGrid(metres.width() * p.widthMetres, metres.height() * p.heightMetres, std::min(p.widthMetres, p.heightMetres));
    if (!grid)
        *problem = QString("non-square pixels (%1 x %2 m): no grid of square cells within the limit of %3 per side keeps the raster's extent")
                       .arg(geoNumber(p.widthMetres), geoNumber(p.heightMetres)).arg(Lattice::kMaxSide);
    return grid;
}

void flipGeoRows(FloatField& f)
{
    for (int y = 0; y < f.height() / 2; ++y)
        for (int x = 0; x < f.width(); ++x) std::swap(f(x, y), f(x, f.height() - 1 - y));
}

void flipColumns(FloatField& f)
{
    for (int y = 0; y < f.height(); ++y)
        for (int x = 0; x < f.width() / 2; ++x) std::swap(f(x, y), f(f.width() - 1 - x, y));
}

// North up, west left: GDAL's geotransform says which way rows and columns run.
void orient(const GdalRaster& r, FloatField& metres, QStringList& notes)
{
    if (!r.geoTransform) return;
    if ((*r.geoTransform)[5] > 0.0) {
        flipGeoRows(metres);
        notes << "south-up raster (positive pixel height): rows flipped to north up";
    }
    if ((*r.geoTransform)[1] < 0.0) {
        flipColumns(metres);
        notes << "east-to-west raster (negative pixel width): columns flipped to west first";
    }
}

std::optional<HeightRange> sidecarRange(const QString& path, QString* problem)
{
    if (!QFile::exists(sidecarPath(path))) return std::nullopt;
    const std::optional<Sidecar> sidecar = readSidecar(sidecarPath(path), problem);
    return sidecar ? std::optional<HeightRange>(sidecar->range) : std::nullopt;
}

// Integer levels onto metres through the range (the type's own range: one metre per level).
bool toMetres(const QString& path, const GdalRaster& r, const std::optional<HeightRange>& requested, FloatField& metres,
              QStringList& warnings, QString* problem)
{
    metres = r.samples;
    if (!r.integer) {
        if (requested) *problem = QString("--height-range applies to integer images; this %1 holds metres already").arg(r.description());
        return !requested;
    }
    std::optional<HeightRange> range = requested;
    if (!range && !(range = sidecarRange(path, problem)) && !problem->isEmpty()) return false;
    if (!range && r.integerBits == 16)
        warnings << QString("%1 samples and no height range (no --height-range or sidecar): one metre per level (%2..%3 m); "
                            "give --height-range LO:HI if the levels are not metres")
                        .arg(r.dataType, geoNumber(r.typeMin), geoNumber(r.typeMax));
    if (!range) return true;
    const double scale = (range->high - range->low) / (r.typeMax - r.typeMin);
    for (std::size_t i = 0; i < metres.size(); ++i) metres[i] = static_cast<float>(range->low + scale * (r.samples[i] - r.typeMin));
    return true;
}

bool handleNoData(const GdalRaster& r, NoDataPolicy policy, FloatField& metres, QStringList& notes, QString* problem)
{
    const std::size_t invalid = r.invalidCells();
    if (invalid == 0) return true;
    if (invalid == metres.size()) {
        *problem = QString("every cell is NoData (%1)").arg(r.invalidCellCounts());
        return false;
    }
    if (policy == NoDataPolicy::Refuse) {
        *problem = QString("%1 of %2 cells are NoData (%3); import with --nodata fill to inpaint them from their neighbours")
                       .arg(invalid).arg(metres.size()).arg(r.invalidCellCounts());
        return false;
    }
    const std::size_t filled = fillNaNCells(metres);
    notes << QString("filled %1 NoData cells (%2) from their valid neighbours").arg(filled).arg(r.invalidCellCounts());
    return true;
}

// The raster on the grid's square cells, stretched over its extent: bilinear (Resampler.h) when
// the counts change. The note gives both extents, as one side of the map may fall a little short.
FloatField squareCells(const FloatField& metres, const PixelGeometry& p, const SquareGrid& grid, QStringList& notes)
{
    if (sameSize(p.widthMetres, p.heightMetres)) return metres;
    const QString pixels = QString("(%1 x %2 m)").arg(geoNumber(p.widthMetres), geoNumber(p.heightMetres));
    const QString extents = QString("the map is %1 x %2 m, the raster %3 x %4 m")
                                .arg(geoNumber(grid.width * grid.cellSize), geoNumber(grid.height * grid.cellSize),
                                     geoNumber(metres.width() * p.widthMetres), geoNumber(metres.height() * p.heightMetres));
    if (grid.width == metres.width() && grid.height == metres.height()) {
        notes << QString("nearly square pixels %1: taken as square cells of %2 m (%3)").arg(pixels, geoNumber(grid.cellSize), extents);
        return metres;
    }
    notes << QString("non-square pixels %1: resampled bilinearly from %2x%3 to %4x%5 square cells of %6 m (%7)")
                 .arg(pixels).arg(metres.width()).arg(metres.height()).arg(grid.width).arg(grid.height).arg(geoNumber(grid.cellSize), extents);
    return latticeFromRaster(metres, Lattice(LatticeKind::Square, grid.width, grid.height, grid.cellSize));
}

// The CRS's north-west corner and its units per world metre over the cells' extent.
Georeference georeferenceOf(const GdalRaster& r, const PixelGeometry& p, const FloatField& cells, double cellSize)
{
    const auto& gt = *r.geoTransform;
    const int w = r.samples.width(), h = r.samples.height();
    Georeference g;
    g.crsWkt = r.crsWkt.toStdString();
    g.originX = gt[1] > 0.0 ? gt[0] : gt[0] + w * gt[1];
    g.originY = gt[5] < 0.0 ? gt[3] : gt[3] + h * gt[5];
    g.unitsPerMetreX = w * p.widthUnits / (cells.width() * cellSize);
    g.unitsPerMetreY = h * p.heightUnits / (cells.height() * cellSize);
    return g;
}

// Metres north up, NoData handled: what both the heightmap and a water raster need.
std::optional<FloatField> orientedMetres(const QString& path, const GdalRaster& r, const std::optional<HeightRange>& range,
                                         NoDataPolicy policy, GeoHeightmap& out, QString* problem)
{
    FloatField metres;
    out.notes << r.notes; // what reading the band changed: scale and offset, feet, grads
    out.warnings << r.warnings;
    if (!toMetres(path, r, range, metres, out.warnings, problem)) return std::nullopt;
    if (!handleNoData(r, policy, metres, out.notes, problem)) return std::nullopt;
    orient(r, metres, out.notes);
    return metres;
}

std::optional<GeoHeightmap> geoHeightmap(const QString& path, const GdalRaster& r, const GeoRequest& request, QString* problem)
{
    GeoHeightmap out;
    out.description = r.description();
    std::optional<FloatField> metres = orientedMetres(path, r, request.heightRange, request.noData, out, problem);
    if (!metres) return std::nullopt;
    out.raster = GridSize{metres->width(), metres->height()};
    if (!r.geoTransform) {
        if (!request.cellSize) *problem = "has no geotransform: give its pixel size with --cell-size M";
        out.metres = std::move(*metres);
        out.cellSize = request.cellSize.value_or(0.0);
        return request.cellSize ? std::optional<GeoHeightmap>(std::move(out)) : std::nullopt;
    }
    const std::optional<PixelGeometry> pixel = pixelGeometry(r, out.notes, problem);
    if (!pixel) return std::nullopt;
    if (!checkRequestedCellSize(*pixel, request, problem)) return std::nullopt;
    const std::optional<SquareGrid> grid = gridFor(*metres, *pixel, problem);
    if (!grid) return std::nullopt;
    out.metres = squareCells(*metres, *pixel, *grid, out.notes);
    out.georeference = georeferenceOf(r, *pixel, out.metres, grid->cellSize);
    out.cellSize = grid->cellSize;
    return out;
}

} // namespace

std::optional<GeoHeightmap> readGeoHeightmap(const QString& path, const GeoRequest& request, QString* error)
{
    const std::optional<GdalRaster> raster = readGdalRaster(path, error);
    if (!raster) return std::nullopt;
    QString problem;
    std::optional<GeoHeightmap> heightmap = geoHeightmap(path, *raster, request, &problem);
    if (!heightmap) *error = path + ": " + problem;
    return heightmap;
}

std::optional<FloatField> readGeoMetres(const QString& path, NoDataPolicy policy, QString* error)
{
    const std::optional<GdalRaster> raster = readGdalRaster(path, error);
    if (!raster) return std::nullopt;
    QString problem;
    GeoHeightmap ignored;
    std::optional<FloatField> metres = orientedMetres(path, *raster, std::nullopt, policy, ignored, &problem);
    if (!metres) *error = path + ": " + problem;
    return metres;
}

} // namespace rb::io
