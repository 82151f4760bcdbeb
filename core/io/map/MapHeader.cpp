#include "io/map/MapHeader.h"

#include "io/text/ExactNumber.h"
#include "io/text/JsonFields.h"
#include "model/SimParamTable.h"
#include "ranges/NamedValues.h"
#include "ranges/ValueRanges.h"

#include <cpl_error.h>
#include <ogr_spatialref.h>

#include <QJsonArray>

#include <algorithm>
#include <cmath>

namespace rb::io {
namespace {

QString exact(double value)
{
    return QString::fromStdString(exactDoubleText(value));
}

QString nameText(std::string_view name)
{
    return QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size()));
}

QJsonObject latticeToJson(const Lattice& lattice)
{
    return {{"kind", nameText(latticeKindName(lattice.kind()))},
            {"width", lattice.width()},
            {"height", lattice.height()},
            {"cellSize", exact(lattice.cellSize())}};
}

QJsonObject ledgerToJson(const VolumeLedger& ledger)
{
    return {{"boundaryIn", exact(ledger.boundaryIn)}, {"boundaryOut", exact(ledger.boundaryOut)},
            {"springs", exact(ledger.springs)},       {"drains", exact(ledger.drains)},
            {"rain", exact(ledger.rain)},             {"evaporation", exact(ledger.evaporation)},
            {"edited", exact(ledger.edited)}};
}

QJsonObject dyeLedgerToJson(const DyeLedger& l)
{
    return {{"boundaryIn", exact(l.boundaryIn)},   {"boundaryOut", exact(l.boundaryOut)}, {"springs", exact(l.springs)},
            {"drains", exact(l.drains)},           {"evaporation", exact(l.evaporation)}, {"decayed", exact(l.decayed)},
            {"clipped", exact(l.clipped)},         {"edited", exact(l.edited)}};
}

QJsonArray dyeLedgersToJson(const std::vector<DyeLedger>& ledgers)
{
    QJsonArray array;
    for (const DyeLedger& l : ledgers) array.append(dyeLedgerToJson(l));
    return array;
}

QJsonObject erosionParamsToJson(const ErosionParams& e)
{
    return {{"enabled", e.enabled},
            {"capacity", exact(e.capacity)},
            {"erosionRate", exact(e.erosionRate)},
            {"depositionRate", exact(e.depositionRate)},
            {"talusDegrees", exact(e.talusDegrees)},
            {"thermalRate", exact(e.thermalRate)},
            {"minDepth", exact(e.minDepth)},
            {"interval", e.interval}};
}

QJsonObject sedimentLedgerToJson(const SedimentLedger& l)
{
    return {{"carried", dyeLedgerToJson(l.carried)}, {"eroded", exact(l.eroded)}, {"deposited", exact(l.deposited)},
            {"slid", exact(l.slid)},                 {"rounding", exact(l.rounding)}};
}

QJsonArray erosionArraysToJson(const MapState& s)
{
    QJsonArray names;
    if (!s.erodibility.empty()) names.append("erodibility");
    if (!s.sediment.empty()) names.append("sediment");
    if (!s.deposition.empty()) names.append("deposition");
    if (!s.bedRemainder.empty()) names.append("bed.remainder");
    return names;
}

QJsonObject paramsToJson(const SimParams& p)
{
    QJsonObject params{{"dt", exact(p.dt)}, {"pipe", nameText(pipeModeName(p.pipe))}, {"substeps", p.substeps},
                       {"model", nameText(flowModelName(p.model))}};
    // The table's numbers; a newer one only when set, so a map without it keeps its older header.
    for (const SimParamSpec& spec : simParamTable())
        if (spec.header != HeaderPresence::WhenSet || p.*spec.field != 0.0) params.insert(nameText(spec.key), exact(p.*spec.field));
    if (p.automaticDt()) { // only then: a fixed-dt map's header stays as it was
        params.insert("cflTarget", exact(p.cflTarget));
        params.insert("dtMax", exact(p.dtMax));
    }
    // Erosion only when it differs from the defaults (format version 4; docs/erosion.md).
    if (p.erosion != ErosionParams{}) params.insert("erosion", erosionParamsToJson(p.erosion));
    return params;
}

