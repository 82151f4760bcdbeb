// The 3D view's camera (issue 32): the wheel zooms towards the point under the cursor and stops
// above the ground, never into a blank view; Shift+T looks straight down with north up; a drag
// turns the view at a steady quarter degree per pixel; the north arrow turns with the camera.
#include "GuiTestSupport.h"

#include "dialogs/ShortcutsDialog.h"
#include "document/MapDocument.h"
#include "document/SimulationRunner.h"
#include "tools/AbstractTool.h"
#include "tools/ToolManager.h"
#include "view/NorthArrow.h"
#include "view/Viewport.h"

#include <QAction>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace {

constexpr float kPi = 3.14159265f;

void wheel(QWindow* window, QPoint pixel, int steps)
{
    QWheelEvent event(QPointF(pixel), QPointF(window->mapToGlobal(pixel)), QPoint(), QPoint(0, 120 * steps), Qt::NoButton, Qt::NoModifier,
                      Qt::NoScrollPhase, false);
    QCoreApplication::sendEvent(window, &event);
}

// Degrees clockwise from screen up of the direction from pixel a to pixel b.
double screenAngle(QPoint a, QPoint b)
{
    return std::atan2(static_cast<double>(b.x() - a.x()), static_cast<double>(a.y() - b.y())) * 180.0 / kPi;
}

double angleDifference(double a, double b)
{
    return std::abs(std::remainder(a - b, 360.0));
}

} // namespace

class CameraTest : public QObject {
    Q_OBJECT

private:
    rb::guitest::Editor editor_;
    rb::editor::MainWindow* window() { return editor_.window.get(); }
    rb::view::Viewport* viewport() { return window()->viewport(); }
    rb::view::OrbitCamera& camera() { return viewport()->camera(); }

    // The eye is at least the margin above the drawn surface (where it is over the map).
    bool eyeAboveGround(QString& why)
    {
        const QVector3D eye = camera().eye();
        const auto ground = viewport()->picker().surfaceHeight(eye.x(), eye.z());
        why = QString("eye (%1, %2, %3), ground %4, margin %5")
                  .arg(eye.x()).arg(eye.y()).arg(eye.z()).arg(ground ? QString::number(*ground) : "off the map").arg(camera().groundMargin());
        return !ground || eye.y() >= *ground + 0.999f * camera().groundMargin();
    }

    // Many wheel steps in at `pixel`: after every one a cell stays under it and the eye above the
    // ground; the point under the cursor stays where it was; the camera ends close to it.
    void zoomInAt(QPoint pixel)
    {
        const auto first = viewport()->pickAt(pixel);
        QVERIFY2(first, "the pixel shows the map before zooming");
        for (int step = 0; step < 120; ++step) {
            wheel(viewport()->renderWindow(), pixel, 1);
            const auto under = viewport()->pickAt(pixel);
            QVERIFY2(under, qPrintable(QString("no cell under the cursor after %1 wheel steps").arg(step + 1)));
            QString why;
            QVERIFY2(eyeAboveGround(why), qPrintable(QString("after %1 wheel steps: %2").arg(step + 1).arg(why)));
        }
        const auto last = viewport()->pickAt(pixel);
        const float cell = static_cast<float>(window()->document()->map().state.lattice.cellSize());
        QVERIFY2((last->point - first->point).length() < 2.0f * cell,
                 qPrintable(QString("the point under the cursor moved %1 m").arg((last->point - first->point).length())));
        const float closeness = (camera().eye() - last->point).length();
        const QVector3D eye = camera().eye();
        qInfo("zoomed at (%d, %d): the point under the cursor moved %.2f m; the eye stopped %.2f m from it, %.2f m above the ground (margin %.2f m)",
              pixel.x(), pixel.y(), static_cast<double>((last->point - first->point).length()), static_cast<double>(closeness),
              static_cast<double>(eye.y() - viewport()->picker().surfaceHeight(eye.x(), eye.z()).value_or(NAN)), static_cast<double>(camera().groundMargin()));
        QVERIFY2(closeness < 3.0f * camera().groundMargin() + 1.0f, qPrintable(QString("stopped %1 m away").arg(closeness)));
    }

private slots:
    void initTestCase()
    {
        editor_ = rb::guitest::openEditor(64);
        window()->runner()->pause(); // the surface stays put while the camera moves over it
        QTest::qWait(100);
        window()->toolManager()->setActiveTool(window()->toolManager()->tool("navigate"));
    }

