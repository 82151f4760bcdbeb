#include "GuiTestSupport.h"

#include "document/MapDocument.h"
#include "io/map/MapFile.h"
#include "view/Viewport.h"

#include <Qt3DRender/QRenderCapture>

#include <QApplication>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>

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
    // The start-up island is generated and the OpenCL devices listed in the background.
    if (!waitUntil([&] { return editor.window->currentMapId() != 0 && !editor.window->isBusy(); }))
        qWarning("the editor did not finish starting up");
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

bool openMap(editor::MainWindow& window, const Map& map)
{
    QTemporaryDir dir;
    const QString path = dir.filePath("test.rbmap");
    QString error;
    if (!io::writeMapFile(path, map, &error)) {
        qWarning("cannot write the test map: %s", qPrintable(error));
        return false;
    }
    QSignalSpy loaded(&window, &editor::MainWindow::mapLoaded);
    window.openFile(path);
    if (!loaded.wait(20000)) return false;
    return waitForSnapshot(window, [](const editor::SimulationSnapshot&) { return true; }) != nullptr;
}

bool activate(editor::MainWindow& window)
{
    // Xvfb has no window manager: activation is our own request, and on a busy machine (CI runs
    // GUI tests two at a time beside the solver's) it can take longer than Qt's 5 s default. Ask
    // again, and wait up to 30 s in all.
    for (int attempt = 0; attempt < 3; ++attempt) {
        QApplication::setActiveWindow(&window);
        window.windowHandle()->requestActivate();
        if (QTest::qWaitForWindowActive(&window, 10000)) return true;
    }
    return false;
}

std::optional<Map> simulate(editor::MainWindow& window, int steps, int timeoutMs)
{
    const auto before = readRunnerMap(window);
    if (!before) return std::nullopt;
    const std::int64_t target = before->state.steps + steps;
    window.runner()->step(steps);
    if (!waitForSnapshot(window, [&](const editor::SimulationSnapshot& s) { return s.diagnostics.steps >= target; }, timeoutMs))
        return std::nullopt;
    return readRunnerMap(window);
}

void lookStraightDown(editor::MainWindow& window)
{
    view::Viewport* viewport = window.viewport();
    const Lattice& lattice = window.document()->map().state.lattice;
    const QVector3D centre(static_cast<float>(lattice.worldWidth() / 2), 0.0f, static_cast<float>(lattice.worldHeight() / 2));
    viewport->camera().setView(centre, 3.0f * static_cast<float>(std::max(lattice.worldWidth(), lattice.worldHeight())), 0.0f, 1.55f);
    viewport->applyCamera();
}

QPoint pixelOfCell(editor::MainWindow& window, int x, int y)
{
    const MapState& state = window.document()->map().state;
    const WorldPoint p = state.lattice.worldPosition(x, y);
    const auto pixel = window.viewport()->projectToPixel(QVector3D(static_cast<float>(p.x), state.bed(x, y), static_cast<float>(p.y)));
    return pixel.value_or(QPoint(-1, -1));
}

void dragThrough(editor::MainWindow& window, const QList<QPoint>& points, int substeps)
{
    QWindow* target = window.viewport()->renderWindow();
    QTest::mouseMove(target, points.front());
    QTest::mousePress(target, Qt::LeftButton, Qt::NoModifier, points.front());
    for (qsizetype i = 1; i < points.size(); ++i)
        for (int k = 1; k <= substeps; ++k) {
            const QPointF a = points[i - 1], b = points[i];
            QTest::mouseMove(target, (a + (b - a) * (static_cast<double>(k) / substeps)).toPoint());
        }
    QTest::mouseRelease(target, Qt::LeftButton, Qt::NoModifier, points.back());
}

QImage captureView(view::Viewport& viewport, int frames)
{
    QImage image;
    for (int frame = 0; frame < frames; ++frame) {
        Qt3DRender::QRenderCaptureReply* reply = viewport.requestCapture();
        QSignalSpy completed(reply, &Qt3DRender::QRenderCaptureReply::completed);
        if (!completed.wait(20000)) {
            qWarning("the render capture did not complete");
            delete reply;
            return {};
        }
        image = reply->image().convertToFormat(QImage::Format_RGB32);
        delete reply;
    }
    return image;
}

} // namespace rb::guitest