QJsonArray boundaryToJson(const std::vector<BoundarySegment>& segments)
{
    QJsonArray array;
    for (const BoundarySegment& s : segments) {
        QJsonObject segment{{"side", nameText(sideName(s.side))},
                            {"start", s.start},
                            {"end", s.end},
                            {"type", nameText(boundaryTypeName(s.type))},
                            {"value", exact(s.value)}};
        if (s.dye >= 0) segment.insert("dye", s.dye);
        if (s.sediment != 0.0) segment.insert("sediment", exact(s.sediment));
        array.append(segment);
    }
    return array;
}

std::string_view sourceKindName(PointSource::Kind kind)
{
    return kind == PointSource::Kind::Spring ? "spring" : "drain";
}

std::optional<PointSource::Kind> parseSourceKind(std::string_view name)
{
    return parseNamed(name, {PointSource::Kind::Spring, PointSource::Kind::Drain}, sourceKindName);
}

QJsonArray sourcesToJson(const std::vector<PointSource>& sources)
{
    QJsonArray array;
    for (const PointSource& s : sources) {
        QJsonObject source{{"kind", nameText(sourceKindName(s.kind))},
                           {"x", exact(s.x)},
                           {"y", exact(s.y)},
                           {"rate", exact(s.rate)},
                           {"drainAll", s.drainAll}};
        if (s.dye >= 0) source.insert("dye", s.dye);
        if (s.sediment != 0.0) source.insert("sediment", exact(s.sediment));
        array.append(source);
    }
    return array;
}

// Dimensions are checked here, before anything is sized from them, with their own message.
std::optional<Lattice> latticeFromJson(const JsonFields& root, QString* error)
{
    const JsonFields fields = root.child("lattice");
    const std::optional<LatticeKind> kind = fields.name("kind", "lattice kind", parseLatticeKind);
    const double width = fields.number("width");
    const double height = fields.number("height");
    const double cellSize = fields.exactNumber("cellSize");
    if (!fields.ok()) return std::nullopt;
    const auto validSide = [](double side) { return side == std::floor(side) && side >= 2 && side <= Lattice::kMaxSide; };
    if (!validSide(width) || !validSide(height)) {
        *error = QString("absurd lattice dimensions %1x%2 (each side must be a whole number in 2..%3)")
                     .arg(width, 0, 'g', 17).arg(height, 0, 'g', 17).arg(Lattice::kMaxSide);
        return std::nullopt;
    }
    if (const std::string problem = checkRange("cell size (lattice.cellSize)", cellSize, ranges::kMinCellSize, ranges::kMaxCellSize, "m"); !problem.empty()) {
        *error = "invalid values: " + QString::fromStdString(problem);
        return std::nullopt;
    }
    return Lattice(*kind, static_cast<int>(width), static_cast<int>(height), cellSize);
}

VolumeLedger ledgerFromJson(const JsonFields& root)
{
    const JsonFields f = root.child("ledger");
    VolumeLedger ledger{f.exactNumber("boundaryIn"), f.exactNumber("boundaryOut"), f.exactNumber("springs"),
                        f.exactNumber("drains"),     f.exactNumber("rain"),        f.exactNumber("evaporation")};
    // Files written before the editor's water brushes existed have no edits to book.
    if (f.has("edited")) ledger.edited = f.exactNumber("edited");
    return ledger;
}

DyeLedger dyeLedgerFromJson(const JsonFields& f)
{
    return {f.exactNumber("boundaryIn"), f.exactNumber("boundaryOut"), f.exactNumber("springs"), f.exactNumber("drains"),
            f.exactNumber("evaporation"), f.exactNumber("decayed"), f.exactNumber("clipped"), f.exactNumber("edited")};
}

