#include "CliSupport.h"
#include "Commands.h"

#include "model/DemoScene.h"
#include "solver/CpuSolver.h"

int runDemo(const QStringList& args)
{
    using namespace rb;
    QCommandLineParser parser;
    parser.setApplicationDescription("Builds the built-in scene (a basin whose lake has just burst its dam, with an outflow on the east side),\n"
                                     "simulates it and prints one JSON diagnostics line per report.");
    parser.addOptions({
        {{"o", "output"}, "Write the final state to FILE (.rbmap).", "FILE"},
        {"lattice", "square or triangle (default square).", "KIND", "square"},
        {"size", "Cells per side (default 128).", "N", "128"},
        {"steps", "Steps to run (default 3000: at most 60 simulated seconds; the automatic time step shortens steps while the flood is fast).", "N", "3000"},
        {"report-every", "Steps between report lines (default 500).", "K", "500"},
    });
    if (auto exit = cli::parseArguments(parser, args)) return *exit;
    const auto kind = parseLatticeKind(parser.value("lattice").toStdString());
    if (!kind) return cli::fail("--lattice must be square or triangle", cli::kExitUsage);
    bool sizeOk = false, stepsOk = false, everyOk = false;
    const int size = parser.value("size").toInt(&sizeOk), steps = parser.value("steps").toInt(&stepsOk);
    const int every = parser.value("report-every").toInt(&everyOk);
    if (!sizeOk || size < 16 || size > 4096) return cli::fail("--size must be a whole number in 16..4096", cli::kExitUsage);
    if (!stepsOk || steps < 0 || !everyOk || every < 1) return cli::fail("--steps and --report-every must be positive whole numbers", cli::kExitUsage);

    if (parser.isSet("output") && !cli::checkOutput(parser.value("output"))) return cli::kExitFailure; // before the run, not after
    CpuSolver solver;
    solver.load(makeDamBreakDemo(*kind, size));
    if (!cli::stepAndReport(solver, steps, every)) return cli::kExitFailure;
    if (parser.isSet("output") && !cli::saveMap(parser.value("output"), solver.readMap())) return cli::kExitFailure;
    return cli::kExitOk;
}
