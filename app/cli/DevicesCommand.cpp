#include "CliSupport.h"
#include "Commands.h"

#include "ClDevices.h"

#include <QJsonArray>

int runDevices(const QStringList& args)
{
    using namespace rb;
    QCommandLineParser parser;
    parser.setApplicationDescription("Lists the OpenCL devices --backend opencl:INDEX or opencl:NAME can choose from, as a table\n"
                                     "and then one JSON line. The default device is the first GPU, else the first CPU device;\n"
                                     "the RIVERBED_OPENCL_DEVICE environment variable (an index or a name) overrides it.");
    if (auto exit = cli::parseArguments(parser, args)) return *exit;
    std::string problem;
    const std::vector<opencl::DeviceInfo> devices = opencl::listDevices(&problem);
    if (devices.empty()) cli::printText("no OpenCL devices: " + QString::fromStdString(problem) + " (the CPU solver is always available)\n");
    std::string ignored;
    const int chosen = opencl::chooseDevice(devices, "", &ignored);
    QJsonArray list;
    for (const opencl::DeviceInfo& d : devices) {
        cli::printText(QString("%1 %2 %3 %4 (%5, %6 compute units, %7 MiB)\n")
                   .arg(d.index == chosen ? "*" : " ")
                   .arg(d.index)
                   .arg(QString::fromStdString(d.type), -4)
                   .arg(QString::fromStdString(d.name), QString::fromStdString(d.platform))
                   .arg(d.computeUnits)
                   .arg(d.globalMemory >> 20));
        list.append(QJsonObject{{"index", d.index},
                                {"name", QString::fromStdString(d.name)},
                                {"platform", QString::fromStdString(d.platform)},
                                {"type", QString::fromStdString(d.type)},
                                {"version", QString::fromStdString(d.version)},
                                {"compute_units", static_cast<int>(d.computeUnits)},
                                {"global_memory_bytes", static_cast<double>(d.globalMemory)},
                                {"default", d.index == chosen}});
    }
    cli::printJsonLine({{"devices", list}});
    return cli::kExitOk;
}