// Dye channels (format version 3): their ledgers; absent, the map has no dye.
std::vector<DyeLedger> dyeLedgersFromJson(const JsonFields& root)
{
    if (!root.has("dyeLedgers")) return {};
    if (root.array("dyeLedgers").size() > kMaxDyeChannels)
        root.fail(QString("more than %1 dye channels in dyeLedgers").arg(kMaxDyeChannels));
    return root.elements("dyeLedgers", dyeLedgerFromJson);
}

// A segment's or source's dye channel, −1 when absent (older files, clean water).
int dyeChannelFromJson(const JsonFields& f)
{
    return f.has("dye") ? f.integer("dye", 0, kMaxDyeChannels - 1) : -1;
}

// The sediment an inflow or spring brings (format version 4), 0 when absent.
double sedimentFromJson(const JsonFields& f)
{
    return f.has("sediment") ? f.exactNumber("sediment") : 0.0;
}

// Absent: the defaults (erosion off).
ErosionParams erosionParamsFromJson(const JsonFields& params)
{
    if (!params.has("erosion")) return {};
    const JsonFields f = params.child("erosion");
    ErosionParams e;
    e.enabled = f.boolean("enabled");
    e.capacity = f.exactNumber("capacity");
    e.erosionRate = f.exactNumber("erosionRate");
    e.depositionRate = f.exactNumber("depositionRate");
    e.talusDegrees = f.exactNumber("talusDegrees");
    e.thermalRate = f.exactNumber("thermalRate");
    e.minDepth = f.exactNumber("minDepth");
    // Maps saved before the bed's interval existed updated the bed after every step.
    e.interval = f.has("interval") ? f.integer("interval", 1, ErosionParams::kMaxInterval) : 1;
    return e;
}

// Absent: nothing eroded yet.
SedimentLedger sedimentLedgerFromJson(const JsonFields& root)
{
    if (!root.has("sedimentLedger")) return {};
    const JsonFields f = root.child("sedimentLedger");
    SedimentLedger l;
    l.carried = dyeLedgerFromJson(f.child("carried"));
    l.eroded = f.exactNumber("eroded");
    l.deposited = f.exactNumber("deposited");
    l.slid = f.exactNumber("slid");
    l.rounding = f.exactNumber("rounding");
    return l;
}

// The names must be erosion arrays, each at most once and in file order, so that the reader knows
// exactly which arrays follow.
MapHeader::ErosionArrays erosionArraysFromJson(const JsonFields& root)
{
    MapHeader::ErosionArrays present;
    if (!root.has("erosionArrays")) return present;
    const QJsonArray array = root.array("erosionArrays");
    bool* const flags[] = {&present.erodibility, &present.sediment, &present.deposition, &present.bedRemainder};
    std::size_t next = 0; // the first name still allowed
    for (int i = 0; i < array.size() && root.ok(); ++i) {
        const std::string name = array[i].toString().toStdString();
        const auto& names = erosionArrayNames();
        const auto at = std::find(names.begin() + static_cast<std::ptrdiff_t>(next), names.end(), name);
        if (at == names.end()) {
            root.fail(QString("erosionArrays: '%1' is not an erosion array, or is out of order or repeated (expected erodibility, sediment, deposition, bed.remainder)")
                          .arg(array[i].toString()));
            break;
        }
        next = static_cast<std::size_t>(at - names.begin());
        *flags[next++] = true;
    }
    return present;
}

