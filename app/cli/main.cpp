#include "BuildInfo.h"
#include "CliSupport.h"
#include "Commands.h"
#include "model/MemoryBudget.h"
#include "solver/OpenMpWaitPolicy.h"

#include <QCoreApplication>
#include <QTextStream>

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <map>
#include <new>

#ifdef RIVERBED_WITH_MPI
#include <mpi.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <thread>
#include <vector>
#endif

namespace {

struct Subcommand {
    int (*run)(const QStringList&);
    const char* summary;
};

const std::map<QString, Subcommand>& subcommands()
{
    static const std::map<QString, Subcommand> table = {
        {"demo", {runDemo, "build and run the built-in dam-break scene, print diagnostics"}},
        {"simulate", {runSimulate, "step a .rbmap and print JSON diagnostics"}},
        {"currents", {runCurrents, "solve the steady sea current of a map, write it as east/south channels"}},
        {"info", {runInfo, "describe a .rbmap as JSON"}},
        {"import", {runImport, "make a .rbmap from a heightmap"}},
        {"export", {runExport, "write a map's layers for game engines"}},
        {"generate", {runGenerate, "generate an island, river, archipelago or lakes map"}},
        {"bench", {runBench, "measure solver speed against the memory-bandwidth bound"}},
        {"devices", {runDevices, "list the OpenCL devices the solver can run on"}},
    };
    return table;
}

int printUsage(QTextStream& out)
{
    out << "Usage: riverbed-cli COMMAND [options]\n\nCommands:\n";
    for (const auto& [name, command] : subcommands()) out << "  " << name.leftJustified(10) << command.summary << "\n";
    out << "\nriverbed-cli COMMAND --help describes each command; riverbed-cli --version prints the version.\n";
    return 0;
}

#ifdef RIVERBED_WITH_MPI
// A run started by mpirun (Open MPI names the job's size in OMPI_COMM_WORLD_SIZE; a plain run
// never initialises MPI, so it behaves exactly as a build without it). Only rank 0 speaks: the
// others' standard output is dropped and their standard error kept aside, shown (named by rank)
// only if that rank fails on its own. A failure on any rank ends the whole job (MPI_Abort):
// the other ranks may be waiting for it in a collective call.
class MpiSession {
public:
    MpiSession(int& argc, char**& argv)
    {
        if (!std::getenv("OMPI_COMM_WORLD_SIZE") && !std::getenv("PMIX_RANK")) return;
        MPI_Init(&argc, &argv);
        active_ = true;
        MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
        MPI_Comm_size(MPI_COMM_WORLD, &size_);
        if (rank_ == 0) return;
        std::fflush(stdout);
        std::fflush(stderr);
        if (!std::freopen("/dev/null", "w", stdout)) std::perror("riverbed-cli: /dev/null");
        stderrCopy_ = dup(STDERR_FILENO);
        aside_ = std::tmpfile();
        if (aside_) dup2(fileno(aside_), STDERR_FILENO);
    }
    int size() const { return size_; }

    // The exit code, after MPI is finalised (or the job aborted). The ranks meet once more: when
    // all arrive (each done, well or not), they end together with the worst code, and a rank that
    // failed on its own shows why. A rank that failed and waits in vain (the others are blocked
    // in a collective call it will never make) ends the job.
    int finish(int code, bool usageError)
    {
        if (!active_) return code;
        if (size_ > 1) {
            MPI_Request request;
            MPI_Ibarrier(MPI_COMM_WORLD, &request);
            if (!arrived(request, code != 0)) {
                if (rank_ != 0 && !usageError) showAside();
                MPI_Abort(MPI_COMM_WORLD, code);
            }
            std::vector<int> codes(static_cast<std::size_t>(size_), 0);
            MPI_Allgather(&code, 1, MPI_INT, codes.data(), 1, MPI_INT, MPI_COMM_WORLD);
            if (rank_ != 0 && code != 0 && code != codes[0]) showAside(); // rank 0 has not said it
            code = *std::max_element(codes.begin(), codes.end());
        }
        MPI_Finalize();
        return code;
    }

private:
    // Whether every rank reached the barrier; a failed rank waits at most a few seconds.
    static bool arrived(MPI_Request& request, bool failed)
    {
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
        for (int done = 0;; std::this_thread::sleep_for(std::chrono::milliseconds(5))) {
            MPI_Test(&request, &done, MPI_STATUS_IGNORE);
            if (done) return true;
            if (failed && std::chrono::steady_clock::now() > deadline) return false;
        }
    }

