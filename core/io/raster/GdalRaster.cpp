#include "io/raster/GdalRaster.h"

#include "io/raster/GdalErrors.h"
#include "lattice/Lattice.h"

#include <gdal_priv.h>
#include <ogr_spatialref.h>

#include <QRegularExpression>

#include <cmath>
#include <memory>
#include <numbers>
#include <utility>
#include <vector>

namespace rb::io {
namespace {

constexpr double kFoot = 0.3048;
constexpr double kUsSurveyFoot = 1200.0 / 3937.0;
constexpr double kRadiansPerDegree = std::numbers::pi / 180.0;

struct DatasetCloser {
    void operator()(GDALDataset* dataset) const { GDALClose(GDALDataset::ToHandle(dataset)); }
};
using Dataset = std::unique_ptr<GDALDataset, DatasetCloser>;

QString gdalNumber(double value)
{
    return QString::number(value, 'g', 10);
}

// How a stored value becomes a height in metres: the band's scale and offset (GDAL's convention:
// the unit type describes the scaled value), then the vertical unit; and which cells the band's
// own mask (not the one GDAL derives from the NoData value) marks invalid.
struct Decoding {
    double scale = 1.0;
    double offset = 0.0;
    double metresPerUnit = 1.0;
    GDALRasterBand* mask = nullptr;

