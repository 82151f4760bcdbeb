// riverbed-cli info MAP: everything about a .rbmap except its arrays, as one JSON line.
#include "CliSupport.h"
#include "Commands.h"

#include "io/export/LayerExport.h"
#include "model/Map.h"
#include "model/SimParamTable.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace {

using namespace rb;

QString infoText(std::string_view name)
{
    return QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size()));
}

// A number that the map holds only with an automatic time step; null with a fixed dt.
QJsonValue automaticDtJson(const SimParams& p, double value)
{
    return p.automaticDt() ? QJsonValue(value) : QJsonValue(QJsonValue::Null);
}

// With an automatic time step `dt` is only the step in use: the CFL target and the ceiling say
// how the next ones are chosen.
QJsonObject parametersJson(const SimParams& p)
{
    QJsonObject json{{"dt", p.dt}, {"pipe", infoText(pipeModeName(p.pipe))}, {"substeps", p.substeps}, {"model", infoText(flowModelName(p.model))},
                     {"automatic_dt", p.automaticDt()}, {"cfl_target", automaticDtJson(p, p.cflTarget)}, {"dt_max", automaticDtJson(p, p.dtMax)}};
    for (const SimParamSpec& spec : simParamTable()) json.insert(infoText(spec.infoKey), p.*spec.field);
    return json;
}

// A segment's or spring's dye channel, null for clean water.
QJsonValue channelJson(int channel)
{
    return channel >= 0 ? QJsonValue(channel) : QJsonValue(QJsonValue::Null);
}

QJsonArray boundaryJson(const std::vector<BoundarySegment>& segments)
{
    QJsonArray array;
    for (const BoundarySegment& s : segments)
        array.append(QJsonObject{{"side", infoText(sideName(s.side))}, {"start", s.start}, {"end", s.end},
                                 {"type", infoText(boundaryTypeName(s.type))}, {"value", s.value}, {"dye", channelJson(s.dye)},
                                 {"sediment", s.sediment}});
    return array;
}

QJsonArray sourcesJson(const std::vector<PointSource>& sources)
{
    QJsonArray array;
    for (const PointSource& s : sources)
        array.append(QJsonObject{{"kind", s.kind == PointSource::Kind::Spring ? "spring" : "drain"},
                                 {"x", s.x}, {"y", s.y}, {"rate", s.rate}, {"drainAll", s.drainAll}, {"dye", channelJson(s.dye)},
                                 {"sediment", s.sediment}});
    return array;
}

QJsonObject ledgerJson(const VolumeLedger& l)
{
    return {{"boundaryIn", l.boundaryIn}, {"boundaryOut", l.boundaryOut}, {"springs", l.springs},
            {"drains", l.drains},         {"rain", l.rain},               {"evaporation", l.evaporation},
            {"edited", l.edited}};
}

// Per dye channel: the dyed water's volume and the ledger's in and out (m³); empty without dye.
QJsonArray dyeJson(const MapState& s)
{
    QJsonArray array;
    for (std::size_t c = 0; c < s.dye.size(); ++c)
        array.append(QJsonObject{{"channel", static_cast<int>(c)}, {"volume", s.dyeVolume(static_cast<int>(c))},
                                 {"inflow", s.dyeLedgers[c].inflow()}, {"outflow", s.dyeLedgers[c].outflow()},
                                 {"edited", s.dyeLedgers[c].edited}, {"clipped", s.dyeLedgers[c].clipped}});
    return array;
}

// Erosion: whether it runs, its parameters, the suspended load and the net bed change so far
// (m³), and which of its fields the map holds.
QJsonObject erosionJson(const Map& map)
{
    const ErosionParams& e = map.params.erosion;
    const MapState& s = map.state;
    const SedimentLedger& l = s.sedimentLedger;
    return {{"enabled", e.enabled},
            {"capacity", e.capacity},
            {"erosion_rate", e.erosionRate},
            {"deposition_rate", e.depositionRate},
            {"talus_degrees", e.talusDegrees},
            {"thermal_rate", e.thermalRate},
            {"min_depth", e.minDepth},
            {"interval_steps", e.interval},
            {"sediment", s.sedimentVolume()},
            {"eroded", l.netEroded()},
            {"ledger", QJsonObject{{"eroded", l.eroded}, {"deposited", l.deposited}, {"slid", l.slid}, {"rounding", l.rounding},
                                   {"inflow", l.carried.inflow()}, {"outflow", l.carried.outflow()}}},
            {"erodibility", !s.erodibility.empty()},
            {"deposition", !s.deposition.empty()}};
}

// The generator's settings are JSON text: embedded as JSON when they parse, else as a string.
QJsonValue generatorJson(const std::string& settings)
{
    if (settings.empty()) return QJsonValue::Null;
    const QJsonDocument document = QJsonDocument::fromJson(QByteArray::fromStdString(settings));
    if (document.isObject()) return document.object();
    return QString::fromStdString(settings);
}

// Where the map lies (from a georeferenced import), or null.
QJsonValue georeferenceJson(const std::optional<Georeference>& g)
{
    if (!g) return QJsonValue::Null;
    return QJsonObject{{"crs", QString::fromStdString(g->crsWkt)}, {"originX", g->originX}, {"originY", g->originY},
                       {"unitsPerMetreX", g->unitsPerMetreX}, {"unitsPerMetreY", g->unitsPerMetreY}};
}

QJsonObject describe(const QString& path, const Map& map)
{
    const MapState& s = map.state;
    return {{"file", path},
            {"lattice", infoText(latticeKindName(s.lattice.kind()))},
            {"width", s.lattice.width()},
            {"height", s.lattice.height()},
            {"dx", s.lattice.cellSize()},
            {"time", s.time},
            {"steps", static_cast<qint64>(s.steps)},
            {"parameters", parametersJson(map.params)},
            {"boundary", boundaryJson(map.boundary)},
            {"sources", sourcesJson(map.sources)},
            {"volume", s.volume()},
            {"ledger", ledgerJson(s.ledger)},
            {"dye", dyeJson(s)},
            {"currents", !s.currents.empty()},
            {"erosion", erosionJson(map)},
            {"mean_flow", io::meanFlowWindowJson(s.meanFlow)},
            {"generator", generatorJson(map.generatorSettings)},
            {"georeference", georeferenceJson(map.georeference)}};
}

} // namespace

int runInfo(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription("Describe a .rbmap as one JSON object: lattice, size, time, parameters (with whether the time step is automatic, "
                                     "its CFL target and its ceiling dt), "
                                     "boundary segments, sources, the volume of water, dye and erosion (on or off, its rates, the suspended "
                                     "sediment and the net volume eroded, m³), and the time-mean flow's window (mean_flow: from, to, seconds; "
                                     "null when the map holds none).");
    parser.addPositionalArgument("MAP", "The .rbmap file.");
    if (const std::optional<int> code = cli::parseArguments(parser, args)) return *code;
    if (parser.positionalArguments().size() != 1) return cli::fail("info expects exactly one MAP file", cli::kExitUsage);
    const QString path = parser.positionalArguments().first();
    const std::optional<Map> map = cli::loadMap(path);
    if (!map) return cli::kExitFailure;
    cli::printJsonLine(describe(path, *map));
    return cli::kExitOk;
}