SimParams paramsFromJson(const JsonFields& root)
{
    const JsonFields f = root.child("params");
    SimParams p;
    for (const SimParamSpec& spec : simParamTable()) // a member added in a later version may be absent
        if (spec.header == HeaderPresence::Required || f.has(nameText(spec.key))) p.*spec.field = f.exactNumber(nameText(spec.key));
    p.dt = f.exactNumber("dt");
    p.pipe = f.name("pipe", "pipe mode", parsePipeMode).value_or(PipeMode::Depth);
    p.substeps = f.integer("substeps", 1, 100000);
    // Written since format version 2; a version 1 file is a pipes map.
    if (f.has("model")) p.model = f.name("model", "flow model", parseFlowModel).value_or(FlowModel::Pipes);
    // Automatic dt; absent: a fixed dt. The writer leaves it out for a fixed dt, so a member that
    // is present must be a CFL number: a 0 there is an edit or damage, not a request for a fixed dt.
    if (f.has("cflTarget")) {
        p.cflTarget = f.exactNumber("cflTarget");
        if (f.ok() && !(p.cflTarget >= ranges::kMinCflTarget && p.cflTarget <= ranges::kMaxCflTarget))
            f.fail(QString("%1 is %2, not a CFL number in [%3, %4] (a fixed-dt map has no cflTarget)")
                       .arg(f.pathOf("cflTarget")).arg(p.cflTarget).arg(ranges::kMinCflTarget).arg(ranges::kMaxCflTarget));
    }
    if (f.has("dtMax")) p.dtMax = f.exactNumber("dtMax");
    p.erosion = erosionParamsFromJson(f);
    return p;
}

BoundarySegment segmentFromJson(const JsonFields& f)
{
    BoundarySegment s;
    s.side = f.name("side", "boundary side", parseSide).value_or(Side::North);
    s.start = f.integer("start", 0, Lattice::kMaxSide);
    s.end = f.integer("end", 0, Lattice::kMaxSide);
    s.type = f.name("type", "boundary type", parseBoundaryType).value_or(BoundaryType::Wall);
    s.value = f.exactNumber("value");
    s.dye = dyeChannelFromJson(f);
    s.sediment = sedimentFromJson(f);
    return s;
}

std::vector<BoundarySegment> boundaryFromJson(const JsonFields& root)
{
    return root.elements("boundary", segmentFromJson);
}

PointSource sourceFromJson(const JsonFields& f)
{
    PointSource s;
    s.kind = f.name("kind", "source kind", parseSourceKind).value_or(PointSource::Kind::Spring);
    s.x = f.exactNumber("x");
    s.y = f.exactNumber("y");
    s.rate = f.exactNumber("rate");
    s.drainAll = f.boolean("drainAll");
    s.dye = dyeChannelFromJson(f);
    s.sediment = sedimentFromJson(f);
    return s;
}

std::vector<PointSource> sourcesFromJson(const JsonFields& root)
{
    return root.elements("sources", sourceFromJson);
}

QJsonObject georeferenceToJson(const Georeference& g)
{
    return {{"crs", QString::fromStdString(g.crsWkt)}, {"originX", exact(g.originX)}, {"originY", exact(g.originY)},
            {"unitsPerMetreX", exact(g.unitsPerMetreX)}, {"unitsPerMetreY", exact(g.unitsPerMetreY)}};
}

// A CRS the exports could write: caught on reading, not when a GeoTIFF export fails later.
bool readableCrs(const std::string& wkt)
{
    OGRSpatialReference crs;
    CPLPushErrorHandler(CPLQuietErrorHandler);
    const bool readable = crs.importFromWkt(wkt.c_str()) == OGRERR_NONE && !crs.IsEmpty();
    CPLPopErrorHandler();
    return readable;
}

// Optional since it was added (files without it, older ones included, have no georeference);
// older readers ignore it, so no new format version is needed.
std::optional<Georeference> georeferenceFromJson(const JsonFields& root)
{
    if (!root.has("georeference")) return std::nullopt;
    const JsonFields f = root.child("georeference");
    Georeference g;
    g.crsWkt = f.string("crs").toStdString();
    g.originX = f.exactNumber("originX");
    g.originY = f.exactNumber("originY");
    g.unitsPerMetreX = f.exactNumber("unitsPerMetreX");
    g.unitsPerMetreY = f.exactNumber("unitsPerMetreY");
    if (!g.crsWkt.empty() && !readableCrs(g.crsWkt))
        f.fail("georeference.crs is not a coordinate reference system GDAL can read (WKT expected)");
    return g;
}

QString fieldsError(const JsonFields& fields)
{
    return fields.structural() ? "malformed header: " + fields.error() : fields.error();
}

} // namespace