    double metres(double stored) const { return (stored * scale + offset) * metresPerUnit; }
};

QString checkShape(GDALDataset& dataset)
{
    const int width = dataset.GetRasterXSize(), height = dataset.GetRasterYSize();
    if (dataset.GetRasterCount() != 1)
        return QString("has %1 bands; a heightmap has one (take one with: gdal_translate -b 1 IN OUT.tif)").arg(dataset.GetRasterCount());
    if (width < 1 || height < 1) return QString("has zero size (%1x%2)").arg(width).arg(height);
    if (width > Lattice::kMaxSide || height > Lattice::kMaxSide)
        return QString("raster is %1x%2, above the limit of %3 per side").arg(width).arg(height).arg(Lattice::kMaxSide);
    return {};
}

bool setSampleType(GDALRasterBand& band, GdalRaster& raster, QString* problem)
{
    const GDALDataType type = band.GetRasterDataType();
    raster.dataType = QString::fromUtf8(GDALGetDataTypeName(type));
    if (GDALDataTypeIsComplex(type) || type == GDT_Unknown) {
        *problem = QString("unsupported sample type %1 (complex numbers are not heights)").arg(raster.dataType);
        return false;
    }
    // A palette raster's samples are indices into its colour table: their order says nothing of height.
    if (band.GetColorInterpretation() == GCI_PaletteIndex) {
        *problem = QString("unsupported layout: %1 palette raster (its samples index a colour table; a heightmap's samples must be heights)")
                       .arg(raster.dataType);
        return false;
    }
    raster.integer = GDALDataTypeIsInteger(type) != 0;
    if (!raster.integer) return true;
    raster.integerBits = GDALGetDataTypeSizeBits(type);
    const double levels = std::ldexp(1.0, raster.integerBits);
    raster.typeMin = GDALDataTypeIsSigned(type) ? -levels / 2 : 0.0;
    raster.typeMax = raster.typeMin + levels - 1.0;
    return true;
}

// Scaled or unit-converted integers are heights already, not levels for --height-range to map.
void markAsHeights(GdalRaster& raster)
{
    raster.integer = false;
    raster.integerBits = 0;
    raster.typeMin = raster.typeMax = 0.0;
}

bool setScaleAndOffset(GDALRasterBand& band, GdalRaster& raster, Decoding& decoding, QString* problem)
{
    decoding.scale = band.GetScale();
    decoding.offset = band.GetOffset();
    if (decoding.scale == 1.0 && decoding.offset == 0.0) return true;
    if (!(std::isfinite(decoding.scale) && decoding.scale != 0.0 && std::isfinite(decoding.offset))) {
        *problem = QString("the band's scale %1 and offset %2 do not make heights; fix them with: gdal_edit.py -scale S -offset O IN")
                       .arg(gdalNumber(decoding.scale), gdalNumber(decoding.offset));
        return false;
    }
    raster.notes << QString("the band's scale %1 and offset %2 applied: height = stored value × %1 + %2")
                        .arg(gdalNumber(decoding.scale), gdalNumber(decoding.offset));
    markAsHeights(raster);
    return true;
}

QString normalisedUnit(const QString& unit)
{
    QString u = unit.toLower();
    for (const QChar c : {QChar('_'), QChar('-'), QChar('.')}) u.replace(c, ' ');
    return u.simplified();
}

// Metres per unit, for the length units DEMs come in under the names drivers and PROJ give them.
std::optional<double> metresPerLengthUnit(const QString& unit)
{
    static const std::vector<std::pair<QString, double>> units = {
        {"", 1.0}, {"m", 1.0}, {"metre", 1.0}, {"metres", 1.0}, {"meter", 1.0}, {"meters", 1.0},
        {"ft", kFoot}, {"foot", kFoot}, {"feet", kFoot}, {"international foot", kFoot}, {"international feet", kFoot},
        {"ftus", kUsSurveyFoot},
        {"cm", 0.01}, {"centimetre", 0.01}, {"centimetres", 0.01}, {"centimeter", 0.01}, {"centimeters", 0.01},
        {"mm", 0.001}, {"millimetre", 0.001}, {"millimetres", 0.001}, {"millimeter", 0.001}, {"millimeters", 0.001},
        {"km", 1000.0}, {"kilometre", 1000.0}, {"kilometres", 1000.0}, {"kilometer", 1000.0}, {"kilometers", 1000.0},
    };
    const auto lookUp = [](const QString& name) -> std::optional<double> {
        for (const auto& [known, metres] : units)
            if (name == known) return metres;
        return std::nullopt;
    };
    const QString u = normalisedUnit(unit);
    if (const std::optional<double> metres = lookUp(u)) return metres;
    // "US survey foot", "foot_survey_us", "us-ft"; then "m above sea level", "ft NAVD88": the first word.
    const QStringList words = u.split(' ');
    const bool feet = words.contains("ft") || words.contains("foot") || words.contains("feet");
    if (feet && (words.contains("us") || words.contains("survey"))) return kUsSurveyFoot;
    return words.size() > 1 ? lookUp(words.first()) : std::nullopt;
}

// Units that say the values are something else than heights: angles, temperatures, pressures,
// masses, times, ratios and rates ("degC", "m/s", "kg m-2", "%"). Other names are given the
// benefit of the doubt: "m above sea level" is a height.
bool clearlyNotALength(const QString& unit)
{
    static const QRegularExpression ratioOrPower(R"(/|%|\^|\*\*|\bper\b|\b(m|cm|mm|km|ft|s|kg)-?[0-9]\b)");
    static const QRegularExpression named(R"(degree|celsius|kelvin|fahrenheit|radian|^(deg|deg ?[cfk]|°|° ?[cfk]|k|c|f|rad|grad|gon|percent|pa|hpa|kpa|mbar|bar|kg|g|s|sec|seconds?|db|dbz|w|1)$)");
    const QString u = unit.toLower().simplified();
    return ratioOrPower.match(u).hasMatch() || named.match(u).hasMatch();
}

// The band's unit first; without one, a compound CRS's vertical part (e.g. EPSG:32632+6360).
std::pair<QString, double> verticalUnit(GDALRasterBand& band, const OGRSpatialReference* crs, QString* origin)
{
    const QString unit = QString::fromUtf8(band.GetUnitType()).trimmed();
    *origin = "the band's unit";
    if (!unit.isEmpty() || !crs || !crs->IsCompound()) return {unit, 0.0};
    const char* name = nullptr;
    const double metres = crs->GetTargetLinearUnits("VERT_CS", &name);
    *origin = "the CRS's vertical unit";
    return {QString::fromUtf8(name ? name : ""), metres > 0.0 && std::isfinite(metres) ? metres : 0.0};
}

bool setVerticalUnit(GDALRasterBand& band, const OGRSpatialReference* crs, GdalRaster& raster, Decoding& decoding, QString* problem)
{
    QString origin;
    const auto [unit, crsMetres] = verticalUnit(band, crs, &origin);
    if (crsMetres == 0.0 && clearlyNotALength(unit)) { // first: "m s-1" is no "m above sea level"
        *problem = QString("%1 '%2' is not a length, so its values are not heights (if they are heights in metres, say so with: gdal_edit.py -units m IN)")
                       .arg(origin, unit);
        return false;
    }
    const std::optional<double> known = crsMetres > 0.0 ? std::optional<double>(crsMetres) : metresPerLengthUnit(unit);
    if (!known) {
        raster.warnings << QString("%1 '%2' is not one riverbed knows: heights taken as metres (if they are not, set the unit, e.g. gdal_edit.py -units ft IN)")
                               .arg(origin, unit);
        return true;
    }
    decoding.metresPerUnit = *known;
    if (*known == 1.0) {
        if (!unit.isEmpty()) markAsHeights(raster); // the file says its levels are metres: no range to ask for
        return true;
    }
    raster.notes << QString("heights in '%1' (%2) converted to metres: × %3").arg(unit, origin, gdalNumber(*known));
    markAsHeights(raster);
    return true;
}

// The band's own mask: an internal or .msk TIFF mask, say. GDAL's other masks are no news: all
// valid, or derived from the NoData value (already counted as such).
void setMask(GDALRasterBand& band, Decoding& decoding)
{
    const int flags = band.GetMaskFlags();
    if (flags & (GMF_ALL_VALID | GMF_NODATA)) return;
    decoding.mask = band.GetMaskBand();
}

// GDAL's geographic transforms are in the CRS's angular unit; the rest of the importer, and the
// georeference written back, work in degrees: a CRS in grads (EPSG:4807, NTF Paris) is restated
// in degrees, its geotransform with it. The prime meridian keeps its own unit in the WKT.
bool toDegrees(const OGRSpatialReference& crs, GdalRaster& raster, QString* problem)
{
    const char* name = nullptr;
    const double radians = crs.GetAngularUnits(&name);
    if (std::abs(radians / kRadiansPerDegree - 1.0) < 1e-12) return true;
    const QString unit = QString::fromUtf8(name ? name : "");
    OGRSpatialReference degrees(crs);
    char* wkt = nullptr;
    if (!(radians > 0.0 && std::isfinite(radians)) || degrees.SetAngularUnits(SRS_UA_DEGREE, kRadiansPerDegree) != OGRERR_NONE
        || degrees.exportToWkt(&wkt) != OGRERR_NONE || !wkt) {
        CPLFree(wkt);
        *problem = QString("geographic CRS in '%1', which cannot be restated in degrees; reproject it first: gdalwarp -t_srs EPSG:4326 IN OUT.tif").arg(unit);
        return false;
    }
    raster.crsWkt = QString::fromUtf8(wkt);
    CPLFree(wkt);
    const double factor = radians / kRadiansPerDegree;
    if (raster.geoTransform)
        for (double& value : *raster.geoTransform) value *= factor;
    raster.notes << QString("geographic CRS in %1: its coordinates converted to degrees (1 %1 = %2°), the CRS restated in degrees")
                        .arg(unit, gdalNumber(factor));
    return true;
}

bool setCrs(const OGRSpatialReference* crs, GdalRaster& raster, QString* problem)
{
    if (!crs) return true;
    char* wkt = nullptr;
    if (crs->exportToWkt(&wkt) == OGRERR_NONE && wkt) raster.crsWkt = QString::fromUtf8(wkt);
    CPLFree(wkt);
    raster.geographic = crs->IsGeographic() != 0;
    if (!raster.geographic) {
        raster.metresPerCrsUnit = crs->GetLinearUnits(nullptr);
        return true;
    }
    raster.semiMajor = crs->GetSemiMajor();
    raster.semiMinor = crs->GetSemiMinor();
    return toDegrees(*crs, raster, problem);
}

// NaN, NoData (compared with the stored value, as GDAL does) and masked-out cells, counted once
// each in that order, read as NaN; every other cell as its height in metres.
bool takeSample(double stored, bool maskedOut, const Decoding& decoding, GdalRaster& raster, float& cell)
{
    cell = NAN;
    if (std::isnan(stored)) ++raster.nanCells;
    else if (raster.noDataValue && stored == *raster.noDataValue) ++raster.noDataCells;
    else if (maskedOut) ++raster.maskedCells;
    else cell = static_cast<float>(decoding.metres(stored));
    return std::isnan(cell) || std::isfinite(cell);
}

bool readRow(GDALRasterBand& band, int y, std::vector<double>& row, std::vector<GByte>& mask, const Decoding& decoding)
{
    const int width = static_cast<int>(row.size());
    if (band.RasterIO(GF_Read, 0, y, width, 1, row.data(), width, 1, GDT_Float64, 0, 0) != CE_None) return false;
    return !decoding.mask || decoding.mask->RasterIO(GF_Read, 0, y, width, 1, mask.data(), width, 1, GDT_Byte, 0, 0) == CE_None;
}

// One row at a time, in double so that a NoData value compares exactly whatever the type.
bool readSamples(GDALRasterBand& band, const Decoding& decoding, GdalRaster& raster, QString* problem, const GdalErrors& gdal)
{
    const int width = band.GetXSize(), height = band.GetYSize();
    raster.samples = FloatField(width, height);
    std::vector<double> row(static_cast<std::size_t>(width));
    std::vector<GByte> mask(static_cast<std::size_t>(width), 255);
    for (int y = 0; y < height; ++y) {
        if (!readRow(band, y, row, mask, decoding)) {
            *problem = "cannot read row " + QString::number(y) + ": " + gdal.text("damaged or truncated?");
            return false;
        }
        for (int x = 0; x < width; ++x) {
            const std::size_t i = static_cast<std::size_t>(x);
            if (!takeSample(row[i], mask[i] == 0, decoding, raster, raster.samples(x, y))) {
                *problem = QString("holds a value that is not finite (Inf, or beyond float32) at column %1, row %2").arg(x).arg(y);
                return false;
            }
        }
    }
    return true;
}

bool readOpened(GDALDataset& dataset, GdalRaster& raster, QString* problem, const GdalErrors& gdal)
{
    if (*problem = checkShape(dataset); !problem->isEmpty()) return false;
    GDALRasterBand& band = *dataset.GetRasterBand(1);
    if (!setSampleType(band, raster, problem)) return false;
    raster.driver = QString::fromUtf8(dataset.GetDriver()->GetDescription());
    int hasNoData = 0;
    const double noData = band.GetNoDataValue(&hasNoData);
    if (hasNoData && !std::isnan(noData)) raster.noDataValue = noData;
    std::array<double, 6> transform{};
    if (dataset.GetGeoTransform(transform.data()) == CE_None) raster.geoTransform = transform;
    const OGRSpatialReference* crs = dataset.GetSpatialRef();
    if (!setCrs(crs, raster, problem)) return false;
    Decoding decoding;
    if (!setScaleAndOffset(band, raster, decoding, problem) || !setVerticalUnit(band, crs, raster, decoding, problem)) return false;
    setMask(band, decoding);
    return readSamples(band, decoding, raster, problem, gdal);
}

} // namespace

QString GdalRaster::invalidCellCounts() const
{
    QStringList parts;
    if (noDataCells && noDataValue) parts << QString("%1 equal to the NoData value %2").arg(noDataCells).arg(gdalNumber(*noDataValue));
    if (maskedCells) parts << QString("%1 masked out by the file's mask").arg(maskedCells);
    if (nanCells) parts << QString("%1 NaN").arg(nanCells);
    return parts.join(", ");
}

std::optional<GdalRaster> readGdalRaster(const QString& path, QString* error)
{
    GdalErrors gdal;
    const QByteArray name = path.toUtf8();
    Dataset dataset(GDALDataset::FromHandle(GDALOpenEx(name.constData(), GDAL_OF_RASTER | GDAL_OF_READONLY, nullptr, nullptr, nullptr)));
    if (!dataset) {
        *error = path + ": GDAL cannot read it: " + gdal.text("not a raster format GDAL knows");
        return std::nullopt;
    }
    GdalRaster raster;
    QString problem;
    if (!readOpened(*dataset, raster, &problem, gdal)) {
        *error = path + ": " + problem;
        return std::nullopt;
    }
    return raster;
}

} // namespace rb::io
