// Issue 32 at 1280×800: nothing is cut off. The Boundary dock's columns show whole (the Value
// column was cut), the Statistics dock's legends and volume plot can be brought into view at their
// own height, and the shortcuts table's descriptions are wrapped, never ended with "…".
#include "GuiTestSupport.h"

#include "dialogs/ShortcutsDialog.h"
#include "panels/BoundaryDock.h"
#include "panels/StatisticsDock.h"

#include <QAction>
#include <QComboBox>
#include <QHeaderView>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QStyle>
#include <QTableWidget>

#include <algorithm>

class LayoutAt1280Test : public QObject {
    Q_OBJECT

private:
    rb::guitest::Editor editor_;
    rb::editor::MainWindow* window() { return editor_.window.get(); }

private slots:
    void initTestCase()
    {
        editor_ = rb::guitest::openEditor(48, 1, QSize(1280, 800));
        QVERIFY(rb::guitest::waitUntil([&] { return window()->size() == QSize(1280, 800); }, 5000));
    }

    void cleanupTestCase() { editor_.window.reset(); }

    // An inflow row, whose value box is the widest ("1000000.000 m³/s"): every column's visible
    // width is at least what its contents ask for, and the table does not scroll sideways.
    void boundaryColumnsShowWhole()
    {
        rb::panels::BoundaryDock* dock = window()->boundaryDock();
        dock->show();
        dock->raise();
        auto* table = dock->findChild<QTableWidget*>("boundaryTable");
        QVERIFY(table);
        const int row = table->rowCount();
        dock->findChild<QPushButton*>("addSegment")->click();
        QVERIFY(rb::guitest::waitUntil([&] { return table->rowCount() == row + 1; }, 5000));
        auto* type = qobject_cast<QComboBox*>(table->cellWidget(row, 3));
        QVERIFY(type);
        type->setCurrentIndex(3);
        emit type->activated(3); // inflow
        QVERIFY(rb::guitest::waitUntil([&] { return table->cellWidget(row, 4)->isEnabled(); }, 5000));
        QTest::qWait(100);
        const QHeaderView* header = table->horizontalHeader();
        for (int column = 0; column < table->columnCount(); ++column) {
            const int left = header->sectionViewportPosition(column), width = header->sectionSize(column);
            const int visible = std::min(left + width, table->viewport()->width()) - std::max(left, 0);
            int wanted = header->sectionSizeHint(column);
            for (int r = 0; r < table->rowCount(); ++r) wanted = std::max(wanted, table->cellWidget(r, column)->sizeHint().width());
            qInfo("column %d: %d px shown, %d wanted (table viewport %d px)", column, visible, wanted, table->viewport()->width());
            QVERIFY2(visible >= wanted, qPrintable(QString("column %1 shows %2 of %3 px").arg(column).arg(visible).arg(wanted)));
        }
        QCOMPARE(table->horizontalScrollBar()->maximum(), 0);
    }

    // The legend and the plot keep their own height and scroll into view inside the dock.
    void legendsAndPlotAreReachable()
    {
        rb::panels::StatisticsDock* dock = window()->statisticsDock();
        dock->raise();
        auto* scroll = qobject_cast<QScrollArea*>(dock->widget());
        QVERIFY(scroll);
        for (const char* name : {"waterLegend", "volumePlot"}) {
            auto* widget = dock->findChild<QWidget*>(name);
            QVERIFY2(widget && widget->isVisible(), name);
            QVERIFY2(widget->height() >= widget->minimumSizeHint().height(), qPrintable(QString("%1 squeezed to %2 px").arg(name).arg(widget->height())));
            qInfo("%s: y %d..%d of the dock's contents, %d px of them shown", name, widget->y(), widget->y() + widget->height(),
                  scroll->viewport()->height());
            scroll->ensureWidgetVisible(widget, 0, 0);
            QTest::qWait(50);
            const QRect inViewport(widget->mapTo(scroll->viewport(), QPoint(0, 0)), widget->size());
            QVERIFY2(scroll->viewport()->rect().contains(inViewport),
                     qPrintable(QString("%1 at y %2..%3 in a %4 px dock").arg(name).arg(inViewport.top()).arg(inViewport.bottom()).arg(scroll->viewport()->height())));
        }
    }

    // Every description fits its cell: wrapped onto as many lines as it needs.
    void shortcutDescriptionsAreNotElided()
    {
        window()->action("keyboardShortcuts")->trigger();
        auto* dialog = window()->findChild<rb::editor::ShortcutsDialog*>();
        QVERIFY(dialog && QTest::qWaitForWindowExposed(dialog));
        QTableWidget* table = dialog->table();
        QCOMPARE(table->textElideMode(), Qt::ElideNone);
        const int column = 3;
        const int textWidth = table->columnWidth(column) - 2 * (table->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, table) + 1);
        for (int row = 0; row < table->rowCount(); ++row) {
            const QString text = table->item(row, column)->text();
            const QRect needed = table->fontMetrics().boundingRect(QRect(0, 0, textWidth, 10000), Qt::TextWordWrap, text);
            QVERIFY2(needed.height() <= table->rowHeight(row),
                     qPrintable(QString("'%1' needs %2 px in a %3 px row").arg(text).arg(needed.height()).arg(table->rowHeight(row))));
        }
        dialog->close();
    }
};

RIVERBED_GUI_TEST_MAIN(LayoutAt1280Test)
#include "LayoutAt1280Test.moc"
