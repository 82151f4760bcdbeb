// The Currents dock's defaults settle (issue 32, part 5): on the editor's start-up island (256²,
// 4 m cells), Solve with nothing changed in the dock (West +0.4, East −0.4 m/s, the automatic
// viscosity) ends steady, and its result says nothing about a scaling by ×1. A viscosity below the
// automatic one gives a time average and says why.
#include "GuiTestSupport.h"

#include "document/CurrentsJob.h"
#include "session/EditingSession.h"
#include "document/MapDocument.h"
#include "editor/MainWindow.h"
#include "panels/CurrentsDock.h"

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QPushButton>
#include <QRegularExpression>
#include <QSpinBox>

#include <optional>

class CurrentsDefaultTest : public QObject {
    Q_OBJECT

private:
    rb::guitest::Editor editor_;

    rb::editor::MainWindow& window() { return *editor_.window; }
    rb::panels::CurrentsDock* dock() { return window().currentsDock(); }
    template <typename Widget>
    Widget* child(const QString& name)
    {
        return rb::guitest::namedChild<Widget>(dock(), name);
    }
    // Clicks Solve and waits for the outcome the session reports.
    std::optional<rb::CurrentsReport> solve()
    {
        std::optional<rb::CurrentsReport> report;
        const QMetaObject::Connection connection = connect(window().session(), &rb::editor::EditingSession::currentsFinished, this,
                                                           [&](const rb::editor::CurrentsOutcome& outcome) { report = outcome.report; });
        QTest::mouseClick(child<QPushButton>("solveCurrents"), Qt::LeftButton);
        const bool done = rb::guitest::waitUntil([&] { return report.has_value(); }, 100000);
        disconnect(connection);
        if (!done) qWarning("the solve did not finish");
        return report;
    }
    static bool saysScaledByOne(const QString& text)
    {
        return text.contains(QRegularExpression(QString::fromUtf8("[x×]1(?![.0-9])")));
    }

private slots:
    void initTestCase()
    {
        const rb::editor::EditorOptions defaults;
        editor_ = rb::guitest::openEditor(defaults.startSize, defaults.startSeed, QSize(1100, 700), defaults.startCellSize);
        dock()->show();
        dock()->raise();
        QVERIFY(QTest::qWaitForWindowExposed(dock()));
    }

    void theDefaultsSettleOnTheStartUpIsland()
    {
        QCOMPARE(window().document()->map().state.lattice.width(), 256);
        QVERIFY(child<QCheckBox>("currentsAutomaticViscosity")->isChecked());
        QVERIFY(!child<QDoubleSpinBox>("currentsViscosity")->isEnabled());
        QVERIFY(dock()->settings().automaticViscosity());
        const std::optional<rb::CurrentsReport> report = solve();
        QVERIFY(report);
        QVERIFY2(editor_.errors->isEmpty(), qPrintable(editor_.errors->join("; ")));
        const QString text = dock()->resultLabel()->text();
        qInfo("%s", qPrintable(text));
        QVERIFY2(report->converged, qPrintable(text));
        QVERIFY(!report->timeAveraged);
        QVERIFY2(text.contains(", steady;"), qPrintable(text));
        QVERIFY2(!saysScaledByOne(text), qPrintable(text));
        QVERIFY(report->seconds < 60.0); // a generous bound: the point is that it ends, and steady
    }

    void aLowerViscosityGivesATimeAverageAndSaysSo()
    {
        child<QCheckBox>("currentsAutomaticViscosity")->setChecked(false);
        auto* viscosity = child<QDoubleSpinBox>("currentsViscosity");
        QVERIFY(viscosity->isEnabled());
        viscosity->setValue(1.0);
        child<QSpinBox>("currentsMaxIterations")->setValue(20);
        const std::optional<rb::CurrentsReport> report = solve();
        QVERIFY(report);
        const QString text = dock()->resultLabel()->text();
        qInfo("%s", qPrintable(text));
        QVERIFY(!report->converged);
        QVERIFY(report->timeAveraged);
        QCOMPARE(report->averagedIterations, 10);
        QVERIFY2(text.contains("time-averaged over the last 10 iteration(s): the wake at this viscosity is unsteady"), qPrintable(text));
        QVERIFY2(!text.contains("not yet steady"), qPrintable(text));
        QVERIFY2(!saysScaledByOne(text), qPrintable(text));
    }

    void cleanupTestCase() { editor_.window.reset(); }
};

RIVERBED_GUI_TEST_MAIN(CurrentsDefaultTest)
#include "CurrentsDefaultTest.moc"