    void init() { viewport()->frameMap(); }

    void wheelZoomStopsAboveTheGroundUnderTheCursor()
    {
        const QSize size = viewport()->renderWindow()->size();
        zoomInAt(QPoint(size.width() / 2, size.height() / 2));
        if (QTest::currentTestFailed()) return;
        viewport()->frameMap();
        // The map's highest cell, where a zoom through the slope used to end in the sky-blue inside.
        const rb::MapState& state = window()->document()->map().state;
        const auto peak = std::max_element(state.bed.values().begin(), state.bed.values().end()) - state.bed.values().begin();
        const QPoint peakPixel = rb::guitest::pixelOfCell(*window(), static_cast<int>(peak % state.bed.width()), static_cast<int>(peak / state.bed.width()));
        zoomInAt(peakPixel + QPoint(0, 3));
    }

    // Over the sky there is nothing under the cursor: the zoom closes in on the target, which a
    // grazing view can put inside a hill; the eye stops above the ground on the way.
    void zoomOverTheSkyStopsAboveTheGround()
    {
        const rb::MapState& state = window()->document()->map().state;
        const auto peak = std::max_element(state.bed.values().begin(), state.bed.values().end()) - state.bed.values().begin();
        const auto p = state.lattice.worldPosition(static_cast<int>(peak % state.bed.width()), static_cast<int>(peak / state.bed.width()));
        const QVector3D insideTheHill(static_cast<float>(p.x), 0.0f, static_cast<float>(p.y));
        camera().setView(insideTheHill, static_cast<float>(state.lattice.worldWidth()), 0.3f, 0.12f);
        viewport()->applyCamera();
        QString why;
        QVERIFY2(eyeAboveGround(why), qPrintable(why));
        const QPoint sky(viewport()->renderWindow()->width() / 2, 2);
        for (int step = 0; step < 120; ++step) {
            wheel(viewport()->renderWindow(), sky, 1);
            QVERIFY2(eyeAboveGround(why), qPrintable(QString("after %1 wheel steps: %2").arg(step + 1).arg(why)));
        }
        const QSize size = viewport()->renderWindow()->size();
        QVERIFY2(viewport()->pickAt(QPoint(size.width() / 2, size.height() - 5)), "the ground is still in view");
    }

    // Shift+T (T alone is the Flatten tool's): the view direction straight down, north at the top.
    void shiftTLooksStraightDownNorthUp()
    {
        camera().setView(camera().target(), camera().distance(), 2.0f, 0.4f);
        viewport()->applyCamera();
        QVERIFY(rb::guitest::activate(*window()));
        QTest::keyClick(window(), Qt::Key_T, Qt::ShiftModifier);
        const QVector3D forward = (camera().target() - camera().eye()).normalized();
        QVERIFY2((forward - QVector3D(0.0f, -1.0f, 0.0f)).length() < 1e-4f,
                 qPrintable(QString("looking along (%1, %2, %3)").arg(forward.x()).arg(forward.y()).arg(forward.z())));
        const auto centre = viewport()->projectToPixel(camera().target());
        const auto north = viewport()->projectToPixel(camera().target() + QVector3D(0.0f, 0.0f, -50.0f));
        QVERIFY(centre && north);
        QVERIFY2(std::abs(north->x() - centre->x()) <= 1 && north->y() < centre->y() - 10,
                 qPrintable(QString("north at (%1, %2) from the centre (%3, %4)").arg(north->x()).arg(north->y()).arg(centre->x()).arg(centre->y())));
        QVERIFY(viewport()->pickAt(*centre)); // a map under the centre, not a degenerate view
        QTest::keyClick(window(), Qt::Key_T); // still the Flatten tool's key
        QCOMPARE(window()->toolManager()->activeTool()->id(), QString("flatten"));
        window()->toolManager()->setActiveTool(window()->toolManager()->tool("navigate"));

        window()->action("keyboardShortcuts")->trigger();
        auto* shortcuts = window()->findChild<rb::editor::ShortcutsDialog*>();
        QVERIFY(shortcuts);
        QCOMPARE(shortcuts->keysFor("Top view"), QKeySequence(Qt::SHIFT | Qt::Key_T).toString(QKeySequence::NativeText));
        shortcuts->close();
    }