QJsonObject headerToJson(const Map& map)
{
    const MapState& s = map.state;
    QJsonObject json{{"lattice", latticeToJson(s.lattice)},
                     {"time", exact(s.time)},
                     {"steps", QString::fromStdString(int64Text(s.steps))},
                     {"ledger", ledgerToJson(s.ledger)},
                     {"params", paramsToJson(map.params)},
                     {"boundary", boundaryToJson(map.boundary)},
                     {"sources", sourcesToJson(map.sources)},
                     {"generatorSettings", QString::fromStdString(map.generatorSettings)}};
    if (map.georeference) json["georeference"] = georeferenceToJson(*map.georeference);
    if (!s.dyeLedgers.empty()) json["dyeLedgers"] = dyeLedgersToJson(s.dyeLedgers);
    if (!s.currents.empty()) json["currents"] = true;
    if (const QJsonArray names = erosionArraysToJson(s); !names.isEmpty()) json["erosionArrays"] = names;
    if (s.sedimentLedger != SedimentLedger{}) json["sedimentLedger"] = sedimentLedgerToJson(s.sedimentLedger);
    if (!s.meanFlow.empty())
        json["meanFlow"] = QJsonObject{{"from", exact(s.meanFlow.from)}, {"to", exact(s.meanFlow.to)}, {"seconds", exact(s.meanFlow.seconds)}};
    return json;
}

namespace {

// Absent: no time-mean flow. Present: its arrays end the file (format version 5).
std::optional<MapHeader::MeanWindow> meanWindowFromJson(const JsonFields& root)
{
    if (!root.has("meanFlow")) return std::nullopt;
    const JsonFields f = root.child("meanFlow");
    return MapHeader::MeanWindow{f.exactNumber("from"), f.exactNumber("to"), f.exactNumber("seconds")};
}

} // namespace

std::optional<MapHeader> headerFromJson(const QJsonObject& json, QString* error)
{
    const JsonFields root(json);
    QString latticeError;
    std::optional<Lattice> lattice = latticeFromJson(root, &latticeError);
    if (!lattice) {
        *error = latticeError.isEmpty() ? fieldsError(root) : latticeError;
        return std::nullopt;
    }
    MapHeader header;
    header.lattice = *lattice;
    header.time = root.exactNumber("time");
    header.steps = root.exactInt64("steps");
    header.ledger = ledgerFromJson(root);
    header.dyeLedgers = dyeLedgersFromJson(root);
    header.currents = root.has("currents") && root.boolean("currents");
    header.erosionArrays = erosionArraysFromJson(root);
    header.sedimentLedger = sedimentLedgerFromJson(root);
    header.params = paramsFromJson(root);
    header.boundary = boundaryFromJson(root);
    header.sources = sourcesFromJson(root);
    header.generatorSettings = root.string("generatorSettings").toStdString();
    header.georeference = georeferenceFromJson(root);
    header.meanWindow = meanWindowFromJson(root);
    if (!root.ok()) {
        *error = fieldsError(root);
        return std::nullopt;
    }
    return header;
}

std::vector<std::string> meanArrayNames(const Lattice& lattice)
{
    std::vector<std::string> names;
    for (int f = 0; f < lattice.familyCount(); ++f) names.push_back("mean.flow." + std::string(lattice.family(f).name));
    names.emplace_back("mean.depth");
    return names;
}

const std::vector<std::string>& erosionArrayNames()
{
    static const std::vector<std::string> names{"erodibility", "sediment", "deposition", "bed.remainder"};
    return names;
}

bool headerHoldsErosion(const MapHeader& header)
{
    const auto bringsSediment = [](const auto& item) { return item.sediment != 0.0; };
    return header.params.erosion != ErosionParams{} || header.erosionArrays.any() || header.sedimentLedger != SedimentLedger{}
           || std::any_of(header.boundary.begin(), header.boundary.end(), bringsSediment)
           || std::any_of(header.sources.begin(), header.sources.end(), bringsSediment);
}

} // namespace rb::io
