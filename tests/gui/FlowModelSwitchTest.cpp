// The flow-model switch as a user meets it in the Simulation dock: Pipes → Momentum while the
// water runs is one undoable command that reaches the running solver and keeps the water; the
// momentum parameters show only under momentum and their edits reach the solver; on an OpenCL
// backend the switch stays on the device and the water carries on.
#include "GuiTestSupport.h"
#include "TestScenes.h"

#include "ClDevices.h"
#include "document/MapDocument.h"
#include "panels/SimulationDock.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QSignalSpy>
#include <QStatusBar>
#include <QUndoStack>

#include <cmath>

using rb::FlowModel;
using rb::editor::SimulationSnapshot;

namespace {

// A dam break in a walled basin: 2 m of water west of x = 16 beside 0.5 m, so the water keeps
// moving for the whole test and no water leaves the map (the volume may change only by rounding).
rb::Map damBreak()
{
    rb::Map map = rb::guitest::flatWalledBasin();
    for (int y = 0; y < map.state.lattice.height(); ++y)
        for (int x = 0; x < map.state.lattice.width(); ++x) map.state.depth(x, y) = x < 16 ? 2.0f : 0.5f;
    return map;
}

// The water as the solver holds it, compared bitwise (== on floats, not QCOMPARE's fuzziness).
bool sameWater(const rb::Map& a, const rb::Map& b)
{
    return a.state.depth == b.state.depth && a.state.flows == b.state.flows && a.state.time == b.state.time &&
           a.state.steps == b.state.steps && a.state.ledger == b.state.ledger;
}

} // namespace

class FlowModelSwitchTest : public QObject {
    Q_OBJECT

private:
    rb::guitest::Editor editor_;
    rb::editor::MainWindow* window() { return editor_.window.get(); }
    rb::panels::SimulationDock* dock() { return window()->simulationDock(); }
    QUndoStack* stack() { return window()->document()->undoStack(); }
    QComboBox* modelBox() { return dock()->findChild<QComboBox*>("flowModel"); }
    QDoubleSpinBox* manningBox() { return dock()->findChild<QDoubleSpinBox*>("manning"); }

    // As a user picks an item: QComboBox::activated, which programmatic index changes do not send.
    static void choose(QComboBox* box, const QVariant& data)
    {
        const int index = box->findData(data);
        QVERIFY2(index >= 0, qPrintable(data.toString()));
        box->setCurrentIndex(index);
        emit box->activated(index);
    }
    void chooseModel(FlowModel model) { choose(modelBox(), static_cast<int>(model)); }

    rb::Map runnerMap()
    {
        const auto map = rb::guitest::readRunnerMap(*window());
        if (!map) qFatal("the runner did not hand over its map");
        return *map;
    }

    // The runner's map once its parameters satisfy `ready` (requests apply in order, so a read
    // posted after them sees them; the wait covers the GUI's queue).
    std::optional<rb::Map> runnerMapWhen(const std::function<bool(const rb::SimParams&)>& ready)
    {
        std::optional<rb::Map> map;
        rb::guitest::waitUntil([&] {
            map = rb::guitest::readRunnerMap(*window());
            return map && ready(map->params);
        });
        if (map && !ready(map->params)) map.reset();
        return map;
    }

private slots:
    void initTestCase()
    {
        editor_ = rb::guitest::openEditor(32);
        QVERIFY(modelBox() && manningBox());
        QVERIFY(rb::guitest::openMap(*window(), damBreak()));
        QCOMPARE(window()->document()->map().params.model, FlowModel::Pipes);
    }

    void cleanupTestCase()
    {
        QVERIFY2(editor_.errors->isEmpty(), qPrintable(editor_.errors->join("\n")));
        editor_.window.reset();
    }

    void momentumRowsShowOnlyUnderMomentum()
    {
        QVERIFY(!manningBox()->isVisibleTo(dock()));
        QVERIFY(dock()->findChild<QDoubleSpinBox*>("viscosity")->isVisibleTo(dock()));
        QVERIFY(!modelBox()->itemData(1, Qt::ToolTipRole).toString().isEmpty());
        QVERIFY(!manningBox()->toolTip().isEmpty());
    }

