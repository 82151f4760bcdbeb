#include "CheckpointOption.h"

#include "CliSupport.h"
#include "io/map/MapFile.h"

#include <algorithm>

#ifdef RIVERBED_WITH_MPI
#include "distributed/DistributedSolver.h"
#endif

namespace rb::cli {

std::optional<Checkpoints> Checkpoints::fromOptions(const QCommandLineParser& parser, bool root)
{
    Checkpoints checkpoints;
    if (!parser.isSet("checkpoint-every")) return checkpoints;
    bool ok = false;
    checkpoints.every_ = parser.value("checkpoint-every").toInt(&ok);
    if (!ok || checkpoints.every_ < 1) return fail("--checkpoint-every must be a whole number of steps ≥ 1", kExitUsage), std::nullopt;
    if (!parser.isSet("output"))
        return fail("--checkpoint-every needs -o OUT: the checkpoint is written beside it, as OUT's name with .checkpoint.rbmap", kExitUsage), std::nullopt;
    checkpoints.output_ = parser.value("output");
    checkpoints.path_ = pathFor(checkpoints.output_);
    // Before the work, not after: a checkpoint that could never be written would only say so at its first step.
    if (root && !checkOutput(checkpoints.path_)) return std::nullopt;
    return checkpoints;
}

QString Checkpoints::pathFor(const QString& output)
{
    const QString stem = output.endsWith(".rbmap", Qt::CaseInsensitive) ? output.chopped(6) : output;
    return stem + ".checkpoint.rbmap";
}

Checkpoints::Writer Checkpoints::wholeMapWriter(const Solver& solver, const Map& document, bool root)
{
    return [&solver, &document, root](const QString& path, QString* error) {
        Map map = solver.readMap(); // across ranks: gathered on rank 0
        if (!root) return true;
        map.keepDocumentFields(document);
        return io::writeMapFile(path, map, error);
    };
}

#ifdef RIVERBED_WITH_MPI
Checkpoints::Writer Checkpoints::bandWriter(const DistributedSolver& solver, const Map& document)
{
    return [&solver, &document](const QString& path, QString* error) { return solver.writeMapFile(path, document, error); };
}
#endif

int Checkpoints::limit(int done, int chunk) const
{
    return every_ > 0 ? std::min(chunk, every_ - done % every_) : chunk;
}

void Checkpoints::after(int done, int total, std::int64_t mapSteps) const
{
    if (every_ <= 0 || done % every_ != 0 || done >= total || !writer_) return;
    QString error;
    if (!writer_(path_, &error)) {
        notice(QString("warning: the checkpoint after step %1 was not written (%2); the run goes on, %3 keeps the previous one if any")
                   .arg(mapSteps).arg(error, path_));
        return;
    }
    notice(QString("checkpoint: %1 holds step %2 (%3 of the run's %4 steps); if the run stops, "
                   "'simulate %1 --steps %5 -o %6' finishes it, without the options that change the map (they are in it)")
               .arg(path_).arg(mapSteps).arg(done).arg(total).arg(total - done).arg(output_));
}

} // namespace rb::cli