    void showAside()
    {
        if (!aside_ || stderrCopy_ < 0) return;
        std::fflush(stderr);
        std::rewind(aside_);
        char buffer[4096];
        const std::string prefix = "riverbed-cli rank " + std::to_string(rank_) + ": ";
        if (write(stderrCopy_, prefix.data(), prefix.size()) < 0) return;
        for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, aside_)) > 0;)
            if (write(stderrCopy_, buffer, n) < 0) return;
    }

    bool active_ = false;
    int rank_ = 0;
    int size_ = 1;
    int stderrCopy_ = -1;
    std::FILE* aside_ = nullptr;
};
#else
class MpiSession {
public:
    MpiSession(int&, char**&) {}
    int size() const { return 1; }
    int finish(int code, bool) { return code; }
};
#endif

int runCommand(QStringList args, int ranks)
{
    QTextStream out(stdout), err(stderr);
    if (args.size() < 2 || args[1] == "--help" || args[1] == "-h") return printUsage(out);
    if (args[1] == "--version" || args[1] == "-v") {
        out << "riverbed-cli " << rb::build::kVersion << (rb::build::kOpenCl ? "" : " (without OpenCL)") << Qt::endl;
        return 0;
    }
    const auto it = subcommands().find(args[1]);
    if (it == subcommands().end()) {
        err << "riverbed-cli: unknown command '" << args[1] << "'\n";
        printUsage(err);
        return 2;
    }
    // export --tiles splits its tiles between the ranks (app/cli/TilesOption.cpp).
    const bool tiles = args[1] == "export" && std::any_of(args.begin(), args.end(), [](const QString& a) { return a == "--tiles" || a.startsWith("--tiles="); });
    if (ranks > 1 && args[1] != "simulate" && args[1] != "generate" && !tiles) {
        err << "riverbed-cli: only simulate runs across MPI ranks (and generate, export --tiles) (this job has " << ranks << "); run " << args[1] << " without mpirun, or with -n 1\n";
        return 2;
    }
    args.removeFirst();
    args[0] = "riverbed-cli " + args[0];
    try {
        return rb::cli::finishStandardOutput(it->second.run(args));
    } catch (const std::bad_alloc&) { // past every estimate: still a message and an exit code, never an abort
        err << "riverbed-cli: " << args[0].section(' ', 1) << " ran out of memory (" << QString::fromStdString(rb::MemoryBudget::gigabytesText(rb::MemoryBudget::availableBytes().value_or(0)))
            << " left); nothing was written\n";
        return 1;
    }
}

} // namespace

int main(int argc, char** argv)
{
    rb::preferSleepingOpenMpWorkers(argv); // may start the program again: before MPI starts
    rb::fitOpenMpTeamToAddressLimit();
    MpiSession mpi(argc, argv);
    std::signal(SIGPIPE, SIG_IGN); // a closed stdout is an error to handle, not a reason to die before saving
    std::signal(SIGXFSZ, SIG_IGN); // past a file-size limit a write fails (EFBIG) and is reported; the old file stays
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName("riverbed-cli");
    QCoreApplication::setApplicationVersion(rb::build::kVersion);
    const int code = runCommand(QCoreApplication::arguments(), mpi.size());
    return mpi.finish(code, code == rb::cli::kExitUsage);
}
