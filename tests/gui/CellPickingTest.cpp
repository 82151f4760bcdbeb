// The status bar's cell readout names the cell that is under the cursor: mouse moves over the 3D
// window at pixels where known cells project must report those cells with the model's values.
#include "GuiTestSupport.h"

#include "document/MapDocument.h"
#include "panels/EditorStatusBar.h"
#include "view/Viewport.h"

#include <QApplication>
#include <QLabel>
#include <QVector2D>

#include <cmath>
#include <QSignalSpy>

using rb::CellCoord;

class CellPickingTest : public QObject {
    Q_OBJECT

private:
    rb::guitest::Editor editor_;
    rb::editor::MainWindow* window() { return editor_.window.get(); }

    // The point of the surface the user sees at a cell: water surface where wet, else the bed.
    QVector3D surfacePoint(CellCoord cell)
    {
        const rb::MapState& state = window()->document()->map().state;
        const rb::WorldPoint p = state.lattice.worldPosition(cell.x, cell.y);
        const float depth = state.depth(cell.x, cell.y);
        const float height = state.bed(cell.x, cell.y) + (depth >= 0.01f ? depth : 0.0f);
        return QVector3D(static_cast<float>(p.x), height, static_cast<float>(p.y));
    }

    void expectReadoutAt(CellCoord cell)
    {
        rb::view::Viewport* viewport = window()->viewport();
        const auto pixel = viewport->projectToPixel(surfacePoint(cell));
        QVERIFY(pixel);
        QVERIFY(QRect(QPoint(0, 0), viewport->renderWindow()->size()).contains(*pixel));
        QTest::mouseMove(viewport->renderWindow(), *pixel);
        const QString expected = rb::panels::EditorStatusBar::describeCell(window()->document()->map().state, cell);
        const QString prefix = QString("x %1, y %2 ").arg(cell.x).arg(cell.y);
        QLabel* readout = window()->cellReadout();
        QVERIFY2(rb::guitest::waitUntil([&] { return readout->text().startsWith(prefix); }, 5000),
                 qPrintable(QString("cell (%1, %2) at pixel (%3, %4) read as '%5'")
                                .arg(cell.x).arg(cell.y).arg(pixel->x()).arg(pixel->y()).arg(readout->text())));
        QCOMPARE(readout->text(), expected);
        QVERIFY(expected.contains(QString("bed %1 m").arg(window()->document()->map().state.bed(cell.x, cell.y), 0, 'f', 2)));
    }

    // True when the straight line from the eye to the cell's surface point stays at least 1 m
    // above every cell it crosses (nearest-cell heights, independent of the picker's sampling).
    bool inPlainSight(CellCoord cell)
    {
        const rb::MapState& state = window()->document()->map().state;
        const QVector3D eye = window()->viewport()->camera().eye(), target = surfacePoint(cell);
        const float length = (target - eye).length();
        for (float t = 0.0f; t < length - 6.0f; t += 0.25f) {
            const QVector3D p = eye + (target - eye) * (t / length);
            const auto under = state.lattice.nearestCell({p.x(), p.z()});
            if (!under) continue;
            const float depth = state.depth(under->x, under->y);
            if (p.y() < state.bed(under->x, under->y) + (depth >= 0.01f ? depth : 0.0f) + 1.0f) return false;
        }
        return true;
    }

    // Dry land whose neighbours are within 1.5 m of it (a pixel's worth of error cannot slide off
    // it), the one farthest along `towards` (x east, z south); with `mustBeVisible`, only cells
    // the camera sees in plain sight.
    CellCoord gentleLandCell(QVector2D towards, bool mustBeVisible = false)
    {
        const rb::FloatField& bed = window()->document()->map().state.bed;
        std::optional<CellCoord> best;
        float bestScore = -1e30f;
        for (int y = 2; y < bed.height() - 2; ++y)
            for (int x = 2; x < bed.width() - 2; ++x) {
                float spread = 0.0f;
                for (int dy = -1; dy <= 1; ++dy)
                    for (int dx = -1; dx <= 1; ++dx) spread = std::max(spread, std::abs(bed(x + dx, y + dy) - bed(x, y)));
                const float score = towards.x() * static_cast<float>(x) + towards.y() * static_cast<float>(y);
                if (bed(x, y) > 1.0f && spread < 1.5f && score > bestScore && (!mustBeVisible || inPlainSight({x, y}))) {
                    best = CellCoord{x, y};
                    bestScore = score;
                }
            }
        if (!best) qFatal(mustBeVisible ? "no gentle land in plain sight" : "the island has no gentle land");
        return *best;
    }

private slots:
    void initTestCase()
    {
        editor_ = rb::guitest::openEditor(64, 2);
        QVERIFY(rb::guitest::waitForSnapshot(*window(), [](const rb::editor::SimulationSnapshot&) { return true; }));
    }

    void cleanupTestCase()
    {
        editor_.window.reset();
    }

    void straightDownReadsEveryProbedCell()
    {
        rb::view::Viewport* viewport = window()->viewport();
        const rb::Lattice& lattice = window()->document()->map().state.lattice;
        const QVector3D centre(static_cast<float>(lattice.worldWidth() / 2), 0.0f, static_cast<float>(lattice.worldHeight() / 2));
        viewport->camera().setView(centre, 3.5f * static_cast<float>(lattice.worldWidth()), 0.0f, 1.55f);
        viewport->applyCamera();
        for (CellCoord cell : {gentleLandCell({0.0f, 1.0f}), gentleLandCell({1.0f, 0.0f}), CellCoord{20, 31}, CellCoord{40, 12}, CellCoord{5, 50}})
            expectReadoutAt(cell);
    }

    void obliqueViewReadsTheNearShoreAndTheNearSea()
    {
        window()->viewport()->frameMap(); // the default, oblique view from the south-south-west
        const float yaw = window()->viewport()->camera().yaw();
        expectReadoutAt(gentleLandCell({std::sin(yaw), std::cos(yaw)}, /*mustBeVisible=*/true));
        expectReadoutAt(CellCoord{32, 62}); // the sea at the southern edge, nearest the camera
    }

    void triangleLatticeReadsTheRightVertex()
    {
        rb::gen::GeneratorSettings settings(rb::gen::Preset::Island);
        settings.common.width = 64;
        settings.common.height = 64;
        settings.common.lattice = rb::LatticeKind::Triangle;
        QSignalSpy finished(window(), &rb::editor::MainWindow::generationFinished);
        window()->generate(settings);
        QVERIFY(finished.wait(20000));
        QVERIFY(rb::guitest::waitForSnapshot(*window(), [](const rb::editor::SimulationSnapshot&) { return true; }));
        rb::view::Viewport* viewport = window()->viewport();
        const rb::Lattice& lattice = window()->document()->map().state.lattice;
        QCOMPARE(lattice.kind(), rb::LatticeKind::Triangle);
        const QVector3D centre(static_cast<float>(lattice.worldWidth() / 2), 0.0f, static_cast<float>(lattice.worldHeight() / 2));
        viewport->camera().setView(centre, 3.5f * static_cast<float>(lattice.worldWidth()), 0.0f, 1.55f);
        viewport->applyCamera();
        // Neighbouring vertices on an odd and an even row: the half-cell shift must be honoured.
        for (CellCoord cell : {CellCoord{30, 31}, CellCoord{30, 32}, CellCoord{31, 31}}) expectReadoutAt(cell);
    }
};

RIVERBED_GUI_TEST_MAIN(CellPickingTest)
#include "CellPickingTest.moc"
