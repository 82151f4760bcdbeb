// riverbed: the editor. Everything is in riverbed_editor; this reads the command line and starts it.
#include "BuildInfo.h"
#include "editor/LiveMeasure.h"
#include "editor/MainWindow.h"
#include "editor/SmokeCheck.h"
#include "solver/OpenMpWaitPolicy.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QSettings>
#include <QTimer>

#include <csignal>
#include <cstdio>
#include <cstdlib>

namespace {

using rb::editor::UserPrompts;

// `--recover` / `--discard-recovery`, or RIVERBED_AUTO_RECOVER=restore|discard (1|0): an
// autosave left by a crash is restored or deleted without the question (scripts and tests).
std::optional<UserPrompts::Recovery> recoveryAnswer(const QCommandLineParser& parser)
{
    if (parser.isSet("recover")) return UserPrompts::Recovery::Restore;
    if (parser.isSet("discard-recovery")) return UserPrompts::Recovery::Discard;
    const QString variable = qEnvironmentVariable("RIVERBED_AUTO_RECOVER").trimmed().toLower();
    if (variable == "restore" || variable == "1" || variable == "yes") return UserPrompts::Recovery::Restore;
    if (variable == "discard" || variable == "0" || variable == "no") return UserPrompts::Recovery::Discard;
    return std::nullopt;
}

void describeCommandLine(QCommandLineParser& parser)
{
    parser.setApplicationDescription("Riverbed: terrain with water on it. Without MAP, a generated island.");
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument("MAP", "An .rbmap file to open.", "[MAP]");
    parser.addOption({"play", "Start the simulation as soon as the map is in place."});
    parser.addOption({"recover", "Restore the newest autosave a crash left, without asking."});
    parser.addOption({"discard-recovery", "Delete the autosaves a crash left, without asking."});
    parser.addOption({"smoke-test", "Open the window, generate the start-up island (or open MAP), draw it and quit: "
                                    "exit status 0 once the map is on screen, 1 on failure or after 120 s (install checks)."});
    parser.addOption({"measure", "Open MAP, play it --seconds N, then step it as long with no view; print one JSON line "
                                 "(open_seconds, steps_per_second, frames_per_second, headless_steps_per_second) and quit.",
                      "MAP"});
    parser.addOption({"model", "With --measure: the flow model to play (pipes or momentum; default: the map's).", "MODEL"});
    parser.addOption({"seconds", "With --measure: seconds of play, and of headless stepping (default 10).", "N", "10"});
}

// `--measure`'s options, or why they are wrong (the program then exits with status 2, as a usage error).
std::optional<rb::editor::LiveMeasure::Options> measureOptions(const QCommandLineParser& parser, QString& error)
{
    rb::editor::LiveMeasure::Options options;
    if (parser.isSet("model")) {
        options.model = rb::parseFlowModel(parser.value("model").toStdString());
        if (!options.model) {
            error = "--model takes pipes or momentum";
            return std::nullopt;
        }
    }
    bool ok = false;
    options.seconds = parser.value("seconds").toDouble(&ok);
    if (!ok || !(options.seconds > 0.0) || options.seconds > 3600.0) {
        error = "--seconds takes a number of seconds above 0 (at most 3600)";
        return std::nullopt;
    }
    return options;
}

constexpr int kSmokeTestTimeoutMs = 120000; // a cold start on a busy 2-core machine under Xvfb takes ~10 s

} // namespace

int main(int argc, char* argv[])
{
    QElapsedTimer sinceStart; // --measure's open time counts the program's start-up too
    sinceStart.start();
    rb::preferSleepingOpenMpWorkers(argv);
    // Past a file-size limit (ulimit -f) a write then fails with EFBIG and the save reports it,
    // keeping the old file, instead of the signal killing the editor with the work unsaved.
    std::signal(SIGXFSZ, SIG_IGN);
    // Qt 6.4's RHI renderer for Qt 3D draws captures upside down; the OpenGL one is exact.
    if (qEnvironmentVariableIsEmpty("QT3D_RENDERER")) qputenv("QT3D_RENDERER", "opengl");
    QApplication app(argc, argv);
    QApplication::setOrganizationName("Riverbed");
    QApplication::setApplicationName("Riverbed");
    QApplication::setApplicationVersion(rb::build::kVersion);
    QApplication::setDesktopFileName(rb::build::kAppId); // the desktop shell matches the window to its launcher and icon
    QCommandLineParser parser;
    describeCommandLine(parser);
    parser.process(app);

    const bool measuring = parser.isSet("measure");
    std::optional<rb::editor::LiveMeasure::Options> measure;
    if (measuring) {
        QString error;
        measure = measureOptions(parser, error);
        if (!measure) {
            std::fprintf(stderr, "riverbed: %s\n", qPrintable(error));
            return 2;
        }
    }

    rb::editor::EditorOptions options;
    if (!parser.positionalArguments().isEmpty()) options.startFile = parser.positionalArguments().first();
    if (measuring) options.startFile = parser.value("measure");
    options.startPlaying = parser.isSet("play") && !measuring;
    rb::editor::MainWindow window(options);
    UserPrompts prompts = UserPrompts::dialogs();
    if (const auto answer = recoveryAnswer(parser)) prompts.askRecovery = UserPrompts::answerRecovery(*answer);
    rb::editor::SmokeCheck* smokeCheck = nullptr; // owned by the window
    if (parser.isSet("smoke-test")) smokeCheck = new rb::editor::SmokeCheck(window, kSmokeTestTimeoutMs);
    if (measuring) {
        auto* measurement = new rb::editor::LiveMeasure(window, *measure, sinceStart); // owned by the window
        window.setPrompts(measurement->failingOnErrors(prompts));
    } else {
        window.setPrompts(smokeCheck ? smokeCheck->failingOnErrors(prompts) : prompts);
    }
    // A measurement's figures depend on the window's size: always the same one.
    if (measuring || !window.restoreGeometry(QSettings().value("window/geometry").toByteArray())) window.resize(1280, 800);
    window.show();
    // Over the window, once it shows. The smoke test and measurements leave a user's autosaves alone.
    if (!smokeCheck && !measuring) QTimer::singleShot(0, &window, [&window] { window.offerRecovery(); });
    return QApplication::exec();
}