    // A known drag gives a known turn: 120 px across is 30°, 40 px down tilts 10° (±0.5°).
    void dragTurnsAQuarterDegreePerPixel()
    {
        camera().setView(camera().target(), camera().distance(), 0.2f, 0.6f);
        viewport()->applyCamera();
        const QPoint centre(viewport()->renderWindow()->width() / 2, viewport()->renderWindow()->height() / 2);
        const float yaw = camera().yaw();
        rb::guitest::dragThrough(*window(), {centre, centre + QPoint(120, 0)}, 12);
        const float turned = (camera().yaw() - yaw) * 180.0f / kPi;
        QVERIFY2(std::abs(std::abs(camera().yaw() - yaw) * 180.0f / kPi - 30.0f) <= 0.5f,
                 qPrintable(QString("turned %1°").arg((camera().yaw() - yaw) * 180.0f / kPi)));
        const float pitch = camera().pitch();
        rb::guitest::dragThrough(*window(), {centre, centre + QPoint(0, 40)}, 8);
        const float tilted = (camera().pitch() - pitch) * 180.0f / kPi;
        QVERIFY2(std::abs(std::abs(camera().pitch() - pitch) * 180.0f / kPi - 10.0f) <= 0.5f,
                 qPrintable(QString("tilted %1°").arg((camera().pitch() - pitch) * 180.0f / kPi)));
        // The case: a middle drag of 25 px with an editing tool active (the left button
        // the tool's) turned the view about 67°; it is 6.25°.
        auto* manager = window()->toolManager();
        manager->setActiveTool(manager->tool("raise"));
        QWindow* view = viewport()->renderWindow();
        const float before = camera().yaw();
        QTest::mouseMove(view, centre);
        QTest::mousePress(view, Qt::MiddleButton, Qt::NoModifier, centre);
        for (int dx = 5; dx <= 25; dx += 5) QTest::mouseMove(view, centre + QPoint(dx, 0));
        QTest::mouseRelease(view, Qt::MiddleButton, Qt::NoModifier, centre + QPoint(25, 0));
        manager->setActiveTool(manager->tool("navigate"));
        qInfo("turns: 120 px across %.2f°, 40 px down %.2f°, 25 px middle drag %.2f°", static_cast<double>(std::abs(turned)),
              static_cast<double>(std::abs(tilted)), static_cast<double>(std::abs(camera().yaw() - before) * 180.0f / kPi));
        QVERIFY2(std::abs(std::abs(camera().yaw() - before) * 180.0f / kPi - 6.25f) <= 0.5f,
                 qPrintable(QString("a 25 px middle drag turned %1°").arg((camera().yaw() - before) * 180.0f / kPi)));
    }

    // Looking straight down, the arrow points where north is on screen, whatever the yaw; it sits
    // in the view's top-right corner.
    void northArrowTurnsWithTheCamera()
    {
        const rb::view::NorthArrow* arrow = viewport()->northArrow();
        QVERIFY(arrow && arrow->isVisible());
        QVERIFY(viewport()->rect().contains(arrow->geometry()));
        QVERIFY(arrow->geometry().center().x() > viewport()->width() / 2 && arrow->geometry().center().y() < viewport()->height() / 2);
        viewport()->topView();
        for (float yaw : {0.0f, 0.7f, 2.0f, -1.2f, 3.0f}) {
            camera().setView(camera().target(), camera().distance(), yaw, camera().pitch());
            viewport()->applyCamera();
            const auto centre = viewport()->projectToPixel(camera().target());
            const auto north = viewport()->projectToPixel(camera().target() + QVector3D(0.0f, 0.0f, -100.0f));
            QVERIFY(centre && north);
            const double onScreen = screenAngle(*centre, *north);
            QVERIFY2(angleDifference(arrow->angleDegrees(), onScreen) < 2.0,
                     qPrintable(QString("yaw %1: arrow at %2°, north on screen at %3°").arg(yaw).arg(arrow->angleDegrees()).arg(onScreen)));
        }
    }
};

RIVERBED_GUI_TEST_MAIN(CameraTest)
#include "CameraTest.moc"
