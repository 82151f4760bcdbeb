#include "CliSupport.h"
#include "Commands.h"
#include "bench/MemoryBandwidth.h"
#include "bench/SeedLoops.h"

#include "SolverFactory.h"

#include <QJsonArray>

#include <chrono>
#include <cmath>
#include <memory>

namespace {

using namespace rb;

// The unavoidable traffic of one fused step per cell: read bed, read+write depth, read+write one
// flow per family (4 bytes each): 4 + 8 + 8·families.
int boundBytesPerCellStep(LatticeKind kind)
{
    return kind == LatticeKind::Square ? 28 : 36;
}

// Wet everywhere, gentle relief, sea on two sides: every branch of the step is exercised.
Map benchScene(LatticeKind kind, int size, FlowModel model)
{
    const Lattice lattice(kind, size, size, 1.0);
    Map map;
    map.state = MapState(lattice);
    for (int y = 0; y < size; ++y)
        for (int x = 0; x < size; ++x) {
            const WorldPoint p = lattice.worldPosition(x, y);
            const float bed = static_cast<float>(0.5 * std::sin(0.05 * p.x) * std::cos(0.07 * p.y));
            map.state.bed(x, y) = bed;
            map.state.depth(x, y) = 1.5f - bed;
        }
    map.params.dt = 0.05;
    map.params.friction = 0.01;
    map.params.model = model;
    map.boundary = {wholeSide(lattice, Side::West, BoundaryType::Sea, 1.6), wholeSide(lattice, Side::East, BoundaryType::Outflow, 0.0)};
    return map;
}

// Steps in calls of kStepsPerCall (a long run's rhythm; every call still refreshes the
// diagnostics and keeps the state it could be refused back to) until minSeconds have passed;
// returns steps per second.
constexpr int kStepsPerCall = 64;

double measureSteps(Solver& solver, double minSeconds)
{
    if (!solver.step(kStepsPerCall).ok()) return 0.0; // warm-up: first touch, caches, kernel builds
    long steps = 0;
    const auto start = std::chrono::steady_clock::now();
    double seconds = 0.0;
    do {
        if (!solver.step(kStepsPerCall).ok()) return 0.0;
        steps += kStepsPerCall;
        seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    } while (seconds < minSeconds);
    return static_cast<double>(steps) / seconds;
}

std::optional<std::vector<int>> parseSizes(const QString& text)
{
    std::vector<int> sizes;
    for (const QString& part : text.split(',', Qt::SkipEmptyParts)) {
        bool ok = false;
        const int size = part.toInt(&ok);
        if (!ok || size < 16 || size > 8192) return std::nullopt;
        sizes.push_back(size);
    }
    if (sizes.empty()) return std::nullopt;
    return sizes;
}

} // namespace

