// The editor as a user drives it: generate an island, play, pause, change parameters live, save
// and reopen, and an unstable time step that must pause instead of corrupting the map.
#include "GuiTestSupport.h"

#include "dialogs/EngineBundleDialog.h"
#include "dialogs/EngineExportDialog.h"
#include "document/MapDocument.h"
#include "io/map/MapFile.h"
#include "io/transaction/BundleFolder.h"
#include "panels/GeneratorDock.h"
#include "panels/SimulationDock.h"
#include "solver/Stability.h"
#include "view/Viewport.h"

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QTimer>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFileInfo>
#include <QImage>
#include <QLineEdit>
#include <QLabel>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMenu>
#include <QPushButton>
#include <QProgressBar>
#include <QCheckBox>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QUndoStack>

#include <algorithm>

using rb::editor::SimulationSnapshot;

class EditorWorkflowTest : public QObject {
    Q_OBJECT

private:
    rb::guitest::Editor editor_;
    rb::editor::MainWindow* window() { return editor_.window.get(); }
    QDoubleSpinBox* dockNumber(const char* name) { return window()->simulationDock()->findChild<QDoubleSpinBox*>(name); }
    void pressPlayPause()
    {
        // Through the window system, as a real key press: that is where shortcuts are matched.
        // Ask the window system too: QApplication::setActiveWindow alone only worked while the X
        // pointer happened to rest over the 3D view (Xvfb without a window manager).
        QApplication::setActiveWindow(window());
        window()->windowHandle()->requestActivate();
        QVERIFY(QTest::qWaitForWindowActive(window()));
        window()->viewport()->setFocus();
        QTest::keyClick(window()->windowHandle(), Qt::Key_Space);
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

    void startsOnASettledIsland()
    {
        const rb::Map& map = window()->document()->map();
        QCOMPARE(map.state.lattice.width(), 64);
        QVERIFY(map.state.volume() > 0.0); // the sea is there from the start
        QVERIFY(!window()->document()->isModified());
        QVERIFY(window()->windowTitle().startsWith("untitled[*]"));
        QVERIFY(rb::guitest::waitForSnapshot(*window(), [](const SimulationSnapshot& s) { return s.state != nullptr; }));
    }

    void generatesAnIslandFromTheDock()
    {
        auto* dock = window()->generatorDock();
        dock->findChild<QSpinBox*>("width")->setValue(96);
        dock->findChild<QSpinBox*>("height")->setValue(80);
        dock->findChild<QSpinBox*>("seed")->setValue(5);
        QSignalSpy finished(window(), &rb::editor::MainWindow::generationFinished);
        QTest::mouseClick(dock->findChild<QPushButton*>("generate"), Qt::LeftButton);
        QVERIFY(finished.wait(20000));
        QCOMPARE(finished.first().first().toBool(), true);
        const rb::Map& map = window()->document()->map();
        QCOMPARE(map.state.lattice.width(), 96);
        QCOMPARE(map.state.lattice.height(), 80);
        QVERIFY(QString::fromStdString(map.generatorSettings).contains("\"seed\": 5") ||
                QString::fromStdString(map.generatorSettings).contains("\"seed\":5"));
        const auto snapshot = rb::guitest::waitForSnapshot(*window(), [](const SimulationSnapshot&) { return true; });
        QVERIFY(snapshot);
        QCOMPARE(snapshot->state->lattice.width(), 96);
        QCOMPARE(snapshot->diagnostics.steps, 0);
        // New maps pick their dt (AutomaticTimeStepTest); the tests below drive a fixed dt.
        auto* automatic = window()->simulationDock()->findChild<QCheckBox*>("automaticDt");
        QVERIFY(automatic && automatic->isChecked());
        automatic->click();
        QVERIFY(!window()->document()->map().params.automaticDt());
    }

    void plays100StepsAndPauses()
    {
        QVERIFY(!window()->runner()->isPlaying());
        pressPlayPause(); // Space
        QVERIFY(window()->runner()->isPlaying());
        QVERIFY(rb::guitest::waitForSnapshot(*window(), [](const SimulationSnapshot& s) { return s.diagnostics.steps >= 100; }));
        pressPlayPause();
        QVERIFY(!window()->runner()->isPlaying());
        QVERIFY(!window()->action("playPause")->isChecked());
        // Paused means paused: the step count stops moving.
        QTest::qWait(200);
        const auto before = rb::guitest::readRunnerMap(*window());
        QTest::qWait(300);
        const auto after = rb::guitest::readRunnerMap(*window());
        QVERIFY(before && after);
        QVERIFY(before->state.steps >= 100);
        QCOMPARE(after->state.steps, before->state.steps);
        QVERIFY(window()->document()->isModified());
        QVERIFY(window()->isWindowModified());
    }

    // Between full reads the runner hands the view only fresh depths (and the bed): they must be
    // the solver's own, at the step the snapshot claims.
    void snapshotsCarryTheSolversDepthAndBed()
    {
        QVERIFY(!window()->runner()->isPlaying());
        // Rain, so that every step changes every depth (the island's water has settled). Reset
        // water makes the runner read everything once; steps right after it read depths only.
        rb::SimParams raining = window()->document()->map().params;
        raining.rain = 1e-3;
        window()->runner()->setParams(raining);
        window()->runner()->resetWater(window()->document()->map());
        const auto before = rb::guitest::readRunnerMap(*window());
        QVERIFY(before);
        QCOMPARE(before->params.rain, 1e-3);
        window()->runner()->step(5);
        const auto stepped = rb::guitest::waitForSnapshot(*window(), [&](const SimulationSnapshot& s) {
            return s.diagnostics.steps == before->state.steps + 5;
        });
        QVERIFY(stepped);
        const auto solver = rb::guitest::readRunnerMap(*window());
        QVERIFY(solver);
        QCOMPARE(solver->state.steps, stepped->state->steps);
        QVERIFY(stepped->state->depth == solver->state.depth);
        QVERIFY(stepped->state->bed == solver->state.bed);
        QCOMPARE(stepped->state->ledger, solver->state.ledger);
        QVERIFY(solver->state.depth != before->state.depth);
        window()->runner()->setParams(window()->document()->map().params); // the document's, dry again
    }

    void appliesFrictionAndDtWhileRunning()
    {
        window()->runner()->play();
        dockNumber("friction")->setValue(0.2);
        dockNumber("dt")->setValue(0.03);
        const auto applied = rb::guitest::waitForSnapshot(*window(), [](const SimulationSnapshot& s) {
            return s.params.friction == 0.2 && s.params.dt == 0.03;
        });
        QVERIFY2(applied, "the solver never received friction 0.2 and dt 0.03");
        const std::int64_t stepsThen = applied->diagnostics.steps;
        QVERIFY(rb::guitest::waitForSnapshot(*window(), [&](const SimulationSnapshot& s) { return s.diagnostics.steps > stepsThen + 20; }));
        // Each change is one undoable command; undo brings the solver back to the old dt.
        const double oldDt = window()->document()->map().params.dt;
        QCOMPARE(oldDt, 0.03);
        window()->document()->undoStack()->undo();
        QVERIFY(window()->document()->map().params.dt != 0.03);
        const double restoredDt = window()->document()->map().params.dt;
        QVERIFY(rb::guitest::waitForSnapshot(*window(), [&](const SimulationSnapshot& s) { return s.params.dt == restoredDt; }));
        QCOMPARE(dockNumber("dt")->value(), restoredDt);
        window()->runner()->pause();
    }

    void savesAndReopensTheSameState()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("island.rbmap");
        QSignalSpy saved(window(), &rb::editor::MainWindow::saveFinished);
        auto* busyBar = window()->findChild<QProgressBar*>("busyBar");
        QVERIFY(busyBar);
        QList<int> shown;
        auto recording = connect(busyBar, &QProgressBar::valueChanged, this, [&](int value) { shown << value; });
        window()->saveAs(path);
        QVERIFY(saved.wait(20000));
        disconnect(recording);
        QCOMPARE(saved.first().first().toBool(), true);
        // The bar showed the save's progress, rising to 100 %.
        const qsizetype full = shown.indexOf(100);
        QVERIFY2(full >= 0, qPrintable(QString("values shown: %1").arg(shown.size())));
        QVERIFY(std::is_sorted(shown.begin(), shown.begin() + full + 1));
        QVERIFY(full >= 2); // several steps, not a jump
        QVERIFY(!window()->document()->isModified());
        QVERIFY(window()->windowTitle().startsWith("island[*]"));

        const auto running = rb::guitest::readRunnerMap(*window());
        QString error;
        const auto onDisk = rb::io::readMapFile(path, &error);
        QVERIFY2(onDisk, qPrintable(error));
        QVERIFY(running);
        QVERIFY(running->state.steps > 0);
        rb::Map expected = *running; // what the solver holds, flows and ledger included,
        expected.generatorSettings = window()->document()->map().generatorSettings; // and how the map was made
        QVERIFY(*onDisk == expected);

        QSignalSpy loaded(window(), &rb::editor::MainWindow::mapLoaded);
        window()->openFile(path);
        QVERIFY(loaded.wait(20000));
        QVERIFY(rb::guitest::waitForSnapshot(*window(), [](const SimulationSnapshot&) { return true; }));
        auto reopened = rb::guitest::readRunnerMap(*window());
        QVERIFY(reopened);
        reopened->generatorSettings = window()->document()->map().generatorSettings; // the document keeps it, not the solver
        QVERIFY(*reopened == *onDisk);
        QCOMPARE(window()->document()->fileName(), path);
        QVERIFY(!window()->document()->isModified());
    }

