// riverbed: the editor. Everything is in riverbed_editor; this reads the command line and starts it.
#include "BuildInfo.h"
#include "editor/MainWindow.h"
#include "editor/SmokeCheck.h"
#include "solver/OpenMpWaitPolicy.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QSettings>
#include <QTimer>

#include <csignal>

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
}

constexpr int kSmokeTestTimeoutMs = 120000; // a cold start on a busy 2-core machine under Xvfb takes ~10 s

} // namespace

int main(int argc, char* argv[])
{
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

    rb::editor::EditorOptions options;
    if (!parser.positionalArguments().isEmpty()) options.startFile = parser.positionalArguments().first();
    options.startPlaying = parser.isSet("play");
    rb::editor::MainWindow window(options);
    UserPrompts prompts = UserPrompts::dialogs();
    if (const auto answer = recoveryAnswer(parser)) prompts.askRecovery = UserPrompts::answerRecovery(*answer);
    rb::editor::SmokeCheck* smokeCheck = nullptr; // owned by the window
    if (parser.isSet("smoke-test")) smokeCheck = new rb::editor::SmokeCheck(window, kSmokeTestTimeoutMs);
    window.setPrompts(smokeCheck ? smokeCheck->failingOnErrors(prompts) : prompts);
    if (!window.restoreGeometry(QSettings().value("window/geometry").toByteArray())) window.resize(1280, 800);
    window.show();
    // Over the window, once it shows. The smoke test leaves a user's autosaves alone.
    if (!smokeCheck) QTimer::singleShot(0, &window, [&window] { window.offerRecovery(); });
    return QApplication::exec();
}
