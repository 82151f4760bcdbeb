#include "BuildInfo.h"
#include "CliSupport.h"
#include "Commands.h"
#include "model/MemoryBudget.h"
#include "solver/OpenMpWaitPolicy.h"

#include <QCoreApplication>
#include <QTextStream>

#include <csignal>
#include <functional>
#include <map>
#include <new>

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

} // namespace

int main(int argc, char** argv)
{
    rb::preferSleepingOpenMpWorkers(argv);
    std::signal(SIGPIPE, SIG_IGN); // a closed stdout is an error to handle, not a reason to die before saving
    std::signal(SIGXFSZ, SIG_IGN); // past a file-size limit a write fails (EFBIG) and is reported; the old file stays
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName("riverbed-cli");
    QCoreApplication::setApplicationVersion(rb::build::kVersion);
    QStringList args = QCoreApplication::arguments();
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
