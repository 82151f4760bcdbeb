#include "GuiTestSupport.h"

#include <QApplication>
#include <QStandardPaths>

namespace rb::guitest {

void prepareEnvironment()
{
    if (qEnvironmentVariableIsEmpty("QT3D_RENDERER")) qputenv("QT3D_RENDERER", "opengl");
}

void configureApplication()
{
    QStandardPaths::setTestModeEnabled(true);
    QApplication::setOrganizationName("RiverbedGuiTests");
    QApplication::setApplicationName("RiverbedGuiTests");
}

Editor openEditor(int startSize, std::int64_t seed, QSize size, double cellSize)
{
    Editor editor;
    editor::EditorOptions options;
    options.startSize = startSize;
    options.startSeed = seed;
    options.startCellSize = cellSize;
    options.restoreLayout = false;
    editor.window = std::make_unique<editor::MainWindow>(options);
    editor::UserPrompts prompts;
    prompts.askUnsaved = [](QWidget*, const QString&, const QString&) { return editor::UserPrompts::Unsaved::Discard; };
    prompts.showError = [errors = editor.errors](QWidget*, const QString& title, const QString& message) {
        errors->append(title + ": " + message);
    };
    editor.window->setPrompts(prompts);
    editor.window->resize(size);
    editor.window->show();
    if (!QTest::qWaitForWindowExposed(editor.window.get())) qWarning("the editor window was not exposed");
    return editor;
}

bool waitUntil(const std::function<bool()>& ready, int timeoutMs)
{
    QElapsedTimer timer;
    timer.start();
    while (!ready()) {
        if (timer.elapsed() > timeoutMs) return false;
        QTest::qWait(10);
    }
    return true;
}

std::shared_ptr<const editor::SimulationSnapshot> waitForSnapshot(
    editor::MainWindow& window, const std::function<bool(const editor::SimulationSnapshot&)>& ready, int timeoutMs)
{
    std::shared_ptr<const editor::SimulationSnapshot> found;
    waitUntil(
        [&] {
            auto snapshot = window.runner()->latestSnapshot();
            if (snapshot && snapshot->mapId == window.currentMapId() && ready(*snapshot)) found = snapshot;
            return found != nullptr;
        },
        timeoutMs);
    return found;
}

std::optional<Map> readRunnerMap(editor::MainWindow& window, int timeoutMs)
{
    auto result = std::make_shared<std::optional<Map>>();
    window.runner()->requestMap([result](Map map) { *result = std::move(map); });
    waitUntil([&] { return result->has_value(); }, timeoutMs);
    return *result;
}

} // namespace rb::guitest
