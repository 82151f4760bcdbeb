// The Boundary tool and dock: a drag along the west edge from y = 10 to y = 30 with "inflow 5 m³/s"
// creates exactly that segment in the document and the solver, draws it, lists it in the dock,
// and simulating T seconds adds 5·T m³; undo takes the segment away. Both lattices.
#include "GuiTestSupport.h"
#include "TestScenes.h"

#include "document/MapDocument.h"
#include "panels/BoundaryDock.h"
#include "tools/BoundaryTool.h"
#include "tools/ToolManager.h"
#include "view/Viewport.h"

#include <QDoubleSpinBox>
#include <QSpinBox>
#include <QTableWidget>
#include <QUndoStack>

#include <cmath>

class BoundaryToolTest : public QObject {
    Q_OBJECT

private:
    rb::guitest::Editor editor_;
    rb::editor::MainWindow* window() { return editor_.window.get(); }

    void inflowAlongTheWestEdge(rb::LatticeKind kind)
    {
        rb::Map basin = rb::guitest::flatWalledBasin();
        basin.state = rb::MapState(rb::Lattice(kind, 48, 48, 2.0));
        QVERIFY(rb::guitest::openMap(*window(), basin));
        rb::guitest::lookStraightDown(*window());
        auto* manager = window()->toolManager();
        auto* tool = static_cast<rb::tools::BoundaryTool*>(manager->tool("boundary"));
        manager->setActiveTool(tool);
        tool->setType(rb::BoundaryType::Inflow);
        tool->optionsWidget()->findChild<QDoubleSpinBox*>("boundaryValue")->setValue(5.0);
        const int overlayBefore = window()->viewport()->overlayVertexCount();

        rb::guitest::dragThrough(*window(), {rb::guitest::pixelOfCell(*window(), 0, 10), rb::guitest::pixelOfCell(*window(), 0, 20),
                                             rb::guitest::pixelOfCell(*window(), 0, 30)});
        const rb::BoundarySegment expected{rb::Side::West, 10, 30, rb::BoundaryType::Inflow, 5.0};
        const std::vector<rb::BoundarySegment>& boundary = window()->document()->map().boundary;
        QCOMPARE(boundary.size(), std::size_t(1));
        QVERIFY(boundary.front() == expected);
        QVERIFY(window()->viewport()->overlayVertexCount() > overlayBefore); // the inflow's arrows
        QTableWidget* table = window()->boundaryDock()->table();
        QCOMPARE(table->rowCount(), 1);
        QCOMPARE(static_cast<QDoubleSpinBox*>(table->cellWidget(0, 4))->value(), 5.0);

        const auto start = rb::guitest::readRunnerMap(*window());
        QVERIFY(start);
        QVERIFY(start->boundary == boundary);
        const auto end = rb::guitest::simulate(*window(), 2000);
        QVERIFY(end);
        const double seconds = end->state.time - start->state.time;
        const double expectedVolume = 5.0 * seconds;
        const double added = end->state.volume() - start->state.volume();
        const double booked = end->state.ledger.boundaryIn - start->state.ledger.boundaryIn;
        qInfo("%s lattice: %.1f s of 5 m3/s inflow: volume +%.4f m3, ledger +%.4f m3, expected %.4f m3 (relative errors %.2e, %.2e)",
              rb::latticeKindName(kind).data(), seconds, added, booked, expectedVolume, std::abs(added - expectedVolume) / expectedVolume,
              std::abs(booked - expectedVolume) / expectedVolume);
        QVERIFY(std::abs(added - expectedVolume) <= 1e-4 * expectedVolume);
        QVERIFY(std::abs(booked - expectedVolume) <= 1e-4 * expectedVolume);

        window()->document()->undoStack()->undo();
        QVERIFY(window()->document()->map().boundary.empty());
        const auto undone = rb::guitest::readRunnerMap(*window());
        QVERIFY(undone && undone->boundary.empty());
        QCOMPARE(table->rowCount(), 0);
    }

private slots:
    void initTestCase()
    {
        editor_ = rb::guitest::openEditor(64);
    }

    void cleanupTestCase()
    {
        QVERIFY2(editor_.errors->isEmpty(), qPrintable(editor_.errors->join("\n")));
        editor_.window.reset();
    }

    void westInflowOnTheSquareLattice()
    {
        inflowAlongTheWestEdge(rb::LatticeKind::Square);
    }

    void westInflowOnTheTriangleLattice()
    {
        inflowAlongTheWestEdge(rb::LatticeKind::Triangle);
    }

    void pressesAwayFromTheEdgeSelectNothing()
    {
        const std::vector<rb::BoundarySegment> before = window()->document()->map().boundary;
        const int commands = window()->document()->undoStack()->count();
        const QPoint middle = rb::guitest::pixelOfCell(*window(), 24, 24);
        rb::guitest::dragThrough(*window(), {middle, middle});
        QCOMPARE(window()->document()->undoStack()->count(), commands);
        QVERIFY(window()->document()->map().boundary == before);
    }

    void theDockEditsASegmentAsOneCommand()
    {
        auto* tool = static_cast<rb::tools::BoundaryTool*>(window()->toolManager()->tool("boundary"));
        tool->setType(rb::BoundaryType::Outflow);
        tool->apply(rb::Side::North, 0, 47);
        QTableWidget* table = window()->boundaryDock()->table();
        QCOMPARE(table->rowCount(), 1);
        const int commands = window()->document()->undoStack()->count();
        auto* end = static_cast<QSpinBox*>(table->cellWidget(0, 2));
        end->setValue(20);
        QCOMPARE(window()->document()->undoStack()->count(), commands + 1);
        QCOMPARE(window()->document()->map().boundary.front().end, 20);
        QCOMPARE(window()->document()->map().boundary.front().type, rb::BoundaryType::Outflow);
        window()->document()->undoStack()->undo();
        QCOMPARE(window()->document()->map().boundary.front().end, 47);
        QCOMPARE(static_cast<QSpinBox*>(table->cellWidget(0, 2))->value(), 47);
    }
};

RIVERBED_GUI_TEST_MAIN(BoundaryToolTest)
#include "BoundaryToolTest.moc"