int runBench(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Measures the solver in cell-steps per second for each backend, lattice and size, next to the machine's memory\n"
        "bandwidth (a STREAM triad run in this process) and the bound it implies (28 bytes per cell-step on the square\n"
        "lattice, 36 on the triangular one), and next to the seed article's literal loops. Prints a table, then one\n"
        "JSON summary line. Solvers step 64 steps per call.");
    parser.addOptions({
        {"sizes", "Cells per side, comma-separated (default 256,1024,2048).", "LIST", "256,1024,2048"},
        {"backend", "Backends, comma-separated: cpu, opencl, opencl:INDEX, opencl:NAME (default cpu,opencl).", "LIST", "cpu,opencl"},
        {"lattice", "Lattices, comma-separated: square, triangle (default square,triangle).", "LIST", "square,triangle"},
        {"seconds", "Minimum seconds per measurement (default 2).", "S", "2"},
        {"model", "Flow models, comma-separated: pipes, momentum (default both).", "LIST", "pipes,momentum"},
    });
    if (auto exit = cli::parseArguments(parser, args)) return *exit;
    const auto sizes = parseSizes(parser.value("sizes"));
    if (!sizes) return cli::fail("--sizes must list whole numbers in 16..8192", cli::kExitUsage);
    const auto seconds = cli::numberOption(parser, "seconds");
    if (!seconds) return cli::kExitUsage;
    constexpr double kMostSeconds = 3600.0;
    if (!(*seconds > 0.0 && *seconds <= kMostSeconds))
        return cli::fail(QString("--seconds must be above 0 and at most %1, got %2").arg(kMostSeconds).arg(*seconds), cli::kExitUsage);
    std::vector<LatticeKind> lattices;
    for (const QString& name : parser.value("lattice").split(',', Qt::SkipEmptyParts)) {
        const auto kind = parseLatticeKind(name.toStdString());
        if (!kind) return cli::fail("--lattice: unknown lattice '" + name + "'", cli::kExitUsage);
        lattices.push_back(*kind);
    }
    const QStringList backends = parser.value("backend").split(',', Qt::SkipEmptyParts);
    std::vector<FlowModel> models;
    for (const QString& name : parser.value("model").split(',', Qt::SkipEmptyParts)) {
        const auto model = parseFlowModel(name.toStdString());
        if (!model) return cli::fail("--model: unknown flow model '" + name + "' (pipes, momentum)", cli::kExitUsage);
        models.push_back(*model);
    }
    if (models.empty()) return cli::fail("--model lists no flow model", cli::kExitUsage);

    const double bandwidth = bench::measureTriadBandwidth();
    cli::printText(QString("memory bandwidth (triad): %1 GB/s\n").arg(bandwidth / 1e9, 0, 'f', 1));
    cli::printText(QString("%1 %2 %3 %4 %5 %6 %7 %8\n").arg("backend", -8).arg("model", -9).arg("lattice", -9).arg("size", 6).arg("steps/s", 10)
                       .arg("Gcell-steps/s", 14).arg("of bound", 9).arg("vs seed", 8));

    QJsonArray results, seedLoops;
    for (int size : *sizes) {
        const double seedRate = bench::measureSeedLoops(size, *seconds);
        seedLoops.append(QJsonObject{{"size", size}, {"cell_steps_per_s", seedRate}});
        cli::printText(QString("%1 %2 %3 %4 %5 %6 %7 %8\n").arg("seed", -8).arg("pipes", -9).arg("square", -9).arg(size, 6)
                           .arg(seedRate / size / size, 10, 'f', 1).arg(seedRate / 1e9, 14, 'f', 3).arg(seedRate / (bandwidth / 28.0), 9, 'f', 3)
                           .arg(1.0, 8, 'f', 2));
        for (const QString& backend : backends)
            for (FlowModel model : models)
                for (LatticeKind kind : lattices) {
                    if (!opencl::isBackendSpec(backend.toStdString())) return cli::fail("--backend: unknown backend '" + backend + "'", cli::kExitUsage);
                    const QString modelName = QString::fromUtf8(flowModelName(model).data());
                    const QString latticeName = QString::fromUtf8(latticeKindName(kind).data());
                    opencl::SolverChoice choice = opencl::createSolver(backend.toStdString(), benchScene(kind, size, model));
                    if (!choice.notice.empty() && model != FlowModel::Pipes && backend != "cpu") {
                        // Not a failure of the machine: that backend has no kernels for the model yet.
                        cli::printText(QString("%1 %2 %3 %4 not measured: %5\n").arg(backend, -8).arg(modelName, -9).arg(latticeName, -9).arg(size, 6)
                                           .arg(QString::fromStdString(choice.notice)));
                        continue;
                    }
                    if (!choice.notice.empty()) return cli::fail(QString::fromStdString(choice.notice) + " (not measured)");
                    Solver* solver = choice.solver.get();
                    const double stepsPerSecond = measureSteps(*solver, *seconds);
                    const double cellSteps = stepsPerSecond * size * size;
                    const double fraction = cellSteps / (bandwidth / boundBytesPerCellStep(kind));
                    cli::printText(QString("%1 %2 %3 %4 %5 %6 %7 %8\n").arg(backend, -8).arg(modelName, -9).arg(latticeName, -9).arg(size, 6)
                                       .arg(stepsPerSecond, 10, 'f', 1).arg(cellSteps / 1e9, 14, 'f', 3).arg(fraction, 9, 'f', 3)
                                       .arg(cellSteps / seedRate, 8, 'f', 2));
                    results.append(QJsonObject{{"backend", backend}, {"device", QString::fromStdString(solver->name())}, {"model", modelName},
                                               {"lattice", latticeName}, {"size", size}, {"steps_per_s", stepsPerSecond},
                                               {"cell_steps_per_s", cellSteps}, {"fraction_of_bandwidth_bound", fraction},
                                               {"vs_seed_loops", cellSteps / seedRate}});
                }
    }
    cli::printJsonLine({{"bandwidth_bytes_per_s", bandwidth}, {"bound_bytes_per_cell_step", QJsonObject{{"square", 28}, {"triangle", 36}}},
                        {"seed_loops", seedLoops}, {"results", results}});
    return cli::kExitOk;
}
