#include "CliSupport.h"

#include "io/map/MapFile.h"
#include "io/transaction/AtomicFile.h"
#include "model/Map.h"
#include "solver/AdaptiveTimeStep.h"
#include "solver/Solver.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTextStream>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>

namespace rb::cli {

std::optional<int> parseArguments(QCommandLineParser& parser, const QStringList& args, const QStringList& repeatable)
{
    const QCommandLineOption help = parser.addHelpOption();
    if (!parser.parse(args)) return fail(parser.errorText() + "\n" + "Try '" + args.value(0) + " --help'.", kExitUsage);
    if (parser.isSet(help)) {
        // QCommandLineParser names the program by its path; say "riverbed-cli NAME" instead.
        QString text = parser.helpText();
        text.replace(QCoreApplication::arguments().constFirst(), args.value(0));
        printText(text);
        return kExitOk;
    }
    for (const QString& name : parser.optionNames()) {
        const QStringList given = parser.values(name); // every value, whichever of its names was used
        if (given.size() > 1 && !repeatable.contains(name))
            return fail(QString("%1%2 was given %3 times (%4); it takes one value")
                            .arg(name.size() == 1 ? "-" : "--", name)
                            .arg(given.size())
                            .arg(given.join(", ")),
                        kExitUsage);
    }
    return std::nullopt;
}

int fail(const QString& message, int code)
{
    QTextStream(stderr) << "riverbed-cli: " << message << Qt::endl;
    return code;
}

void notice(const QString& message)
{
    QTextStream(stderr) << "riverbed-cli: " << message << Qt::endl;
}

namespace {
int standardOutputError = 0; // the first write error on stdout (errno), 0 while all went out
}

void printText(const QString& text)
{
    if (standardOutputError != 0) return; // a closed pipe stays closed: the work goes on quietly
    const QByteArray bytes = text.toLocal8Bit();
    errno = 0;
    if (std::fwrite(bytes.constData(), 1, static_cast<std::size_t>(bytes.size()), stdout) != static_cast<std::size_t>(bytes.size())
        || std::fflush(stdout) != 0)
        standardOutputError = errno != 0 ? errno : EIO;
}

void printJsonLine(const QJsonObject& object)
{
    printText(QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact)) + "\n");
}

int finishStandardOutput(int code)
{
    if (standardOutputError == 0 && std::fflush(stdout) != 0) standardOutputError = errno != 0 ? errno : EIO;
    // A reader that stopped early (`| head`) is not a failure of ours; anything else lost a report.
    if (standardOutputError == 0 || standardOutputError == EPIPE) return code;
    fail(QString("cannot write to standard output: %1").arg(QString::fromLocal8Bit(std::strerror(standardOutputError))));
    return code == kExitOk ? kExitFailure : code;
}

std::optional<Map> loadMap(const QString& path)
{
    QString error;
    std::optional<Map> map = io::readMapFile(path, &error);
    if (!map) fail(error);
    return map;
}

bool checkOutput(const QString& path)
{
    QString error;
    if (io::AtomicFile::checkWritable(path, &error)) return true;
    fail(error);
    return false;
}

bool saveMap(const QString& path, const Map& map)
{
    if (!path.endsWith(".rbmap", Qt::CaseInsensitive)) notice(QString("warning: %1 does not end in .rbmap; it is written as a Riverbed map all the same").arg(path));
    QString error;
    if (io::writeMapFile(path, map, &error)) return true;
    fail(error);
    return false;
}

std::optional<double> parseNumber(const QString& text)
{
    bool ok = false;
    const double value = text.toDouble(&ok);
    if (!ok || !std::isfinite(value) || text != text.trimmed()) return std::nullopt;
    return value;
}

std::optional<double> numberOption(const QCommandLineParser& parser, const QString& name)
{
    const std::optional<double> value = parseNumber(parser.value(name));
    if (!value) fail(QString("--%1 expects a number, got '%2'").arg(name, parser.value(name)), kExitUsage);
    return value;
}

QJsonObject diagnosticsJson(const Diagnostics& d, double dt, bool erosion)
{
    QJsonObject line{{"step", static_cast<qint64>(d.steps)}, {"time", d.time},         {"volume", d.volume},
                     {"inflow", d.inflow()},                 {"outflow", d.outflow()}, {"max_depth", d.maxDepth},
                     {"max_speed", d.maxSpeed},              {"cfl", d.cfl},          {"dt", dt}};
    if (erosion) {
        line.insert("sediment", d.sediment);
        line.insert("eroded", d.sedimentLedger.netEroded());
    }
    if (d.dyeVolumes.empty()) return line;
    QJsonArray volumes, inflows, outflows;
    for (std::size_t c = 0; c < d.dyeVolumes.size(); ++c) {
        volumes.append(d.dyeVolumes[c]);
        inflows.append(d.dyeLedgers[c].inflow());
        outflows.append(d.dyeLedgers[c].outflow());
    }
    line.insert("dye", volumes);
    line.insert("dye_inflow", inflows);
    line.insert("dye_outflow", outflows);
    return line;
}

bool stepAndReport(Solver& solver, int steps, int every, bool erosion)
{
    printJsonLine(diagnosticsJson(solver.diagnostics(), solver.params().dt, erosion));
    for (int done = 0; done < steps;) {
        const int chunk = std::min(every, steps - done);
        const StepResult result = AdaptiveTimeStep::step(solver, chunk);
        for (const std::string& note : result.notes) notice(QString::fromStdString(note));
        if (!result.ok()) {
            fail(QString::fromStdString(result.error));
            return false;
        }
        done += chunk;
        printJsonLine(diagnosticsJson(solver.diagnostics(), solver.params().dt, erosion));
    }
    return true;
}

} // namespace rb::cli
