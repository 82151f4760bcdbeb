#include "CheckpointOption.h"
#include "CliSupport.h"
#include "Commands.h"

#include "SolverFactory.h"
#include "analysis/SpringTags.h"
#include "model/DyeRelease.h"
#include "model/Map.h"
#include "model/MemoryBudget.h"
#include "model/SimParamTable.h"
#include "ranges/ValueRanges.h"
#include "SolverFactory.h"
#include "solver/AdaptiveTimeStep.h"

#include <QJsonArray>
#include <QJsonObject>

#ifdef RIVERBED_WITH_MPI
#include "distributed/DistributedScope.h"
#include "distributed/DistributedSolver.h"
#include "io/map/MapBandReader.h"
#include <mpi.h>
#endif

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <optional>

namespace {

using namespace rb;

// --dt S (a fixed step) or --dt auto[:CFL] (the step chosen each call for that CFL number, at most
// the map's dt, or its ceiling if it already runs automatically).
bool applyTimeStepOption(const QCommandLineParser& parser, SimParams& params)
{
    const QString text = parser.value("dt");
    if (!text.startsWith("auto")) {
        const auto value = cli::numberOption(parser, "dt");
        if (!value) return false;
        params.dt = *value;
        params.cflTarget = 0.0;
        params.dtMax = 0.0;
        return true;
    }
    double target = kDefaultCflTarget;
    if (text != "auto") {
        const std::optional<double> typed = text.startsWith("auto:") ? cli::parseNumber(text.mid(5)) : std::nullopt;
        if (!typed) return cli::fail("--dt must be a number of seconds or auto[:CFL] (e.g. auto:0.5)", cli::kExitUsage), false;
        // 0 is how a map says "fixed"; asked for here it would quietly turn the choosing off.
        target = *typed;
        if (!(target >= ranges::kMinCflTarget && target <= ranges::kMaxCflTarget))
            return cli::fail(QString("--dt auto:CFL needs a CFL number in [%1, %2], got '%3' (for a fixed step give --dt S)")
                                 .arg(ranges::kMinCflTarget).arg(ranges::kMaxCflTarget).arg(text.mid(5)),
                             cli::kExitUsage),
                   false;
    }
    if (!params.automaticDt()) params.dtMax = params.dt;
    params.cflTarget = target;
    return true;
}

// A run with erosion on that ends before the bed's next update leaves the terrain as it was: say
// so, rather than let "eroded 0" look like the answer.
QString bedUpdateWait(const Map& map, int steps)
{
    const ErosionParams& erosion = map.params.erosion;
    if (!erosion.enabled || steps <= 0) return {};
    const std::int64_t next = (map.state.steps / erosion.interval + 1) * erosion.interval;
    if (map.state.steps + steps >= next) return {};
    return QString("the bed updates once every %1 steps (--erosion-interval); this run ends at step %2, before the next update at step %3, "
                   "so the terrain will not change")
        .arg(erosion.interval)
        .arg(map.state.steps + steps)
        .arg(next);
}

// --erosion turns erosion on; --erosion-rate, --deposition-rate, --capacity, --talus and
// --erosion-interval replace the map's (by default the defaults) and act only with erosion on.
bool applyErosionOptions(const QCommandLineParser& parser, ErosionParams& erosion)
{
    if (parser.isSet("erosion")) erosion.enabled = true;
    const std::pair<const char*, double*> numbers[] = {
        {"erosion-rate", &erosion.erosionRate}, {"deposition-rate", &erosion.depositionRate},
        {"capacity", &erosion.capacity},        {"talus", &erosion.talusDegrees},
    };
    for (const auto& [name, target] : numbers) {
        if (!parser.isSet(name)) continue;
        if (!erosion.enabled)
            return cli::fail(QString("--%1 acts only with erosion on: add --erosion").arg(name), cli::kExitUsage), false;
        const auto value = cli::numberOption(parser, name);
        if (!value) return false;
        *target = *value;
    }
    if (parser.isSet("erosion-interval")) {
        if (!erosion.enabled) return cli::fail("--erosion-interval acts only with erosion on: add --erosion", cli::kExitUsage), false;
        bool ok = false;
        erosion.interval = parser.value("erosion-interval").toInt(&ok);
        if (!ok) return cli::fail("--erosion-interval must be a whole number of steps", cli::kExitUsage), false;
    }
    if (const std::string problem = erosion.validate(); !problem.empty()) return cli::fail(QString::fromStdString(problem), cli::kExitUsage), false;
    return true;
}

QString optionName(const SimParamSpec& spec)
{
    return QString::fromUtf8(spec.option.data(), static_cast<qsizetype>(spec.option.size()));
}

// Applies --dt, --friction, ... on top of the map's own parameters.
bool applyParameterOptions(const QCommandLineParser& parser, SimParams& params)
{
    if (parser.isSet("dt") && !applyTimeStepOption(parser, params)) return false;
    for (const SimParamSpec& spec : simParamTable()) {
        const QString name = optionName(spec);
        if (!parser.isSet(name)) continue;
        const auto value = cli::numberOption(parser, name);
        if (!value) return false;
        params.*spec.field = *value;
    }
    if (parser.isSet("pipe")) {
        const auto mode = parsePipeMode(parser.value("pipe").toStdString());
        if (!mode) return cli::fail("--pipe must be constant or depth", cli::kExitUsage), false;
        params.pipe = *mode;
    }
    if (parser.isSet("model")) {
        const auto model = parseFlowModel(parser.value("model").toStdString());
        if (!model) return cli::fail("--model must be pipes or momentum", cli::kExitUsage), false;
        params.model = *model;
    }
    if (!applyErosionOptions(parser, params.erosion)) return false;
    if (const std::string problem = params.validate(); !problem.empty()) return cli::fail(QString::fromStdString(problem), cli::kExitUsage), false;
    return true;
}

// Options the flow model in force does not read are warned about, not refused: the value is kept
// in the map (it acts once the model is switched), but a run that seems to take it should not
// look as if it had.
void warnAboutOptionsTheModelIgnores(const QCommandLineParser& parser, const SimParams& params)
{
    QStringList ignored;
    for (const SimParamSpec& spec : simParamTable())
        if (!spec.readBy(params.model)) ignored << optionName(spec);
    if (params.model == FlowModel::Momentum) ignored << "pipe"; // a choice, not a number of the table
    const auto modelName = [](FlowModel model) { return QString::fromStdString(std::string(flowModelName(model))); };
    const FlowModel other = params.model == FlowModel::Pipes ? FlowModel::Momentum : FlowModel::Pipes;
    for (const QString& option : ignored)
        if (parser.isSet(option))
            cli::notice(QString("warning: --%1 has no effect in the %2 model (only in the %3 model); it is ignored")
                            .arg(option, modelName(params.model), modelName(other)));
    if (params.model == FlowModel::Momentum && params.manning > 0.0 && parser.isSet("friction"))
        cli::notice("warning: --friction has no effect in the momentum model while Manning's n is above 0 (--manning replaces it); it is ignored");
}

bool takesValue(BoundaryType type)
{
    return type == BoundaryType::Sea || type == BoundaryType::Inflow;
}

// A dye channel, 0 … kMaxDyeChannels − 1, in --boundary and --spring; −1 when the text is not one.
int parseDyeChannel(const QString& text)
{
    bool ok = false;
    const int channel = text.toInt(&ok);
    return ok && channel >= 0 && channel < kMaxDyeChannels ? channel : -1;
}

// SIDE=TYPE[:VALUE][:CHANNEL], SIDE one of north|south|east|west|all; CHANNEL (a dye) only for inflows.
bool appendBoundaryOption(const Lattice& lattice, const QString& text, std::vector<BoundarySegment>& segments)
{
    const QString usage = QString("--boundary '%1': expected SIDE=TYPE[:VALUE][:CHANNEL], SIDE north|south|east|west|all, TYPE wall|outflow|sea|inflow").arg(text);
    const QStringList sideAndRest = text.split('=');
    if (sideAndRest.size() != 2) return cli::fail(usage, cli::kExitUsage), false;
    QStringList typeAndValue = sideAndRest[1].split(':');
    int dye = -1;
    if (typeAndValue.size() == 3) {
        dye = parseDyeChannel(typeAndValue.takeLast());
        if (dye < 0) return cli::fail(usage + QString(" (CHANNEL, the dye the inflow's water carries, must be 0..%1)").arg(kMaxDyeChannels - 1), cli::kExitUsage), false;
    }
    const auto type = parseBoundaryType(typeAndValue[0].toStdString());
    if (!type || typeAndValue.size() > 2) return cli::fail(usage, cli::kExitUsage), false;
    if (dye >= 0 && *type != BoundaryType::Inflow)
        return cli::fail(QString("--boundary '%1': only an inflow brings dye").arg(text), cli::kExitUsage), false;
    double value = 0.0;
    if (typeAndValue.size() == 2) {
        const std::optional<double> typed = cli::parseNumber(typeAndValue[1]);
        if (!typed) return cli::fail(usage + " (VALUE is not a number)", cli::kExitUsage), false;
        value = *typed;
    } else if (takesValue(*type)) {
        return cli::fail(usage + QString(" (%1 needs a VALUE)").arg(typeAndValue[0]), cli::kExitUsage), false;
    }
    // A value the type would ignore is a mistake the user should hear about (a wall at 5 m?).
    if (typeAndValue.size() == 2 && !takesValue(*type))
        return cli::fail(QString("--boundary '%1': %2 takes no VALUE (only sea and inflow do)").arg(text, typeAndValue[0]), cli::kExitUsage), false;
    std::vector<Side> sides;
    if (sideAndRest[0] == "all") sides = {Side::North, Side::South, Side::East, Side::West};
    else if (const auto side = parseSide(sideAndRest[0].toStdString())) sides = {*side};
    else return cli::fail(usage, cli::kExitUsage), false;
    for (Side side : sides) {
        segments.push_back(wholeSide(lattice, side, *type, value));
        segments.back().dye = dye;
    }
    return true;
}

// X,Y,RATE in world metres and m³/s; drains also accept RATE "all", springs a dye CHANNEL fourth.
bool appendSourceOption(const QString& text, PointSource::Kind kind, std::vector<PointSource>& sources)
{
    const bool spring = kind == PointSource::Kind::Spring;
    const char* option = spring ? "--spring" : "--drain";
    QStringList parts = text.split(',');
    bool okX = false, okY = false, okRate = false;
    PointSource source;
    source.kind = kind;
    if (spring && parts.size() == 4) {
        source.dye = parseDyeChannel(parts.takeLast());
        if (source.dye < 0)
            return cli::fail(QString("--spring '%1': CHANNEL, the dye the spring's water carries, must be 0..%2").arg(text).arg(kMaxDyeChannels - 1), cli::kExitUsage), false;
    }
    if (parts.size() == 3) {
        const std::optional<double> x = cli::parseNumber(parts[0]), y = cli::parseNumber(parts[1]);
        source.drainAll = kind == PointSource::Kind::Drain && parts[2] == "all";
        const std::optional<double> rate = source.drainAll ? std::optional(0.0) : cli::parseNumber(parts[2]);
        okX = x.has_value();
        okY = y.has_value();
        okRate = rate.has_value();
        source.x = x.value_or(0.0);
        source.y = y.value_or(0.0);
        source.rate = rate.value_or(0.0);
    }
    if (!okX || !okY || !okRate)
        return cli::fail(QString("%1 '%2': expected X,Y,RATE%3 (metres, m³/s%4)").arg(option, text, spring ? "[,CHANNEL]" : "", spring ? "" : " or 'all'"),
                         cli::kExitUsage),
               false;
    sources.push_back(source);
    return true;
}

// Every inflow segment and spring brings this load (a volume concentration).
bool setInflowSediment(const QCommandLineParser& parser, Map& map)
{
    if (!map.params.erosion.enabled) return cli::fail("--inflow-sediment acts only with erosion on: add --erosion", cli::kExitUsage), false;
    const auto concentration = cli::numberOption(parser, "inflow-sediment");
    if (!concentration) return false;
    if (const std::string problem = checkRange("--inflow-sediment", *concentration, 0.0, kMaxSedimentConcentration, ""); !problem.empty())
        return cli::fail(QString::fromStdString(problem), cli::kExitUsage), false;
    for (BoundarySegment& segment : map.boundary)
        if (segment.type == BoundaryType::Inflow) segment.sediment = *concentration;
    for (PointSource& source : map.sources)
        if (source.kind == PointSource::Kind::Spring) source.sediment = *concentration;
    return true;
}

// X,Y,RADIUS,CHANNEL: the water within RADIUS metres of (X, Y) dyed with CHANNEL, before stepping.
bool releaseDyeOption(const QString& text, MapState& state)
{
    const QStringList parts = text.split(',');
    bool ok = parts.size() == 4;
    double numbers[3] = {};
    for (int i = 0; ok && i < 3; ++i) {
        const std::optional<double> typed = cli::parseNumber(parts[i]);
        ok = typed.has_value();
        numbers[i] = typed.value_or(0.0);
    }
    const int channel = ok ? parseDyeChannel(parts[3]) : -1;
    if (channel < 0 || numbers[2] <= 0.0)
        return cli::fail(QString("--dye-release '%1': expected X,Y,RADIUS,CHANNEL (metres, RADIUS > 0, CHANNEL 0..%2)").arg(text).arg(kMaxDyeChannels - 1),
                         cli::kExitUsage),
               false;
    if (releaseDye(state, channel, {numbers[0], numbers[1]}, numbers[2]) <= 0.0)
        return cli::fail(QString("--dye-release '%1': no water within %2 m of (%3, %4) m to dye (the map spans x 0..%5 m, y 0..%6 m)")
                             .arg(text).arg(numbers[2]).arg(numbers[0]).arg(numbers[1])
                             .arg(state.lattice.worldWidth()).arg(state.lattice.worldHeight()),
                         cli::kExitUsage),
               false;
    return true;
}

// The depth that puts the surface exactly at `surface` as the solvers add them (bed + depth in
// float), if one does: surface − bed rounded on its own can leave neighbouring surfaces an ulp
// apart, and a lake meant to be at rest then flows. bed + depth grows with depth and the rounded
// difference is within a few ulps of a fit, so a few steps find it; a step past the surface
// means none exists (a sum halfway between two floats rounds to the even one).
std::optional<float> depthToSurface(float surface, float bed)
{
    float depth = std::max(0.0f, surface - bed);
    const bool up = bed + depth < surface;
    for (int step = 0; step < 4 && bed + depth != surface; ++step) {
        depth = std::nextafter(depth, up ? std::numeric_limits<float>::infinity() : 0.0f);
        if (up ? bed + depth > surface : bed + depth < surface) return std::nullopt;
    }
    return bed + depth == surface ? std::optional(depth) : std::nullopt;
}

bool belowSurface(const MapState& state, std::size_t i, float surface)
{
    return state.bed[i] + state.depth[i] < surface;
}

// The float surface to fill to: the level, or when some cell cannot reach it exactly (an odd
// level is out of reach where bed + depth ties), the float next to it that every cell reaches,
// so the lake is at rest at 1 ulp from the level rather than flowing at it.
float reachableSurface(const MapState& state, float level)
{
    const auto reachedEverywhere = [&](float surface) {
        for (std::size_t i = 0; i < state.depth.size(); ++i)
            if (belowSurface(state, i, surface) && !depthToSurface(surface, state.bed[i])) return false;
        return true;
    };
    const float below = std::nextafter(level, -std::numeric_limits<float>::infinity());
    const float above = std::nextafter(level, std::numeric_limits<float>::infinity());
    for (const float surface : {level, below, above})
        if (reachedEverywhere(surface)) return surface;
    return level;
}

// --fill-to LEVEL: the water raised to LEVEL wherever it lies lower, the water added booked as
// edited (so that volume = initial + inflow − outflow + edited holds).
bool fillToLevel(const QCommandLineParser& parser, MapState& state)
{
    const auto level = cli::numberOption(parser, "fill-to");
    if (!level) return false;
    if (const std::string problem = checkMagnitude("--fill-to", *level, ranges::kMaxElevation, "m"); !problem.empty())
        return cli::fail(QString::fromStdString(problem), cli::kExitUsage), false;
    const double before = state.volume();
    const float surface = reachableSurface(state, static_cast<float>(*level));
    for (std::size_t i = 0; i < state.depth.size(); ++i)
        if (belowSurface(state, i, surface))
            state.depth[i] = depthToSurface(surface, state.bed[i]).value_or(std::max(state.depth[i], surface - state.bed[i]));
    state.ledger.edited += state.volume() - before;
    return true;
}

// The options that change the map's parameters, boundary and sources, not its fields.
bool applyHeaderOptions(const QCommandLineParser& parser, Map& map)
{
    if (!applyParameterOptions(parser, map.params)) return false;
    for (const QString& text : parser.values("boundary"))
        if (!appendBoundaryOption(map.state.lattice, text, map.boundary)) return false;
    for (const QString& text : parser.values("spring"))
        if (!appendSourceOption(text, PointSource::Kind::Spring, map.sources)) return false;
    if (parser.isSet("inflow-sediment") && !setInflowSediment(parser, map)) return false;
    for (const QString& text : parser.values("drain"))
        if (!appendSourceOption(text, PointSource::Kind::Drain, map.sources)) return false;
    return true;
}

// --tag-springs: each spring without a dye channel gets a free one, so that export --rivers can
// tell the springs' water apart (docs/export.md, "Which spring's water"); says which spring got
// which channel, and which got none because the channels ran out.
void tagSpringsOption(Map& map)
{
    const analysis::SpringTagging tagging = analysis::tagSprings(map);
    const auto where = [&](int i) {
        const PointSource& s = map.sources[static_cast<std::size_t>(i)];
        return QString("spring %1 at (%2, %3) m").arg(i).arg(s.x).arg(s.y);
    };
    for (const analysis::SpringTagging::Tag& tag : tagging.tagged) cli::notice(QString("%1 carries dye channel %2").arg(where(tag.spring)).arg(tag.channel));
    if (tagging.tagged.empty() && tagging.untagged.empty()) cli::notice("--tag-springs: every spring already carries a dye channel (or the map has none)");
    if (tagging.untagged.empty()) return;
    QStringList untagged;
    for (const int i : tagging.untagged) untagged << where(i);
    cli::notice(QString("warning: --tag-springs: no dye channel is free (a map has %1; boundary segments, springs and released dye hold the others), "
                        "so these springs stay untagged and export --rivers cannot tell their water apart: %2")
                    .arg(kMaxDyeChannels).arg(untagged.join("; ")));
}

bool applyMapOptions(const QCommandLineParser& parser, Map& map)
{
    if (!applyHeaderOptions(parser, map)) return false;
    if (parser.isSet("tag-springs")) tagSpringsOption(map);
    if (parser.isSet("fill-to") && !fillToLevel(parser, map.state)) return false;
    for (const QString& text : parser.values("dye-release"))
        if (!releaseDyeOption(text, map.state)) return false;
    if (const std::string problem = map.validate(); !problem.empty()) return cli::fail(QString::fromStdString(problem), cli::kExitUsage), false;
    return true;
}

QString seconds(double value)
{
    return QString::fromStdString(rangeNumberText(value));
}

// --mean-from T, checked against the map before any work: a start at or after the map's time
// records afresh (replacing a mean the map holds); a start before it can only continue the map's
// own mean, which must run up to the map's time and have begun at T, because the steps before
// the map's time are not in the map. Anything else is a usage error, never a mean over a
// different window than asked. nullopt after printing the error.
enum class MeanStart { Fresh, Continue };

std::optional<MeanStart> meanStartOption(const QCommandLineParser& parser, const MapState& state, double& from)
{
    const auto value = cli::numberOption(parser, "mean-from");
    if (!value) return std::nullopt;
    from = *value;
    if (const std::string problem = checkRange("--mean-from", from, 0.0, ranges::kMaxTime, "s"); !problem.empty())
        return cli::fail(QString::fromStdString(problem), cli::kExitUsage), std::nullopt;
    const MeanFlow& held = state.meanFlow;
    if (from >= state.time) {
        if (!held.empty())
            cli::notice(QString("the map's time-mean flow over %1–%2 s is replaced by one from %3 s").arg(seconds(held.from), seconds(held.to), seconds(from)));
        return MeanStart::Fresh;
    }
    if (!held.empty() && held.to == state.time && held.from == from) return MeanStart::Continue;
    QString why = QString("--mean-from %1 s is before the map's time %2 s, and the steps before %2 s are not in the map: "
                          "give --mean-from %2 or later").arg(seconds(from), seconds(state.time));
    if (!held.empty() && held.to == state.time)
        why += QString(", or --mean-from %1 to continue the map's time-mean flow (%1–%2 s)").arg(seconds(held.from), seconds(held.to));
    return cli::fail(why, cli::kExitUsage), std::nullopt;
}

void startMean(Solver& solver, MeanStart start, double from)
{
    if (start == MeanStart::Continue) {
        solver.resumeMean();
        cli::notice(QString("continuing the map's time-mean flow from %1 s").arg(seconds(from)));
    } else {
        solver.startMean(from);
    }
}

// After the run: the window recorded, or why there is none (the run ended before T).
bool reportMean(const MapState& state, double from)
{
    if (state.meanFlow.empty()) {
        cli::notice(QString("no time-mean flow was recorded: the run ended at %1 s, before --mean-from %2 s "
                            "(no step began at or after it); simulate longer or give an earlier --mean-from")
                        .arg(seconds(state.time), seconds(from)));
        return false;
    }
    cli::notice(QString("time-mean flow recorded over %1–%2 s (%3 s)").arg(seconds(state.meanFlow.from), seconds(state.meanFlow.to),
                                                                          seconds(state.meanFlow.seconds)));
    return true;
}

// The ranks of the MPI job this run belongs to (1 for a plain run).
int simulateJobRanks()
{
#ifdef RIVERBED_WITH_MPI
    int initialized = 0, ranks = 1;
    MPI_Initialized(&initialized);
    if (initialized) MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    return ranks;
#else
    return 1;
#endif
}

// Whether this run was started by mpirun (main() starts MPI only then).
bool underMpirun()
{
#ifdef RIVERBED_WITH_MPI
    int initialized = 0;
    MPI_Initialized(&initialized);
    return initialized != 0;
#else
    return false;
#endif
}

bool rootRank()
{
#ifdef RIVERBED_WITH_MPI
    int initialized = 0, rank = 0;
    MPI_Initialized(&initialized);
    if (initialized) MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    return rank == 0;
#else
    return true;
#endif
}

// cli::stepAndReport with the job's number of ranks in every line, and the checkpoints due.
bool stepAndReport(Solver& solver, int steps, int every, bool erosion, int ranks, const cli::Checkpoints& checkpoints)
{
    const auto report = [&] {
        QJsonObject line = cli::diagnosticsJson(solver.diagnostics(), solver.params().dt, erosion);
        line.insert("ranks", ranks);
        cli::printJsonLine(line);
    };
    report();
    for (int done = 0; done < steps;) {
        const int chunk = checkpoints.limit(done, std::min(every - done % every, steps - done));
        const StepResult result = AdaptiveTimeStep::step(solver, chunk);
        for (const std::string& note : result.notes) cli::notice(QString::fromStdString(note));
        if (!result.ok()) return cli::fail(QString::fromStdString(result.error)), false;
        done += chunk;
        if (done % every == 0 || done == steps) report();
        checkpoints.after(done, steps, solver.diagnostics().steps);
    }
    return true;
}

// What a refusal of the distributed solver adds: the ranks, and with one rank why it runs at all.
QString acrossRanks(const QCommandLineParser& parser, int ranks)
{
    if (ranks == 1 && parser.isSet("scaling-report"))
        return " (--scaling-report measures the solver across ranks, which refuses it even with one rank: leave the option out)";
    return QString(" (this run has %1 MPI ranks)").arg(ranks);
}

// The solver of a run: the backend asked for, or with more than one rank the CPU solver across
// them (what it cannot distribute yet is refused, with the reason). Null after printing why not.
std::unique_ptr<Solver> createSolver(const QCommandLineParser& parser, const std::string& backend, const Map& map, int ranks, int exchangeEvery)
{
    if (ranks == 1 && !parser.isSet("scaling-report")) {
        opencl::SolverChoice choice = opencl::createSolver(backend, map);
        if (!choice.notice.empty()) cli::notice(QString::fromStdString(choice.notice));
        return std::move(choice.solver);
    }
#ifdef RIVERBED_WITH_MPI
    const QString across = acrossRanks(parser, ranks);
    if (backend != "cpu") return cli::fail("--backend " + parser.value("backend") + ": only the CPU solver runs across ranks" + across, cli::kExitUsage), nullptr;
    if (const std::string problem = distributedRefusal(map); !problem.empty()) return cli::fail(QString::fromStdString(problem) + across, cli::kExitUsage), nullptr;
    if (const std::string problem = BandPlan::refusal(map.state.lattice.height(), ranks); !problem.empty())
        return cli::fail(QString::fromStdString(problem), cli::kExitUsage), nullptr;
    auto solver = std::make_unique<DistributedSolver>(MpiComm(), 0, exchangeEvery);
    try {
        solver->load(map);
    } catch (const std::exception& e) { // the same on every rank: each band is cut from the same map
        return cli::fail(QString("cannot run across %1 ranks: %2").arg(ranks).arg(e.what())), nullptr;
    }
    return solver;
#else
    (void)parser, (void)exchangeEvery;
    return nullptr;
#endif
}

#ifdef RIVERBED_WITH_MPI
// Each rank's figure, one array entry per rank; `perStep`: divided by the steps taken.
QJsonArray perRank(const std::vector<RankScaling>& ranks, double (*figure)(const RankScaling&), bool perStep = false)
{
    QJsonArray values;
    for (const RankScaling& r : ranks) {
        const double steps = static_cast<double>(r.totals.steps);
        values.append(perStep ? (steps > 0 ? figure(r) / steps : 0.0) : figure(r));
    }
    return values;
}

// --scaling-report: one line more, printed last by rank 0, with what every rank spent its steps
// on (ScalingMeter; docs/scaling.md, "Measured scaling"). Collective.
void printScalingReport(const Solver& solver)
{
    const auto* distributed = dynamic_cast<const DistributedSolver*>(&solver);
    if (!distributed) return;
    const std::vector<RankScaling> ranks = distributed->gatherScaling();
    if (!rootRank()) return;
    using F = double (*)(const RankScaling&);
    const F compute = [](const RankScaling& r) { return r.totals.computeSeconds; };
    const F computeCpu = [](const RankScaling& r) { return r.totals.computeCpuSeconds; };
    const F exchange = [](const RankScaling& r) { return r.totals.exchangeSeconds; };
    const F reduce = [](const RankScaling& r) { return r.totals.reduceSeconds; };
    const F halo = [](const RankScaling& r) { return static_cast<double>(r.totals.haloBytes); };
    const F nsPerCell = [](const RankScaling& r) { return r.cells > 0 ? 1e9 * r.totals.computeCpuSeconds / static_cast<double>(r.cells) : 0.0; };
    QJsonObject line{{"report", "scaling"}, {"ranks", static_cast<int>(ranks.size())}, {"halo_rows", distributed->halo()},
                     {"steps", static_cast<qint64>(ranks[0].totals.steps)}, {"exchanges", static_cast<qint64>(ranks[0].totals.exchanges)},
                     {"cells", perRank(ranks, [](const RankScaling& r) { return static_cast<double>(r.cells); })},
                     {"owned_cells", perRank(ranks, [](const RankScaling& r) { return static_cast<double>(r.ownedCells); })},
                     {"step_seconds", perRank(ranks, [](const RankScaling& r) { return r.totals.stepSeconds; })},
                     {"compute_seconds", perRank(ranks, compute)}, {"compute_cpu_seconds", perRank(ranks, computeCpu)},
                     {"exchange_seconds", perRank(ranks, exchange)}, {"reduce_seconds", perRank(ranks, reduce)}, {"halo_bytes", perRank(ranks, halo)}};
    line.insert("per_step", QJsonObject{{"compute_seconds", perRank(ranks, compute, true)}, {"compute_cpu_seconds", perRank(ranks, computeCpu, true)},
                                        {"exchange_seconds", perRank(ranks, exchange, true)}, {"reduce_seconds", perRank(ranks, reduce, true)},
                                        {"halo_bytes", perRank(ranks, halo, true)}, {"cpu_ns_per_cell", perRank(ranks, nsPerCell, true)}});
    cli::printJsonLine(line);
}

// The map a file's header describes, without its fields: what the options change and the output's
// header keeps.
Map documentOf(const io::MapFileHead& head)
{
    const io::MapHeader& h = head.header;
    Map document{MapState(), h.params, h.boundary, h.sources, h.generatorSettings, h.georeference};
    document.state.lattice = h.lattice;
    document.state.time = h.time;
    document.state.steps = h.steps;
    document.state.ledger = h.ledger;
    return document;
}

// The document as the memory check sees it: with the dye channels and the erosion's books the
// header lists (the fields themselves are read later, by band).
Map budgetOf(const Map& document, const io::MapFileHead& head)
{
    Map map = document;
    map.state.dye.resize(head.header.dyeLedgers.size());
    map.state.sedimentLedger = head.header.sedimentLedger;
    return map;
}

// Map::validate without the fields, which no rank holds whole.
std::string headerProblem(const Map& document)
{
    if (std::string e = document.params.validate(); !e.empty()) return e;
    if (std::string e = validateBoundary(document.state.lattice, document.boundary); !e.empty()) return e;
    return validateSources(document.state.lattice, document.sources);
}

// This rank's band of the map at `path` (rows and halo), under the document's parameters,
// boundary and sources. Every rank agrees: one that cannot read its rows fails them all, with its
// message. nullopt after printing why.
std::optional<Map> readBand(const QString& path, const io::MapFileHead& head, const Map& document, const Band& band)
{
    QString error;
    std::optional<MapState> rows = io::readMapFileRows(path, head, band.s, band.e, &error);
    const MpiComm comm;
    const int failing = comm.firstWith(!rows);
    if (failing >= 0) return cli::fail(QString::fromStdString(comm.broadcast(error.toStdString(), failing))), std::nullopt;
    return Map{std::move(*rows), document.params, document.boundary, document.sources, {}, {}};
}

// simulate across ranks, each reading, stepping and writing only its band (docs/scaling.md): the
// same steps as runSimulate's over a band instead of the map, with the same answers and output.
int simulateByBands(const QCommandLineParser& parser, int steps, int every, int exchangeEvery, int ranks, cli::Checkpoints& checkpoints)
{
    const QString across = acrossRanks(parser, ranks);
    if (parser.value("backend") != "cpu") return cli::fail("--backend " + parser.value("backend") + ": only the CPU solver runs across ranks" + across, cli::kExitUsage);
    const QString path = parser.positionalArguments()[0];
    QString error;
    const std::optional<io::MapFileHead> head = io::readMapFileHead(path, &error);
    if (!head) return cli::fail(error);
    Map document = documentOf(*head);
    if (!applyHeaderOptions(parser, document)) return cli::kExitUsage;
    if (const std::string problem = headerProblem(document); !problem.empty()) return cli::fail(QString::fromStdString(problem), cli::kExitUsage);
    const Lattice& whole = document.state.lattice;
    if (const std::string problem = BandPlan::refusal(whole.height(), ranks); !problem.empty()) return cli::fail(QString::fromStdString(problem), cli::kExitUsage);
    auto solver = std::make_unique<DistributedSolver>(MpiComm(), 0, exchangeEvery);
    solver->fitHalo(document.params, whole); // erosion widens the halo
    const Band band = solver->plan(whole.height()).band(MpiComm().rank());
    // What this rank holds, before it reads it.
    const Lattice bandLattice(whole.kind(), whole.width(), band.height(), whole.cellSize());
    if (const std::string refusal = MemoryBudget::solverRefusal(budgetOf(document, *head), bandLattice, false, parser.isSet("mean-from")); !refusal.empty())
        return cli::fail(QString::fromStdString(refusal));
    if (parser.isSet("output") && rootRank() && !cli::checkOutput(parser.value("output"))) return cli::kExitFailure; // before the work, not after
    std::optional<Map> rows = readBand(path, *head, document, band);
    if (!rows) return cli::kExitFailure;
    double meanFrom = 0.0;
    std::optional<MeanStart> meanStart;
    if (parser.isSet("mean-from") && !(meanStart = meanStartOption(parser, rows->state, meanFrom))) return cli::kExitUsage;
    if (meanStart && !parser.isSet("output")) cli::notice("warning: --mean-from without -o: the time-mean flow is recorded but not kept");
    warnAboutOptionsTheModelIgnores(parser, document.params);
    if (const QString wait = bedUpdateWait(*rows, steps); !wait.isEmpty()) cli::notice(wait);
    const bool erosionLines = rows->params.erosion.enabled || rows->state.hasEroded();
    try {
        solver->loadBand(std::move(*rows), whole);
    } catch (const std::exception& e) { // the same on every rank: each band holds the same kinds of arrays
        return cli::fail(QString::fromStdString(e.what()) + across, cli::kExitUsage);
    }
    rows.reset();
    if (meanStart) startMean(*solver, *meanStart, meanFrom);
    checkpoints.setWriter(cli::Checkpoints::bandWriter(*solver, document));
    bool stepped = stepAndReport(*solver, steps, every, erosionLines, ranks, checkpoints);
    if (parser.isSet("scaling-report")) printScalingReport(*solver);
    if (meanStart) {
        const MapState state = solver->bandState(); // every band records the same window
        if (rootRank()) stepped = reportMean(state, meanFrom) && stepped;
    }
    if (!parser.isSet("output")) return stepped ? cli::kExitOk : cli::kExitFailure;
    const QString output = parser.value("output");
    if (!stepped)
        cli::notice(QString("%1 holds the state before the refused call, %2 of the %3 steps asked for")
                        .arg(output).arg(solver->diagnostics().steps - document.state.steps).arg(steps));
    if (!output.endsWith(".rbmap", Qt::CaseInsensitive)) cli::notice(QString("warning: %1 does not end in .rbmap; it is written as a Riverbed map all the same").arg(output));
    if (!solver->writeMapFile(output, document, &error)) return cli::fail(error);
    return stepped ? cli::kExitOk : cli::kExitFailure;
}
#endif

} // namespace