    void switchesToMomentumWhilePlaying()
    {
        const double volume = runnerMap().state.volume();
        window()->runner()->play();
        QVERIFY(rb::guitest::waitForSnapshot(*window(), [](const SimulationSnapshot& s) { return s.diagnostics.steps >= 40; }));
        const int commands = stack()->count();
        chooseModel(FlowModel::Momentum);
        QCOMPARE(stack()->count(), commands + 1); // one undo step
        QCOMPARE(stack()->undoText(), QString("Switch to the momentum model"));
        QCOMPARE(window()->document()->map().params.model, FlowModel::Momentum);
        const auto switched = rb::guitest::waitForSnapshot(*window(), [](const SimulationSnapshot& s) { return s.params.model == FlowModel::Momentum; });
        QVERIFY2(switched, "the running solver never received the momentum model");
        const std::int64_t stepsThen = switched->diagnostics.steps;
        const auto later = rb::guitest::waitForSnapshot(*window(), [&](const SimulationSnapshot& s) { return s.diagnostics.steps >= stepsThen + 40; });
        QVERIFY2(later, "the momentum model does not step");
        window()->runner()->pause();
        const rb::Map now = runnerMap();
        QCOMPARE(now.params.model, FlowModel::Momentum);
        QVERIFY(now.state.steps > stepsThen);
        // Walls all round: only rounding may move the volume, before, across and after the switch.
        QVERIFY2(std::abs(now.state.volume() - volume) <= 1e-5 * volume,
                 qPrintable(QString("volume %1 → %2 m³").arg(volume, 0, 'g', 12).arg(now.state.volume(), 0, 'g', 12)));
        QVERIFY(manningBox()->isVisibleTo(dock()));
        QVERIFY(!dock()->findChild<QDoubleSpinBox*>("viscosity")->isVisibleTo(dock()));
    }

    // Paused, so nothing but the switch touches the water: undo and redo keep it bitwise.
    void undoAndRedoSwitchTheRunningSolver()
    {
        QVERIFY(!window()->runner()->isPlaying());
        const rb::Map before = runnerMap();
        stack()->undo();
        QCOMPARE(window()->document()->map().params.model, FlowModel::Pipes);
        QCOMPARE(modelBox()->currentData().toInt(), static_cast<int>(FlowModel::Pipes));
        const auto pipes = runnerMapWhen([](const rb::SimParams& p) { return p.model == FlowModel::Pipes; });
        QVERIFY2(pipes, "undo did not reach the solver");
        QVERIFY(sameWater(*pipes, before));
        stack()->redo();
        QCOMPARE(modelBox()->currentData().toInt(), static_cast<int>(FlowModel::Momentum));
        const auto momentum = runnerMapWhen([](const rb::SimParams& p) { return p.model == FlowModel::Momentum; });
        QVERIFY2(momentum, "redo did not reach the solver");
        QVERIFY(sameWater(*momentum, before));
    }

    void manningReachesTheSolver()
    {
        manningBox()->setValue(0.03);
        QCOMPARE(stack()->undoText(), QString("Change Manning's n"));
        const auto rough = runnerMapWhen([](const rb::SimParams& p) { return p.manning == 0.03; });
        QVERIFY2(rough, "Manning's n never reached the solver");
        QCOMPARE(rough->params.model, FlowModel::Momentum);
        const auto stepped = rb::guitest::simulate(*window(), 20);
        QVERIFY(stepped && stepped->state.steps == rough->state.steps + 20); // still steps with friction
        stack()->undo();
        QVERIFY(runnerMapWhen([](const rb::SimParams& p) { return p.manning == 0.0; }));
        QCOMPARE(manningBox()->value(), 0.0);
    }

    // The OpenCL kernels run both models: the switch stays on the device, the water carries on
    // from where the pipes left it, and back to pipes stays there too.
    void openClRunsMomentumOnTheDevice()
    {
        const std::vector<rb::opencl::DeviceInfo> devices = rb::opencl::listDevices();
        if (devices.empty()) QSKIP("no OpenCL device");
        chooseModel(FlowModel::Pipes);
        QVERIFY(runnerMapWhen([](const rb::SimParams& p) { return p.model == FlowModel::Pipes; }));

        QSignalSpy ready(window()->runner(), &rb::editor::SimulationRunner::solverReady);
        choose(dock()->findChild<QComboBox*>("backend"), QString("opencl:%1").arg(devices.front().index));
        QVERIFY(ready.wait(30000));
        QVERIFY2(ready.last().at(0).toString().startsWith("opencl:"), qPrintable(ready.last().at(1).toString()));
        QVERIFY(rb::guitest::simulate(*window(), 20)); // the water moves on the device
        const rb::Map onDevice = runnerMap();

        ready.clear();
        chooseModel(FlowModel::Momentum);
        const auto switched = runnerMapWhen([](const rb::SimParams& p) { return p.model == FlowModel::Momentum; });
        QVERIFY(switched);
        QVERIFY(sameWater(*switched, onDevice)); // depths, flows, time and ledger as the pipes left them
        QCOMPARE(ready.count(), 0);               // no new solver: the device runs the momentum model
        const auto stepped = rb::guitest::simulate(*window(), 20);
        QVERIFY(stepped && stepped->params.model == FlowModel::Momentum);
        QCOMPARE(stepped->state.steps, onDevice.state.steps + 20);

        stack()->undo(); // back to pipes, still on the device
        QVERIFY(runnerMapWhen([](const rb::SimParams& p) { return p.model == FlowModel::Pipes; }));
        QCOMPARE(ready.count(), 0);
    }
};

RIVERBED_GUI_TEST_MAIN(FlowModelSwitchTest)
#include "FlowModelSwitchTest.moc"
