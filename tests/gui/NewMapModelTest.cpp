// Issue 30 as a newcomer meets it: the editor opens on an island that runs the momentum model,
// the Simulation dock lists Momentum first and the pipes second as a fast preview, and File › New
// gives momentum again after the pipes were chosen for the map before.
#include "GuiTestSupport.h"

#include "document/MapDocument.h"
#include "panels/SimulationDock.h"

#include <QAction>
#include <QComboBox>
#include <QDoubleSpinBox>

using rb::FlowModel;
using rb::editor::SimulationSnapshot;

class NewMapModelTest : public QObject {
    Q_OBJECT

private:
    rb::guitest::Editor editor_;
    rb::editor::MainWindow* window() { return editor_.window.get(); }
    rb::panels::SimulationDock* dock() { return window()->simulationDock(); }
    QComboBox* modelBox() { return dock()->findChild<QComboBox*>("flowModel"); }
    QDoubleSpinBox* manningBox() { return dock()->findChild<QDoubleSpinBox*>("manning"); }

    void chooseModel(FlowModel model)
    {
        const int index = modelBox()->findData(static_cast<int>(model));
        QVERIFY(index >= 0);
        modelBox()->setCurrentIndex(index);
        emit modelBox()->activated(index);
    }

private slots:
    void initTestCase()
    {
        editor_ = rb::guitest::openEditor(32);
        QVERIFY(modelBox() && manningBox());
    }

    void cleanupTestCase()
    {
        QVERIFY2(editor_.errors->isEmpty(), qPrintable(editor_.errors->join("\n")));
        editor_.window.reset();
    }

    void momentumComesFirstAndThePipesAreThePreview()
    {
        QCOMPARE(modelBox()->itemData(0).toInt(), static_cast<int>(FlowModel::Momentum));
        QCOMPARE(modelBox()->itemData(1).toInt(), static_cast<int>(FlowModel::Pipes));
        QVERIFY2(modelBox()->itemText(1).contains("preview"), qPrintable(modelBox()->itemText(1)));
        for (int i = 0; i < 2; ++i) QVERIFY(!modelBox()->itemData(i, Qt::ToolTipRole).toString().isEmpty());
    }

    void theStartUpIslandRunsMomentumWithManning()
    {
        const rb::SimParams& params = window()->document()->map().params;
        QCOMPARE(params.model, FlowModel::Momentum);
        QVERIFY(params.manning > 0.0);
        QVERIFY(params.automaticDt());
        QCOMPARE(modelBox()->currentData().toInt(), static_cast<int>(FlowModel::Momentum));
        QVERIFY(manningBox()->isVisibleTo(dock()));
        QCOMPARE(manningBox()->value(), params.manning);
        QVERIFY(rb::guitest::waitForSnapshot(*window(), [](const SimulationSnapshot& s) { return s.params.model == FlowModel::Momentum; }));
    }

    void fileNewGivesMomentumAfterThePipes()
    {
        chooseModel(FlowModel::Pipes);
        QVERIFY(rb::guitest::waitForSnapshot(*window(), [](const SimulationSnapshot& s) { return s.params.model == FlowModel::Pipes; }));
        auto* newMap = window()->findChild<QAction*>("new");
        QVERIFY(newMap);
        newMap->trigger();
        const auto fresh = rb::guitest::waitForSnapshot(
            *window(), [](const SimulationSnapshot& s) { return s.params.model == FlowModel::Momentum && s.diagnostics.steps == 0; }, 60000);
        QVERIFY2(fresh, "File › New did not bring a momentum map to the solver");
        QCOMPARE(window()->document()->map().params.model, FlowModel::Momentum);
        QCOMPARE(modelBox()->currentData().toInt(), static_cast<int>(FlowModel::Momentum));
    }
};

RIVERBED_GUI_TEST_MAIN(NewMapModelTest)
#include "NewMapModelTest.moc"
