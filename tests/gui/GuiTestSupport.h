#pragma once

#include "editor/MainWindow.h"
#include "document/SimulationRunner.h"

#include <QImage>
#include <QStringList>
#include <QTest>

#include <functional>
#include <memory>

namespace rb::view {
class Viewport;
}

namespace rb::guitest {

// Before QApplication: Qt 3D's OpenGL renderer (the RHI one captures upside down in Qt 6.4).
void prepareEnvironment();
// After QApplication: settings go to a test location, not the user's.
void configureApplication();

// A shown editor on a small start-up island whose dialogs answer themselves: "discard" to the
// unsaved-changes question, and errors collected in `errors` instead of shown.
struct Editor {
    std::unique_ptr<editor::MainWindow> window;
    std::shared_ptr<QStringList> errors = std::make_shared<QStringList>();
};
Editor openEditor(int startSize, std::int64_t seed = 1, QSize size = QSize(1100, 700), double cellSize = 4.0);

// Polls the event loop until `ready` or the timeout; returns whether it became true.
bool waitUntil(const std::function<bool()>& ready, int timeoutMs = 20000);

// The newest snapshot of the map on screen satisfying `ready`, or null after the timeout.
std::shared_ptr<const editor::SimulationSnapshot> waitForSnapshot(
    editor::MainWindow& window, const std::function<bool(const editor::SimulationSnapshot&)>& ready, int timeoutMs = 20000);

// The runner's full map, read at a step boundary.
std::optional<Map> readRunnerMap(editor::MainWindow& window, int timeoutMs = 20000);

// Puts `map` into the editor through a file (as File › Open would) and waits until the runner
// publishes it. Returns false (with a warning) if it did not arrive.
bool openMap(editor::MainWindow& window, const Map& map);

// Makes the editor the active window through the window system (so key presses reach shortcuts).
bool activate(editor::MainWindow& window);

// Runs `steps` steps and returns the runner's map afterwards.
std::optional<Map> simulate(editor::MainWindow& window, int steps, int timeoutMs = 60000);

// What the 3D view shows: the last of `frames` render captures (the first frames may predate the
// last change); a null image, with a warning, if a capture does not complete within 20 s.
QImage captureView(view::Viewport& viewport, int frames = 2);

// Looks straight down at the map's centre from high enough to see all of it.
void lookStraightDown(editor::MainWindow& window);

// The pixel of the 3D window where a cell's bed projects.
QPoint pixelOfCell(editor::MainWindow& window, int x, int y);

// A left-button drag through the 3D window: press at the first point, moves through the others
// (`substeps` moves between two points), release at the last.
void dragThrough(editor::MainWindow& window, const QList<QPoint>& points, int substeps = 4);

// The child of `parent` named `name` (findChild), with a warning naming it when there is none, so
// that a renamed widget fails its test with a reason rather than a null dereference.
template <typename Widget>
Widget* namedChild(QObject* parent, const QString& name)
{
    auto* widget = parent->findChild<Widget*>(name);
    if (!widget) qWarning("no %s in %s", qPrintable(name), qPrintable(parent->objectName()));
    return widget;
}

} // namespace rb::guitest

#define RIVERBED_GUI_TEST_MAIN(TestObject)                                                                             \
    int main(int argc, char** argv)                                                                                    \
    {                                                                                                                  \
        rb::guitest::prepareEnvironment();                                                                             \
        QApplication app(argc, argv);                                                                                  \
        rb::guitest::configureApplication();                                                                           \
        TestObject test;                                                                                               \
        return QTest::qExec(&test, argc, argv);                                                                        \
    }
