// Issue 30: the editor records the time-mean flow too. Simulation › Record mean flow from now
// starts the mean at the simulation's present time; the map read from the runner (what Save
// writes) carries it over exactly the steps since, for export --flowmap/--bundle --mean.
#include "GuiTestSupport.h"

#include "dialogs/EngineBundleDialog.h"
#include "io/export/EngineBundle.h"

#include <QAction>
#include <QCheckBox>
#include <QJsonArray>
#include <QTemporaryDir>

#include <cmath>

class RecordMeanTest : public QObject {
    Q_OBJECT

private:
    rb::guitest::Editor editor_;
    rb::editor::MainWindow* window() { return editor_.window.get(); }
    std::optional<rb::Map> recorded_; // the map after the recorded steps

private slots:
    void initTestCase() { editor_ = rb::guitest::openEditor(32); }

    void cleanupTestCase()
    {
        QVERIFY2(editor_.errors->isEmpty(), qPrintable(editor_.errors->join("\n")));
        editor_.window.reset();
    }

    void theMeanCoversTheStepsSinceItWasAskedFor()
    {
        window()->runner()->pause();
        const std::optional<rb::Map> before = rb::guitest::simulate(*window(), 20);
        QVERIFY(before);
        QVERIFY(before->state.meanFlow.empty());
        QAction* record = window()->action("recordMean");
        QVERIFY(record);
        QVERIFY(!record->toolTip().isEmpty());
        record->trigger();
        const std::optional<rb::Map> after = rb::guitest::simulate(*window(), 30);
        QVERIFY(after);
        const rb::MeanFlow& mean = after->state.meanFlow;
        QVERIFY2(!mean.empty(), "no time-mean flow after Record mean flow from now and 30 steps");
        QCOMPARE(mean.from, before->state.time);
        QCOMPARE(mean.to, after->state.time);
        QVERIFY(std::abs(mean.seconds - (after->state.time - before->state.time)) <= 1e-9 * after->state.time);
        recorded_ = after;
    }

    // File › Export › Engine bundle can take the mean for its flow map: the dialog's box sets the
    // request, and the bundle written from the recorded map says which window its flow map shows.
    void theBundleDialogAsksForTheMeanFlowMap()
    {
        QVERIFY(recorded_);
        rb::editor::EngineBundleDialog dialog(recorded_->state.lattice, "island");
        auto* mean = rb::guitest::namedChild<QCheckBox>(&dialog, "meanFlow");
        QVERIFY(mean);
        QVERIFY(!dialog.request().meanFlow);
        mean->setChecked(true);
        rb::io::EngineBundleRequest request = dialog.request();
        QVERIFY(request.meanFlow);
        QTemporaryDir dir;
        request.folder = dir.filePath("bundle");
        const rb::io::EngineBundleResult result = rb::io::writeEngineBundle(recorded_->state, request);
        QVERIFY2(result.ok(), qPrintable(result.error));
        bool flowMapIsMean = false;
        for (const QJsonValue& file : result.manifest["files"].toArray())
            if (file.toObject()["role"].toString() == "flowmap") flowMapIsMean = file.toObject().contains("mean");
        QVERIFY(flowMapIsMean);
    }
};

RIVERBED_GUI_TEST_MAIN(RecordMeanTest)
#include "RecordMeanTest.moc"
