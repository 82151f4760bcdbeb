// Issue 13: the dye brush. A stroke across the lake dyes its water with one channel (one undoable
// command, within the water, booked in the channel's ledger), the view tints that water in the
// channel's colour (the tint is measured against a capture with the tint off), the legend shows
// the channel, undo takes the dye away (the capture is untinted again) and redo brings it back.
#include "GuiTestSupport.h"
#include "TestScenes.h"

#include "document/MapDocument.h"
#include "panels/DyeLegend.h"
#include "panels/StatisticsDock.h"
#include "tools/DyeBrushTool.h"
#include "tools/ToolManager.h"
#include "view/Viewport.h"

#include <QUndoStack>

using rb::guitest::LakeScene;

namespace {

// Pixels that are clearly redder in `tinted` than in `plain` (channel 0 tints red).
int reddened(const QImage& tinted, const QImage& plain)
{
    if (tinted.size() != plain.size()) return -1;
    int count = 0;
    for (int y = 0; y < tinted.height(); ++y)
        for (int x = 0; x < tinted.width(); ++x) {
            const QColor a = tinted.pixelColor(x, y), b = plain.pixelColor(x, y);
            count += a.red() - b.red() > 40 && b.blue() - a.blue() > 20 ? 1 : 0;
        }
    return count;
}

} // namespace

class DyeBrushTest : public QObject {
    Q_OBJECT

private:
    rb::guitest::Editor editor_;
    rb::editor::MainWindow* window() { return editor_.window.get(); }
    QUndoStack* stack() { return window()->document()->undoStack(); }

    rb::Map runnerMap()
    {
        const auto map = rb::guitest::readRunnerMap(*window());
        if (!map) qFatal("the runner did not hand over its map");
        return *map;
    }

    // A capture once the view shows the runner's newest state: reading the runner's map waits for
    // the edits before it, and the worker publishes the state it stopped at after every request.
    QImage settledCapture()
    {
        const auto before = window()->runner()->latestSnapshot();
        const std::uint64_t serial = before ? before->serial : 0;
        runnerMap();
        rb::guitest::waitForSnapshot(*window(), [serial](const rb::editor::SimulationSnapshot& s) { return s.serial > serial; }, 3000);
        QTest::qWait(300);
        const QImage image = rb::guitest::captureView(*window()->viewport(), 3);
        if (image.isNull()) qWarning("the capture did not complete");
        return image;
    }

private slots:
    void initTestCase()
    {
        editor_ = rb::guitest::openEditor(64);
        QVERIFY(rb::guitest::openMap(*window(), LakeScene::make()));
        rb::guitest::lookStraightDown(*window());
        window()->runner()->pause();
    }

    void cleanupTestCase()
    {
        QVERIFY2(editor_.errors->isEmpty(), qPrintable(editor_.errors->join("\n")));
        editor_.window.reset();
    }

    void strokeDyesTheLakeAndUndoTakesItBack()
    {
        auto* manager = window()->toolManager();
        auto* brush = static_cast<rb::tools::DyeBrushTool*>(manager->tool("dye"));
        QVERIFY(brush);
        manager->setActiveTool(brush);
        brush->setChannel(0);
        brush->setRadiusCells(5.0);
        brush->setStrength(1.0);
        brush->setFalloff(0.2);
        const QImage plain = settledCapture(); // with the tool's options bar showing, as the captures below
        QVERIFY(!plain.isNull());
        rb::guitest::dragThrough(*window(), {rb::guitest::pixelOfCell(*window(), 10, 22), rb::guitest::pixelOfCell(*window(), 16, 24),
                                             rb::guitest::pixelOfCell(*window(), 22, 26)});
        QCOMPARE(stack()->count(), 1);
        QCOMPARE(stack()->text(0), QString("Dye, channel 0"));

        const rb::Map dyed = runnerMap();
        QCOMPARE(static_cast<int>(dyed.state.dye.size()), 1);
        const double volume = dyed.state.dyeVolume(0);
        QVERIFY2(volume > 0.0, "the stroke dyed nothing");
        const float centre = dyed.state.dye[0](16, 24) / dyed.state.depth(16, 24);
        QVERIFY2(centre > 0.9f, qPrintable(QString("concentration at the stroke's middle %1").arg(centre)));
        QCOMPARE(dyed.state.dye[0](40, 10), 0.0f); // dry plateau: no water, no dye
        QVERIFY(dyed.validate().empty());          // 0 ≤ d ≤ h everywhere
        QVERIFY(std::abs(dyed.state.dyeLedgers[0].edited - volume) <= 1e-9 * volume);

        const QImage tinted = settledCapture();
        const int red = reddened(tinted, plain);
        qInfo("dyed %.3f m³; %d pixels tinted red (captures %dx%d, %dx%d)", volume, red, tinted.width(), tinted.height(), plain.width(), plain.height());
        QVERIFY2(red > 200, qPrintable(QString("only %1 pixels tinted").arg(red)));
        auto* legend = window()->statisticsDock()->dyeLegend();
        QTRY_VERIFY_WITH_TIMEOUT(legend->isVisible(), 5000);
        QVERIFY(legend->channelText(0).contains("m³"));

        window()->action("showDye")->trigger(); // View › Dye off: the same water, untinted
        QVERIFY(reddened(settledCapture(), plain) < red / 20);
        QVERIFY(!legend->isVisible());
        window()->action("showDye")->trigger();

        window()->action("undo")->trigger();
        const rb::Map undone = runnerMap();
        QCOMPARE(undone.state.dyeVolume(0), 0.0);
        QVERIFY(reddened(settledCapture(), plain) < red / 20);

        window()->action("redo")->trigger();
        const rb::Map redone = runnerMap();
        QVERIFY(std::abs(redone.state.dyeVolume(0) - volume) <= 1e-6 * volume);
        QVERIFY(reddened(settledCapture(), plain) > red / 2);
    }
};

RIVERBED_GUI_TEST_MAIN(DyeBrushTest)
#include "DyeBrushTest.moc"
