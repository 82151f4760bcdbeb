// riverbed-cli currents MAP --current SIDE=SPEED ...: the steady current of a map's water
// (docs/solver.md, "Currents"), written as two float channels (east, south; m/s).
#include "CliSupport.h"
#include "Commands.h"

#include "currents/CurrentsSolver.h"
#include "currents/StoredCurrents.h"
#include "io/export/LayerExport.h"
#include "model/Map.h"
#include "ranges/ValueRanges.h"

#include <QJsonObject>

#include <cmath>

namespace {

using namespace rb;

void addCurrentsOptions(QCommandLineParser& parser)
{
    parser.setApplicationDescription(
        "Solves the steady depth-averaged current of a map's water (the rigid-lid lake equations, div(h u) = 0) with Stam's "
        "Stable Fluids: potential flow first, then advect, diffuse and project until the change per iteration is below the "
        "tolerance (or, when it does not settle, the mean of the second half of the iterations). Land is an obstacle, and so is water shallower than 0.5 m (or a twentieth of the deepest water on a shallow map), where bottom friction, which the lake equations leave out, would stop a sea current; sides without --current are walls. Each connected sea's outflow is "
        "scaled to its inflow when the prescribed currents do not balance. Prints one JSON line:\n"
        "{iterations, cg_iterations, cg_residual, residual, converged, time_averaged, averaged_iterations, viscosity, "
        "steady_viscosity, divergence, max_speed, inflow, outflow, balanced, "
        "outflow_scale, closed_seas, wet_cells, dt, setup_seconds, seconds}.");
    parser.addPositionalArgument("MAP", "The map whose water carries the current (.rbmap).");
    parser.addOptions({
        {"current", "SIDE=SPEED: the current across a side (north|south|east|west), m/s, positive into the map "
                    "(flowing east: west=0.4 and east=-0.4). Repeatable.",
         "SIDE=SPEED"},
        {"viscosity", "Eddy viscosity diffused implicitly, m²/s, or 'auto' (the default): the fastest current times the map's larger "
                      "side over 20, at which the wakes behind islands settle (0 = off). Lower values give unsteady wakes: when the "
                      "solve does not settle, the current is the mean of the second half of its iterations.", "V"},
        {"tolerance", "Steady when the largest change of a face's flux per iteration, max|d(h u)|, is <= T * max|h u| (default 1e-4).", "T"},
        {"max-iterations", "Stam iterations after the potential flow (default 200; 0 = potential flow only).", "N"},
        {"cfl", "Cells the fastest prescribed current crosses per iteration (default 32).", "C"},
        {{"o", "output"}, "Write the current to OUT: into the map (.rbmap: the cells' current for export --currents and the faces' fluxes the dye rides on), as two float channels, east and south, m/s (.npy, .exr, .tif), or as a flow map (.png).", "OUT"},
    });
}

// SIDE=SPEED into settings.sideSpeed; false after a usage message.
bool parseCurrent(const QString& text, CurrentsSettings& settings)
{
    const QStringList parts = text.split('=');
    const std::optional<Side> side = parts.size() == 2 ? parseSide(parts[0].toStdString()) : std::nullopt;
    const std::optional<double> typed = parts.size() == 2 ? cli::parseNumber(parts[1]) : std::nullopt;
    if (!side || !typed)
        return cli::fail(QString("--current '%1': expected SIDE=SPEED, SIDE north|south|east|west, SPEED in m/s (positive into the map)").arg(text),
                         cli::kExitUsage),
               false;
    const double speed = *typed;
    if (!(std::abs(speed) <= ranges::kMaxSideCurrent))
        return cli::fail(QString("--current '%1': SPEED must lie within ±%2 m/s").arg(text).arg(ranges::kMaxSideCurrent), cli::kExitUsage), false;
    std::optional<double>& slot = settings.sideSpeed[static_cast<std::size_t>(*side)];
    if (slot) return cli::fail(QString("--current '%1': that side already has a current").arg(text), cli::kExitUsage), false;
    slot = speed;
    return true;
}

// The settings from the options; nullopt after a usage message.
std::optional<CurrentsSettings> currentsSettings(const QCommandLineParser& parser)
{
    CurrentsSettings settings;
    if (!parser.isSet("current")) return cli::fail("give at least one --current SIDE=SPEED", cli::kExitUsage), std::nullopt;
    for (const QString& text : parser.values("current"))
        if (!parseCurrent(text, settings)) return std::nullopt;
    const bool automatic = !parser.isSet("viscosity") || parser.value("viscosity") == "auto";
    const std::pair<const char*, double*> numbers[] = {{"viscosity", automatic ? nullptr : &settings.viscosity}, {"tolerance", &settings.tolerance}, {"cfl", &settings.cfl}};
    for (const auto& [name, target] : numbers) {
        if (!parser.isSet(name) || !target) continue;
        const std::optional<double> value = cli::numberOption(parser, name);
        if (!value) return std::nullopt;
        *target = *value;
    }
    if ((!automatic && settings.viscosity < 0.0) || !(settings.tolerance > 0.0) || !(settings.cfl > 0.0))
        return cli::fail("--viscosity must be 'auto' or >= 0, --tolerance and --cfl > 0", cli::kExitUsage), std::nullopt;
    if (parser.isSet("max-iterations")) {
        bool ok = false;
        settings.maxIterations = parser.value("max-iterations").toInt(&ok);
        if (!ok || settings.maxIterations < 0) return cli::fail("--max-iterations must be a whole number >= 0", cli::kExitUsage), std::nullopt;
    }
    return settings;
}

QJsonObject reportJson(const CurrentsReport& r, const CurrentsSolver& solver)
{
    return {{"iterations", r.iterations},         {"cg_iterations", r.cgIterations},
            {"cg_residual", r.cgResidual},        {"residual", r.residual},
            {"converged", r.converged},           {"time_averaged", r.timeAveraged},
            {"averaged_iterations", r.averagedIterations}, {"viscosity", r.viscosity},
            {"steady_viscosity", r.steadyViscosity}, {"divergence", r.divergence},
            {"max_speed", r.maxSpeed},            {"inflow", r.balance.inflow},
            {"outflow", r.balance.outflow},       {"balanced", r.balance.balanced},
            {"outflow_scale", r.balance.outflowScale()}, {"closed_seas", r.balance.closedSeas},
            {"wet_cells", solver.grid().wetCount()}, {"dt", r.dt},
            {"setup_seconds", r.setupSeconds},   {"seconds", r.seconds}};
}

} // namespace