int runSimulate(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Steps a .rbmap with its flow model (virtual pipes or momentum) and prints one JSON line per report:\n"
        "{step, time, volume, inflow, outflow, max_depth, max_speed, cfl, dt} (SI units; inflow/outflow are cumulative m³;\n"
        "dt is the step in use, chosen every 16 steps when the map runs with an automatic time step;\n"
        "a map with dye adds dye, dye_inflow and dye_outflow, one number per channel, m³ of dyed water;\n"
        "with erosion on, or a map that has eroded, sediment (m³ suspended) and eroded (net m³ taken from the bed)).\n"
        "Options override the map's own settings; boundary options are applied after the map's segments.");
    parser.addPositionalArgument("MAP", "The map to simulate (.rbmap).");
    const ErosionParams erosionDefaults;
    parser.addOptions({
        {"steps", "Number of steps (required).", "N"},
        {{"o", "output"}, "Write the final state to OUT (.rbmap).", "OUT"},
        {"dt", "Time step: S seconds, or auto[:CFL] to pick each step for that CFL number (default 0.5), at most the map's dt.", "S|auto[:CFL]"},
        {"pipe", "Pipe cross-section: constant (A = dx²) or depth (A = upwind depth × face width).", "MODE"},
        {"model", "Flow model: pipes (virtual pipes, no inertia) or momentum (shallow-water equations with advection).", "MODEL"},
        {"fill-to", "Before stepping, raise the water so the surface is max(bed, LEVEL): a lake at rest, its surface the same float in every cell "
                    "(LEVEL, or the float next to it where the sums of bed and depth cannot reach LEVEL itself).", "LEVEL"},
        {"boundary", "SIDE=TYPE[:VALUE][:CHANNEL]; SIDE north|south|east|west|all, TYPE wall|outflow|sea|inflow; VALUE: sea level (m) or inflow for the whole side (m³/s); "
                     "CHANNEL: the dye (0-3) the inflow's water carries. Repeatable.",
         "SPEC"},
        {"spring", "A spring at world position X,Y (m) adding RATE m³/s; with CHANNEL its water carries that dye (0-3). Repeatable.", "X,Y,RATE[,CHANNEL]"},
        {"dye-release", "Before stepping, dye the water within RADIUS m of X,Y with CHANNEL (0-3, concentration 1). Repeatable.", "X,Y,RADIUS,CHANNEL"},
        {"tag-springs", "Give each spring without a dye channel a free one (0-3; springs beyond the free channels stay untagged, named on stderr), so "
                        "that export --rivers counts in each river line only the water of its own springs, also where two springs' water touches "
                        "(docs/export.md). Dye costs time; tag from the start, or run until the springs' water has replaced the water in the rivers."},
        {"erosion", "Erode and deposit with the water (docs/erosion.md), at the map's rates or the defaults unless the options below set them."},
        {"erosion-rate", QString("With --erosion: how fast the bed gives material below the water's capacity, 1/s (default %1).").arg(erosionDefaults.erosionRate), "K"},
        {"deposition-rate", QString("With --erosion: how fast the load settles above the capacity, 1/s (default %1).").arg(erosionDefaults.depositionRate), "K"},
        {"capacity", QString("With --erosion: transport capacity factor, s/m: the water carries capacity · depth · speed · slope (default %1).").arg(erosionDefaults.capacity), "K"},
        {"inflow-sediment", "With --erosion: the load every inflow segment and spring brings, as a volume concentration (0-0.5; default: the map's).", "C"},
        {"talus", QString("With --erosion: talus angle, degrees (1-89): steeper slopes slide (default %1).").arg(erosionDefaults.talusDegrees), "DEGREES"},
        {"erosion-interval", QString("With --erosion: the bed updates once every N steps of the water, by N steps' worth (1-%1; 1 = after every step, the load "
                                     "carried exactly as dye; default %2, or the map's).").arg(ErosionParams::kMaxInterval).arg(ErosionParams::kDefaultInterval), "N"},
        {"drain", "A drain at X,Y (m) removing up to RATE m³/s, or everything with RATE 'all'. Repeatable.", "X,Y,RATE"},
        {"report-every", "Steps between report lines (default: steps/10).", "K"},
        {"mean-from", "Record the time-mean flow from simulated time T (s): every step that begins at or after T adds its discharges and "
                      "depths times its dt; kept in -o's map for export --velocity/--flowmap --mean (docs/solver.md, \"Time-mean flow\"). "
                      "T before the map's time is refused, unless it is the start of the map's own mean, which then continues.", "T"},
        {"exchange-every", "With mpirun -n R, R > 1: steps between the bands' halo exchanges, 1-64 (default 8); each band holds 4·K + 2 rows "
                           "of halo on either side, so a larger K exchanges less often but steps more rows twice.", "K"},
        {"scaling-report", "Under mpirun (-n 1 too): after the report lines, rank 0 prints one JSON line more, {\"report\":\"scaling\", ...}, with each "
                           "rank's seconds in its solver's steps (wall and CPU), in halo exchanges and in reductions, the halo bytes it sent, "
                           "its cells, and the same per step (docs/scaling.md). The other lines and the output are unchanged."},
        {"checkpoint-every", "With -o OUT: every N steps, write the state reached to OUT's name with .checkpoint.rbmap (out.rbmap → "
                             "out.checkpoint.rbmap), replaced atomically; simulating it for the steps left gives the same bits as the run "
                             "not stopped (docs/scaling.md, \"Checkpoints and a rank that dies\").", "N"},
        {"backend", "cpu, opencl, opencl:INDEX or opencl:NAME (see 'riverbed-cli devices'; default cpu). If OpenCL cannot run, "
                    "the CPU solver takes over and a notice goes to stderr.", "BACKEND", "cpu"},
    });
    for (const SimParamSpec& spec : simParamTable())
        parser.addOption({optionName(spec), QString::fromUtf8(spec.help.data(), static_cast<qsizetype>(spec.help.size())),
                          QString::fromUtf8(spec.valueName.data(), static_cast<qsizetype>(spec.valueName.size()))});
    if (auto exit = cli::parseArguments(parser, args, {"boundary", "spring", "drain", "dye-release"})) return *exit;
    if (parser.positionalArguments().size() != 1) return cli::fail("simulate takes exactly one MAP", cli::kExitUsage);
    bool ok = false;
    const int steps = parser.value("steps").toInt(&ok);
    if (!parser.isSet("steps") || !ok || steps < 0) return cli::fail("--steps N is required (a whole number ≥ 0)", cli::kExitUsage);
    int every = std::max(1, steps / 10);
    if (parser.isSet("report-every")) {
        every = parser.value("report-every").toInt(&ok);
        if (!ok || every < 1) return cli::fail("--report-every must be a whole number ≥ 1", cli::kExitUsage);
    }

    int exchangeEvery = 8;
    if (parser.isSet("exchange-every")) {
        exchangeEvery = parser.value("exchange-every").toInt(&ok);
        if (!ok || exchangeEvery < 1 || exchangeEvery > 64) return cli::fail("--exchange-every must be a whole number of steps, 1-64", cli::kExitUsage);
    }
    const std::string backend = parser.value("backend").toStdString();
    if (!opencl::isBackendSpec(backend)) return cli::fail("--backend must be cpu, opencl, opencl:INDEX or opencl:NAME", cli::kExitUsage);

    std::optional<cli::Checkpoints> checkpoints = cli::Checkpoints::fromOptions(parser, rootRank());
    if (!checkpoints) return cli::kExitUsage;
    const int ranks = simulateJobRanks();
    if (parser.isSet("scaling-report") && !underMpirun())
        return cli::fail("--scaling-report measures the run across MPI ranks: start it with mpirun (mpirun -n 1 for one rank)", cli::kExitUsage);
