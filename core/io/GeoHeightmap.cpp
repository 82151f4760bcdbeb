#include "io/GeoHeightmap.h"

#include "io/GdalRaster.h"
#include "io/GeographicScale.h"
#include "io/NoDataFill.h"
#include "io/Resampler.h"
#include "io/Sidecar.h"
#include "lattice/Lattice.h"

#include <QFile>

#include <algorithm>
#include <cmath>
#include <utility>

namespace rb::io {
namespace {

// Two pixel sides closer than this (relative) are one square side; a --cell-size this close to
// the geotransform's agrees with it (decimal text of a binary pixel size, e.g. 1/3600 degree).
constexpr double kSameSize = 1e-6;
// A geographic raster is refused when its east–west scale at an edge is this far from the centre's.
constexpr double kMaxScaleError = 0.10;

QString number(double value)
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

std::pair<double, double> latitudeSpan(const GdalRaster& r)
{
    const auto& gt = *r.geoTransform;
    const double a = gt[3], b = gt[3] + r.samples.height() * gt[5];
    return {std::min(a, b), std::max(a, b)};
}

// Metres per degree at the centre latitude, or a refusal when one scale does not fit the raster.
std::optional<GeographicScale> degreesToMetres(const GdalRaster& r, QStringList& notes, QString* problem)
{
    const auto [south, north] = latitudeSpan(r);
    const double centre = (south + north) / 2;
    const QString hint = "reproject it to a CRS in metres first, e.g. a UTM zone: gdalwarp -t_srs EPSG:326NN IN OUT.tif";
    if (south < -90.0 || north > 90.0) {
        *problem = QString("geographic CRS, but latitudes %1..%2 are not on the Earth; %3").arg(number(south), number(north), hint);
        return std::nullopt;
    }
    const GeographicScale scale = geographicScale(r.semiMajor, r.semiMinor, centre);
    double worst = 0.0;
    for (double edge : {south, north})
        worst = std::max(worst, std::abs(geographicScale(r.semiMajor, r.semiMinor, edge).metresPerDegreeEast / scale.metresPerDegreeEast - 1.0));
    if (!(worst <= kMaxScaleError)) {
        *problem = QString("geographic CRS (degrees) spanning latitudes %1..%2: one east–west scale would be %3% off at an edge; %4")
                       .arg(number(south), number(north)).arg(worst * 100, 0, 'f', 0).arg(hint);
        return std::nullopt;
    }
    notes << QString("geographic CRS: degrees converted to metres at the centre latitude %1° (1° = %2 m east, %3 m north; "
                     "east–west scale off by up to %4% at the edges)")
                 .arg(number(centre), number(scale.metresPerDegreeEast), number(scale.metresPerDegreeNorth))
                 .arg(worst * 100, 0, 'f', 2);
    return scale;
}

std::optional<PixelGeometry> pixelGeometry(const GdalRaster& r, QStringList& notes, QString* problem)
{
    const auto& gt = *r.geoTransform;
    if (gt[2] != 0.0 || gt[4] != 0.0) {
        *problem = "rotated or sheared geotransform; make it north-up first: gdalwarp IN OUT.tif";
        return std::nullopt;
    }
    PixelGeometry p{0.0, 0.0, std::abs(gt[1]), std::abs(gt[5])};
    if (!(p.widthUnits > 0.0 && p.heightUnits > 0.0 && std::isfinite(p.widthUnits) && std::isfinite(p.heightUnits))) {
        *problem = QString("the geotransform's pixel size %1 x %2 is not usable").arg(number(gt[1]), number(gt[5]));
        return std::nullopt;
    }
    double east = r.metresPerCrsUnit, north = r.metresPerCrsUnit;
    if (r.geographic) {
        const std::optional<GeographicScale> scale = degreesToMetres(r, notes, problem);
        if (!scale) return std::nullopt;
        east = scale->metresPerDegreeEast;
        north = scale->metresPerDegreeNorth;
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

std::optional<double> cellSizeFor(const PixelGeometry& p, const GeoRequest& request, QString* problem)
{
    const bool square = sameSize(p.widthMetres, p.heightMetres);
    const double natural = square ? p.widthMetres : std::min(p.widthMetres, p.heightMetres);
    if (request.cellSize && !sameSize(*request.cellSize, natural)) {
        const QString pixel = square ? number(natural) + " m" : QString("%1 x %2 m (cells of %3 m)").arg(number(p.widthMetres), number(p.heightMetres), number(natural));
        *problem = QString("--cell-size %1 m conflicts with the raster's pixel size %2 from its geotransform; leave --cell-size out, or give %3")
                       .arg(number(*request.cellSize), pixel, number(natural));
        return std::nullopt;
    }
    return natural;
}

void flipRows(FloatField& f)
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
        flipRows(metres);
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
                        .arg(r.dataType, number(r.typeMin), number(r.typeMax));
    if (!range) return true;
    const double scale = (range->high - range->low) / (r.typeMax - r.typeMin);
    for (std::size_t i = 0; i < metres.size(); ++i) metres[i] = static_cast<float>(range->low + scale * (r.samples[i] - r.typeMin));
    return true;
}

QString noDataCounts(const GdalRaster& r)
{
    QStringList parts;
    if (r.noDataCells) parts << QString("%1 equal to the NoData value %2").arg(r.noDataCells).arg(number(*r.noDataValue));
    if (r.nanCells) parts << QString("%1 NaN").arg(r.nanCells);
    return parts.join(", ");
}

bool handleNoData(const GdalRaster& r, NoDataPolicy policy, FloatField& metres, QStringList& notes, QString* problem)
{
    const std::size_t invalid = r.invalidCells();
    if (invalid == 0) return true;
    if (invalid == metres.size()) {
        *problem = QString("every cell is NoData (%1)").arg(noDataCounts(r));
        return false;
    }
    if (policy == NoDataPolicy::Refuse) {
        *problem = QString("%1 of %2 cells are NoData (%3); import with --nodata fill to inpaint them from their neighbours")
                       .arg(invalid).arg(metres.size()).arg(noDataCounts(r));
        return false;
    }
    const std::size_t filled = fillNaNCells(metres);
    notes << QString("filled %1 NoData cells (%2) from their valid neighbours").arg(filled).arg(noDataCounts(r));
    return true;
}

// Square cells of `cellSize` over the raster's ground extent (bilinear, Resampler.h).
std::optional<FloatField> squareCells(const FloatField& metres, const PixelGeometry& p, double cellSize, QStringList& notes, QString* problem)
{
    if (sameSize(p.widthMetres, p.heightMetres)) return metres;
    const long width = std::max(2L, std::lround(metres.width() * p.widthMetres / cellSize));
    const long height = std::max(2L, std::lround(metres.height() * p.heightMetres / cellSize));
    if (width > Lattice::kMaxSide || height > Lattice::kMaxSide) {
        *problem = QString("non-square pixels (%1 x %2 m) would need %3x%4 square cells, above the limit of %5 per side")
                       .arg(number(p.widthMetres), number(p.heightMetres)).arg(width).arg(height).arg(Lattice::kMaxSide);
        return std::nullopt;
    }
    notes << QString("non-square pixels (%1 x %2 m): resampled bilinearly from %3x%4 to %5x%6 square cells of %7 m")
                 .arg(number(p.widthMetres), number(p.heightMetres)).arg(metres.width()).arg(metres.height()).arg(width).arg(height).arg(number(cellSize));
    return latticeFromRaster(metres, Lattice(LatticeKind::Square, static_cast<int>(width), static_cast<int>(height), cellSize));
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
    if (!r.geoTransform) {
        if (!request.cellSize) *problem = "has no geotransform: give its pixel size with --cell-size M";
        out.metres = std::move(*metres);
        out.cellSize = request.cellSize.value_or(0.0);
        return request.cellSize ? std::optional<GeoHeightmap>(std::move(out)) : std::nullopt;
    }
    const std::optional<PixelGeometry> pixel = pixelGeometry(r, out.notes, problem);
    if (!pixel) return std::nullopt;
    const std::optional<double> cellSize = cellSizeFor(*pixel, request, problem);
    if (!cellSize) return std::nullopt;
    std::optional<FloatField> cells = squareCells(*metres, *pixel, *cellSize, out.notes, problem);
    if (!cells) return std::nullopt;
    out.georeference = georeferenceOf(r, *pixel, *cells, *cellSize);
    out.metres = std::move(*cells);
    out.cellSize = *cellSize;
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
