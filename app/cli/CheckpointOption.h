#pragma once

#include "model/Map.h"
#include "solver/Solver.h"

#include <QCommandLineParser>
#include <QString>

#include <cstdint>
#include <functional>
#include <optional>

namespace rb {
class DistributedSolver;
}

namespace rb::cli {

// simulate --checkpoint-every N (docs/scaling.md, "Checkpoints and a rank that dies"): after every
// N steps of the run, the state as -o would hold it at that step is written to checkpointPath(OUT),
// through an atomic replace (a run killed while writing leaves the previous checkpoint whole). The
// map records its step counter, so a checkpoint says how far it got; the notice after each one
// gives the command that finishes the run, and its bits are those of the run never stopped
// (save → load → continue is bitwise: AdaptiveTimeStep chooses dt on the step counter).
class Checkpoints {
public:
    // Writes the map at the run's current step to `path`; collective under mpirun. False with
    // `error` when it could not (every rank gets the same answer, or only rank 0 writes).
    using Writer = std::function<bool(const QString& path, QString* error)>;

    // Off without --checkpoint-every; nullopt after printing why the option is refused. `root`:
    // rank 0 of an MPI job, or a plain run (the one that checks the path and writes).
    static std::optional<Checkpoints> fromOptions(const QCommandLineParser& parser, bool root);
    // OUT without its .rbmap, then ".checkpoint.rbmap": out.rbmap → out.checkpoint.rbmap.
    static QString pathFor(const QString& output);
    // The writers of the two ways a run holds its map: a solver over the whole map (one process,
    // or a distributed solver that gathers it on rank 0), and one band per rank.
    static Writer wholeMapWriter(const Solver& solver, const Map& document, bool root);
#ifdef RIVERBED_WITH_MPI
    static Writer bandWriter(const DistributedSolver& solver, const Map& document);
#endif

    void setWriter(Writer writer) { writer_ = std::move(writer); }
    // `chunk`, the steps the run would take next after `done`, cut so that a call ends where a
    // checkpoint is due.
    int limit(int done, int chunk) const;
    // After `done` of the run's `total` steps, the map's counter at `mapSteps`: the checkpoint
    // when one is due (never at the end: -o is written then). Collective under mpirun. A
    // checkpoint that cannot be written is said, and the run goes on (the previous one stays).
    void after(int done, int total, std::int64_t mapSteps) const;

private:
    int every_ = 0;
    QString output_, path_;
    Writer writer_;
};

} // namespace rb::cli