int runCurrents(const QStringList& args)
{
    QCommandLineParser parser;
    addCurrentsOptions(parser);
    if (const std::optional<int> code = cli::parseArguments(parser, args, {"current"})) return *code;
    if (parser.positionalArguments().size() != 1) return cli::fail("currents takes exactly one MAP", cli::kExitUsage);
    const std::optional<CurrentsSettings> settings = currentsSettings(parser);
    if (!settings) return cli::kExitUsage;
    const bool intoMap = parser.isSet("output") && parser.value("output").endsWith(".rbmap", Qt::CaseInsensitive);
    if (parser.isSet("output") && !intoMap)
        if (const QString problem = io::exportRequestProblem(io::Layer::Currents, parser.value("output"), io::ExportSettings{}); !problem.isEmpty())
            return cli::fail(problem, cli::kExitUsage);
    std::optional<Map> map = cli::loadMap(parser.positionalArguments().first());
    if (!map) return cli::kExitFailure;
    if (const std::string problem = CurrentsSolver::requestProblem(map->state.depth, *settings); !problem.empty())
        return cli::fail(QString("%1: %2").arg(parser.positionalArguments().first(), QString::fromStdString(problem)));
    if (parser.isSet("output") && !cli::checkOutput(parser.value("output"))) return cli::kExitFailure; // before the solve, not after

    CurrentsSolver solver(map->state.lattice, map->state.depth, *settings);
    const CurrentsReport report = solver.solve();
    if (const std::string balance = balanceMessage(report.balance); !balance.empty()) cli::notice(QString::fromStdString(balance));
    if (report.timeAveraged)
        cli::notice(QString("not steady after %1 iterations at a viscosity of %2 m²/s (the automatic one for this map: %4 m²/s): %5; "
                            "the current given is its mean over the last %3 iterations")
                        .arg(report.iterations)
                        .arg(report.viscosity, 0, 'g', 3)
                        .arg(report.averagedIterations)
                        .arg(report.steadyViscosity, 0, 'g', 3)
                        .arg(report.viscosity < report.steadyViscosity ? "the wake at this viscosity is unsteady" : "it did not settle"));
    QJsonObject line = reportJson(report, solver);
    if (parser.isSet("output")) {
        // Into the map (export --currents reads it from there), or straight out as export --currents writes it.
        storeCurrents(map->state, solver);
        QString error;
        if (intoMap && !cli::saveMap(parser.value("output"), *map)) return cli::kExitFailure;
        io::ExportSettings exported;
        exported.georeference = map->georeference; // a GeoTIFF says where the map lies, as export --currents writes it
        if (!intoMap && !io::exportLayer(map->state, io::Layer::Currents, parser.value("output"), exported, &error)) return cli::fail(error);
        line["file"] = parser.value("output");
    }
    cli::printJsonLine(line);
    return cli::kExitOk;
}
