// View › River network: switched on, the editor computes the running water's river network off
// the GUI thread and draws its centre lines over the view; switched off, they go.
#include "GuiTestSupport.h"
#include "TestScenes.h"

#include "document/SimulationRunner.h"
#include "view/Viewport.h"

#include <QAction>

class RiverNetworkTest : public QObject {
    Q_OBJECT

private:
    rb::guitest::Editor editor_;

    // A straight channel 8 cells wide across the flat basin, fed through its west end and drained
    // through its east end.
    static rb::Map channelMap()
    {
        rb::Map map = rb::guitest::flatWalledBasin();
        constexpr int kFirstRow = 20, kLastRow = 27;
        const rb::Lattice& lattice = map.state.lattice;
        for (int y = kFirstRow; y <= kLastRow; ++y)
            for (int x = 0; x < lattice.width(); ++x) {
                map.state.bed(x, y) = -1.0f;
                map.state.depth(x, y) = 1.0f;
            }
        map.boundary = {{rb::Side::West, kFirstRow, kLastRow, rb::BoundaryType::Inflow, 8.0},
                        {rb::Side::East, kFirstRow, kLastRow, rb::BoundaryType::Outflow, 0.0}};
        return map;
    }

private slots:
    void initTestCase() { editor_ = rb::guitest::openEditor(32); }

    void drawsTheRunningRiverAndHidesItAgain()
    {
        QVERIFY(rb::guitest::openMap(*editor_.window, channelMap()));
        rb::view::Viewport* viewport = editor_.window->viewport();
        QAction* toggle = editor_.window->action("riverNetwork");
        QVERIFY(toggle && toggle->isCheckable() && !toggle->isChecked());
        const int withoutRivers = viewport->overlayVertexCount();
        QVERIFY(viewport->waterFeatures() == nullptr);

        editor_.window->runner()->play();
        QTest::qWait(1500); // the inflow gets going
        toggle->setChecked(true);
        const bool drawn = rb::guitest::waitUntil([&] {
            const rb::analysis::WaterFeatures* features = viewport->waterFeatures();
            return features && !features->rivers.empty() && features->rivers.front().points.size() >= 10;
        });
        editor_.window->runner()->pause();
        QVERIFY2(drawn, qPrintable(editor_.errors->join(";")));
        const rb::analysis::River& river = viewport->waterFeatures()->rivers.front();
        // Two vertices per segment of the centre line, on top of the boundary's lines.
        QVERIFY(viewport->overlayVertexCount() >= withoutRivers + 2 * static_cast<int>(river.points.size() - 1));
        // West to east along the channel (rows 20..27: y from 40 to 56 m), carrying water.
        QVERIFY(river.points.back().x > river.points.front().x);
        for (const rb::analysis::RiverPoint& p : river.points) {
            QVERIFY2(p.y > 40.0 && p.y < 56.0, qPrintable(QString::number(p.y)));
            QVERIFY(p.discharge > 0.0);
        }

        toggle->setChecked(false);
        QVERIFY(viewport->waterFeatures() == nullptr);
        QCOMPARE(viewport->overlayVertexCount(), withoutRivers);
    }
};

RIVERBED_GUI_TEST_MAIN(RiverNetworkTest)
#include "RiverNetworkTest.moc"