    // File › Export › For game engine: the dialog only lets a writable request through, and the
    // export writes the files the engine takes.
    void exportsForAGameEngine()
    {
        QTemporaryDir dir;
        rb::editor::EngineExportDialog dialog(window()->document()->map().state.lattice, "island", window());
        rb::io::EngineExportRequest request;
        request.engine = rb::io::Engine::Unreal;
        request.folder = dir.path();
        request.baseName = "island";
        request.layers = {rb::io::Layer::Terrain, rb::io::Layer::FlowMap};
        dialog.setRequest(request);
        QPushButton* ok = dialog.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok);
        QVERIFY(ok->isEnabled());
        QVERIFY(dialog.findChild<QLabel*>("files")->text().contains("island_terrain.png"));
        QCOMPARE(dialog.request().engine, rb::io::Engine::Unreal);
        QCOMPARE(dialog.request().layers, request.layers);
        dialog.findChild<QLineEdit*>("baseName")->setText("sub/island");
        QVERIFY(!ok->isEnabled());
        QVERIFY(!dialog.findChild<QLabel*>("problem")->text().isEmpty());

        QSignalSpy exported(window(), &rb::editor::MainWindow::engineExportFinished);
        window()->exportForEngine(request);
        QVERIFY(exported.wait(20000));
        QCOMPARE(exported.first().first().toBool(), true);
        QCOMPARE(exported.first().at(1).toStringList().size(), 2);
        const QImage terrain(dir.filePath("island_terrain.png"));
        QCOMPARE(terrain.format(), QImage::Format_Grayscale16); // Unreal's 16-bit heightmap
        QVERIFY(rb::io::engineSizes(rb::io::Engine::Unreal).size() > 0);
        QVERIFY(std::ranges::count(rb::io::engineSizes(rb::io::Engine::Unreal), terrain.width()) == 1);
        QVERIFY(QFileInfo::exists(dir.filePath("island_flowmap.png")));
    }

    // The export dialog, opened from the menu, takes a folder that does not exist yet; the export
    // makes it and writes the files there. Its Folder label is a mnemonic, not a literal '&'.
    void exportsIntoAFolderThatDoesNotExistYet()
    {
        QTemporaryDir dir;
        const QString folder = dir.filePath("levels/island");
        bool okEnabled = false, labelNamesTheField = false;
        QTimer::singleShot(0, this, [&] {
            QVERIFY(rb::guitest::waitUntil([] { return qobject_cast<rb::editor::EngineExportDialog*>(QApplication::activeModalWidget()); }, 10000));
            auto* dialog = qobject_cast<rb::editor::EngineExportDialog*>(QApplication::activeModalWidget());
            auto* field = dialog->findChild<QLineEdit*>("folder");
            for (QLabel* label : dialog->findChildren<QLabel*>())
                if (label->text() == "&Folder:") labelNamesTheField = label->buddy() == field;
            rb::io::EngineExportRequest request = dialog->request();
            request.folder = folder;
            request.baseName = "island";
            request.layers = {rb::io::Layer::Terrain, rb::io::Layer::Mask};
            dialog->setRequest(request);
            QPushButton* ok = dialog->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok);
            okEnabled = ok->isEnabled();
            if (okEnabled) ok->click();
            else dialog->reject(); // "no such folder": the test fails below
        });
        QSignalSpy exported(window(), &rb::editor::MainWindow::engineExportFinished);
        window()->action("exportEngine")->trigger();
        QVERIFY(labelNamesTheField);
        QVERIFY2(okEnabled, "the dialog refused a folder that does not exist yet");
        QVERIFY(exported.wait(20000));
        QCOMPARE(exported.first().first().toBool(), true);
        QVERIFY(QFileInfo(folder).isDir());
        QVERIFY(QFileInfo::exists(QDir(folder).filePath("island_terrain.r16")) || QFileInfo::exists(QDir(folder).filePath("island_terrain.png")) ||
                QFileInfo::exists(QDir(folder).filePath("island_terrain.exr")));
        QVERIFY(QFileInfo::exists(QDir(folder).filePath("island_mask.png")));
        QCOMPARE(exported.first().at(1).toStringList().size(), 2);
    }

    // File › Export › Engine bundle: the dialog opened from the menu takes a folder that does not
    // exist yet; the bundle is written there on the pool, and its manifest lists exactly the files
    // in the folder.
    void exportsAnEngineBundleFromTheMenu()
    {
        QAction* entry = window()->action("exportBundle");
        QVERIFY(entry);
        bool inExportMenu = false;
        for (QMenu* menu : window()->findChildren<QMenu*>()) inExportMenu = inExportMenu || (menu->title() == "&Export" && menu->actions().contains(entry));
        QVERIFY(inExportMenu);

        QTemporaryDir dir;
        const QString folder = dir.filePath("levels/bundle");
        bool okEnabled = false, listsTheSplat = false;
        QTimer::singleShot(0, this, [&] {
            QVERIFY(rb::guitest::waitUntil([] { return qobject_cast<rb::editor::EngineBundleDialog*>(QApplication::activeModalWidget()); }, 10000));
            auto* dialog = qobject_cast<rb::editor::EngineBundleDialog*>(QApplication::activeModalWidget());
            rb::io::EngineBundleRequest request = dialog->request();
            request.engine = rb::io::Engine::Godot;
            request.folder = folder;
            dialog->setRequest(request);
            listsTheSplat = dialog->findChild<QLabel*>("files")->text().contains("splat.png");
            QPushButton* ok = dialog->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok);
            okEnabled = ok->isEnabled();
            if (okEnabled) ok->click();
            else dialog->reject();
        });
        QSignalSpy exported(window(), &rb::editor::MainWindow::bundleExportFinished);
        entry->trigger();
        QVERIFY2(okEnabled, "the dialog refused a new folder");
        QVERIFY(listsTheSplat);
        QVERIFY(exported.wait(20000));
        QCOMPARE(exported.first().first().toBool(), true);

        QFile manifestFile(QDir(folder).filePath("manifest.json"));
        QVERIFY(manifestFile.open(QIODevice::ReadOnly));
        const QJsonObject manifest = QJsonDocument::fromJson(manifestFile.readAll()).object();
        QCOMPARE(manifest["engine"].toString(), QString("godot"));
        QStringList listed = rb::io::manifestFiles(manifest) << "manifest.json";
        QStringList present = QDir(folder).entryList(QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot);
        listed.sort();
        present.sort();
        QCOMPARE(present, listed);
        QCOMPARE(exported.first().at(1).toStringList().size(), listed.size());
        const QImage splat(QDir(folder).filePath("splat.png"));
        QVERIFY(splat.hasAlphaChannel());
        QCOMPARE(splat.width(), window()->document()->map().state.lattice.width()); // Godot: the map's own size
    }

    // A folder holding other files is refused until "write among other files" is ticked.
    void bundleDialogRefusesAFolderWithOtherFiles()
    {
        QTemporaryDir dir;
        QFile other(dir.filePath("notes.txt"));
        QVERIFY(other.open(QIODevice::WriteOnly));
        other.close();
        rb::editor::EngineBundleDialog dialog(window()->document()->map().state.lattice, "island", window());
        rb::io::EngineBundleRequest request = dialog.request();
        request.folder = dir.path();
        dialog.setRequest(request);
        QPushButton* ok = dialog.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok);
        QVERIFY(!ok->isEnabled());
        // The dialog's hint names its own checkbox, not the command line's --force.
        const QString problem = dialog.findChild<QLabel*>("problem")->text();
        QVERIFY2(problem.contains("not empty"), qPrintable(problem));
        QVERIFY2(!problem.contains("--force"), qPrintable(problem));
        QVERIFY2(problem.contains(dialog.findChild<QCheckBox*>("force")->text()), qPrintable(problem));
        dialog.findChild<QCheckBox*>("force")->setChecked(true);
        QVERIFY(ok->isEnabled());
        QVERIFY(dialog.findChild<QLabel*>("problem")->text().isEmpty());
    }

    // A folder that cannot be made (its parent is a file) is refused in the dialog with the reason.
    void refusesAFolderThatCannotBeMade()
    {
        QTemporaryDir dir;
        QFile file(dir.filePath("plain-file"));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.close();
        rb::editor::EngineExportDialog dialog(window()->document()->map().state.lattice, "island", window());
        rb::io::EngineExportRequest request = dialog.request();
        request.folder = dir.filePath("plain-file");
        request.baseName = "island";
        dialog.setRequest(request);
        QVERIFY(!dialog.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok)->isEnabled());
        QVERIFY(dialog.findChild<QLabel*>("problem")->text().contains("not a folder"));
        // And the export itself, asked directly, says why it made nothing.
        request.folder = dir.filePath("plain-file/sub");
        request.createFolder = true;
        const auto map = rb::guitest::readRunnerMap(*window());
        QVERIFY(map);
        const rb::io::EngineExportResult result = rb::io::exportForEngine(map->state, request);
        QVERIFY(!result.ok());
        QVERIFY2(result.error.contains("cannot create the folder"), qPrintable(result.error));
    }

    void warnsAboutCflBeforeItReachesOne()
    {
        const rb::Map& map = window()->document()->map();
        const auto snapshot = rb::guitest::waitForSnapshot(*window(), [](const SimulationSnapshot&) { return true; });
        QVERIFY(snapshot);
        const double limit = rb::stableDtLimit(map.state.lattice, map.params, snapshot->diagnostics.maxDepth);
        auto* cfl = window()->simulationDock()->findChild<QLabel*>("cfl");
        dockNumber("dt")->setValue(0.5 * limit);
        QCOMPARE(cfl->property("warning").toBool(), false);
        dockNumber("dt")->setValue(0.95 * limit);
        QCOMPARE(cfl->property("warning").toBool(), true);
    }

    void unstableDtPausesWithTheMessage()
    {
        const auto before = rb::guitest::readRunnerMap(*window());
        QVERIFY(before);
        const double limit = rb::stableDtLimit(before->state.lattice, before->params, 30.0);
        QSignalSpy paused(window()->runner(), &rb::editor::SimulationRunner::pausedByError);
        dockNumber("dt")->setValue(std::max(3.0 * limit, before->params.dt * 3.0));
        QVERIFY(rb::guitest::waitForSnapshot(*window(), [&](const SimulationSnapshot& s) { return s.params.dt > limit; }));
        pressPlayPause();
        QVERIFY(paused.count() > 0 || paused.wait(10000));
        QVERIFY(!window()->runner()->isPlaying());
        QVERIFY(!window()->action("playPause")->isChecked());
        const QString message = window()->simulationDock()->findChild<QLabel*>("message")->text();
        QVERIFY2(message.contains("dt"), qPrintable(message));
        const auto after = rb::guitest::readRunnerMap(*window());
        QVERIFY(after);
        QVERIFY(after->state == before->state); // refused, not corrupted
    }
};

RIVERBED_GUI_TEST_MAIN(EditorWorkflowTest)
#include "EditorWorkflowTest.moc"