#ifdef RIVERBED_WITH_MPI
    // --fill-to needs the whole map's water (its level and volume), --tag-springs its dye: those runs read it whole on every rank.
    if ((ranks > 1 || parser.isSet("scaling-report")) && !parser.isSet("fill-to") && !parser.isSet("dye-release") && !parser.isSet("tag-springs")) return simulateByBands(parser, steps, every, exchangeEvery, ranks, *checkpoints);
#endif
    std::optional<Map> map = cli::loadMap(parser.positionalArguments()[0]);
    if (!map) return cli::kExitFailure;
    if (!applyMapOptions(parser, *map)) return cli::kExitUsage;
    double meanFrom = 0.0;
    std::optional<MeanStart> meanStart;
    if (parser.isSet("mean-from") && !(meanStart = meanStartOption(parser, map->state, meanFrom))) return cli::kExitUsage;
    if (meanStart && !parser.isSet("output")) cli::notice("warning: --mean-from without -o: the time-mean flow is recorded but not kept");
    warnAboutOptionsTheModelIgnores(parser, map->params);
    if (const std::string refusal = MemoryBudget::solverRefusal(*map, backend != "cpu", meanStart.has_value()); !refusal.empty()) return cli::fail(QString::fromStdString(refusal));
    // Only rank 0 writes the output.
    if (parser.isSet("output") && rootRank() && !cli::checkOutput(parser.value("output"))) return cli::kExitFailure; // before the work, not after

    const std::unique_ptr<Solver> solver = createSolver(parser, backend, *map, ranks, exchangeEvery);
    if (!solver) return cli::kExitUsage;
    if (const QString wait = bedUpdateWait(*map, steps); !wait.isEmpty()) cli::notice(wait);
    if (meanStart) startMean(*solver, *meanStart, meanFrom);
    const bool erosionLines = map->params.erosion.enabled || map->state.hasEroded();
    checkpoints->setWriter(cli::Checkpoints::wholeMapWriter(*solver, *map, rootRank()));
    bool stepped = stepAndReport(*solver, steps, every, erosionLines, ranks, *checkpoints);
#ifdef RIVERBED_WITH_MPI
    if (parser.isSet("scaling-report")) printScalingReport(*solver);
#endif
    if (meanStart) {
        const MapState state = solver->readState(); // with more than one rank: gathered on rank 0, which reports
        if (rootRank()) stepped = reportMean(state, meanFrom) && stepped;
    }
    if (!parser.isSet("output")) return stepped ? cli::kExitOk : cli::kExitFailure;
    Map simulated = solver->readMap(); // with more than one rank: every rank sends its rows to rank 0
    if (!rootRank()) return stepped ? cli::kExitOk : cli::kExitFailure;
    simulated.keepDocumentFields(*map);
    // A refused call leaves the state as it was before it: the steps done so far are saved, not lost.
    if (!stepped)
        cli::notice(QString("%1 holds the state before the refused call, %2 of the %3 steps asked for")
                        .arg(parser.value("output"))
                        .arg(simulated.state.steps - map->state.steps)
                        .arg(steps));
    const bool saved = cli::saveMap(parser.value("output"), simulated);
    return stepped && saved ? cli::kExitOk : cli::kExitFailure;
}
