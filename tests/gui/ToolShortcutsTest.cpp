// Tools are picked by their keys: each shortcut, pressed as a real key in the editor window, makes
// its tool active, its toolbar button checked, the options bar show that tool's settings and the
// status bar its hint; '[' and ']' resize the brush; every tool's tooltip names its key.
#include "GuiTestSupport.h"

#include "document/MapDocument.h"
#include "panels/ToolOptionsBar.h"
#include "tools/AbstractTool.h"
#include "tools/BrushTool.h"
#include "tools/ToolManager.h"
#include "view/Viewport.h"

#include <QAction>
#include <QActionGroup>
#include <QDoubleSpinBox>
#include <QStatusBar>

#include <cmath>

class ToolShortcutsTest : public QObject {
    Q_OBJECT

private:
    rb::guitest::Editor editor_;
    rb::editor::MainWindow* window() { return editor_.window.get(); }

    void press(Qt::Key key)
    {
        window()->viewport()->setFocus();
        QTest::keyClick(window()->windowHandle(), key);
    }

private slots:
    void initTestCase()
    {
        editor_ = rb::guitest::openEditor(64);
        QVERIFY(rb::guitest::activate(*window()));
    }

    void cleanupTestCase()
    {
        editor_.window.reset();
    }

    void everyShortcutSwitchesToItsTool_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<int>("key");
        QTest::addColumn<QString>("setting"); // a spin box or combo the options bar must show
        QTest::addColumn<QString>("name");    // as the toolbar and the menu show it
        QTest::newRow("raise") << "raise" << int(Qt::Key_R) << "radius" << "Raise terrain";
        QTest::newRow("lower") << "lower" << int(Qt::Key_L) << "strength" << "Lower terrain";
        QTest::newRow("dig") << "digChannel" << int(Qt::Key_C) << "width" << "Dig channel";
        QTest::newRow("smooth") << "smooth" << int(Qt::Key_S) << "falloff" << "Smooth terrain";
        QTest::newRow("flatten") << "flatten" << int(Qt::Key_T) << "strength" << "Flatten terrain";
        QTest::newRow("set height") << "setHeight" << int(Qt::Key_H) << "height" << "Set height";
        QTest::newRow("add water") << "addWater" << int(Qt::Key_W) << "radius" << "Add water";
        QTest::newRow("remove water") << "removeWater" << int(Qt::Key_E) << "radius" << "Remove water";
        QTest::newRow("springs") << "sources" << int(Qt::Key_P) << "rate" << "Springs and drains";
        QTest::newRow("boundary") << "boundary" << int(Qt::Key_B) << "boundaryType" << "Boundary";
        QTest::newRow("navigate") << "navigate" << int(Qt::Key_Q) << "" << "Navigate";
    }

    void everyShortcutSwitchesToItsTool()
    {
        QFETCH(QString, id);
        QFETCH(int, key);
        QFETCH(QString, setting);
        QFETCH(QString, name);
        rb::tools::ToolManager* manager = window()->toolManager();
        rb::tools::AbstractTool* tool = manager->tool(id);
        QVERIFY(tool);
        QCOMPARE(tool->name(), name);
        QCOMPARE(tool->shortcut(), QKeySequence(key));
        press(static_cast<Qt::Key>(key));
        QCOMPARE(manager->activeTool(), tool);
        QVERIFY(manager->actionFor(tool)->isChecked());
        rb::panels::ToolOptionsBar* bar = window()->toolOptionsBar();
        QCOMPARE(bar->shownTool(), tool);
        QCOMPARE(bar->currentOptions(), tool->optionsWidget());
        QVERIFY(bar->currentOptions()->isVisible());
        if (!setting.isEmpty()) {
            auto* widget = bar->currentOptions()->findChild<QWidget*>(setting);
            QVERIFY2(widget && widget->isVisible(), qPrintable(setting + " is not shown"));
        }
        QCOMPARE(window()->statusBar()->currentMessage(), tool->statusHint());
        QVERIFY(manager->actionFor(tool)->toolTip().contains(QString("(%1)").arg(QKeySequence(key).toString(QKeySequence::NativeText))));
    }

    void bracketsResizeTheBrushAndTheBoxFollows()
    {
        press(Qt::Key_R);
        auto* brush = static_cast<rb::tools::BrushTool*>(window()->toolManager()->activeTool());
        auto* box = brush->optionsWidget()->findChild<QDoubleSpinBox*>("radius");
        const double before = brush->radiusCells();
        press(Qt::Key_BracketRight);
        QVERIFY(brush->radiusCells() > before);
        QCOMPARE(box->value(), brush->radiusCells());
        press(Qt::Key_BracketLeft);
        press(Qt::Key_BracketLeft);
        QVERIFY(brush->radiusCells() < before);
        QCOMPARE(box->value(), brush->radiusCells());
    }

    // Hovering with a brush draws its footprint on the terrain; Navigate draws none.
    void theBrushFootprintFollowsTheCursor()
    {
        press(Qt::Key_Q);
        rb::view::Viewport* viewport = window()->viewport();
        const int withoutBrush = viewport->overlayVertexCount();
        press(Qt::Key_R);
        const rb::Lattice& lattice = window()->document()->map().state.lattice;
        const auto centre = viewport->projectToPixel(QVector3D(static_cast<float>(lattice.worldWidth() / 2), 0.0f,
                                                               static_cast<float>(lattice.worldHeight() / 2)));
        QVERIFY(centre);
        QTest::mouseMove(viewport->renderWindow(), *centre);
        QVERIFY(rb::guitest::waitUntil([&] { return viewport->overlayVertexCount() > withoutBrush; }, 5000));
        press(Qt::Key_Q);
        QCOMPARE(viewport->overlayVertexCount(), withoutBrush);
    }

    void defaultsAreScaledToTheMap()
    {
        auto* brush = static_cast<rb::tools::BrushTool*>(window()->toolManager()->tool("raise"));
        brush->mapReplaced();
        QCOMPARE(brush->radiusCells(), 3.0); // 64 cells / 24, rounded
        QVERIFY(brush->strength() > 0.0);
    }

    void boxesRefuseWhatIsNotANumber()
    {
        press(Qt::Key_P);
        auto* rate = window()->toolOptionsBar()->currentOptions()->findChild<QDoubleSpinBox*>("rate");
        QVERIFY2(rate, "P did not bring up the springs tool's rate box");
        const double before = rate->value();
        rate->clear();
        QTest::keyClicks(rate, "nan");
        QTest::keyClick(rate, Qt::Key_Enter);
        QCOMPARE(rate->value(), before);
        QVERIFY(std::isfinite(rate->value()));
    }
};

RIVERBED_GUI_TEST_MAIN(ToolShortcutsTest)
#include "ToolShortcutsTest.moc"
