// The Simulation dock's backend list once the OpenCL devices are known: every device a choice,
// or, with none (no driver, or a build without OpenCL), a line that says why and cannot be chosen,
// so a user is never left with a silent "CPU" alone. Help › About says whether the build has OpenCL.
#include "GuiTestSupport.h"

#include "ClDevices.h"
#include "dialogs/AboutDialog.h"
#include "panels/SimulationDock.h"

#include <QComboBox>
#include <QStandardItemModel>

class BackendListTest : public QObject {
    Q_OBJECT

private:
    rb::guitest::Editor editor_;
    rb::editor::MainWindow* window() { return editor_.window.get(); }
    QComboBox* backends() { return window()->simulationDock()->findChild<QComboBox*>("backend"); }
    bool choosable(int row) { return qobject_cast<QStandardItemModel*>(backends()->model())->item(row)->isEnabled(); }

private slots:
    void initTestCase()
    {
        editor_ = rb::guitest::openEditor(64);
        QVERIFY(backends());
        QVERIFY(rb::guitest::waitUntil([this] { return !backends()->itemText(1).startsWith("Looking"); }));
    }

    void cleanupTestCase()
    {
        QVERIFY2(editor_.errors->isEmpty(), qPrintable(editor_.errors->join("\n")));
        editor_.window.reset();
    }

    void listsTheDevicesFound()
    {
        QCOMPARE(backends()->itemData(0).toString(), QString("cpu"));
        QVERIFY(backends()->count() >= 2);
        const std::vector<rb::opencl::DeviceInfo> devices = rb::opencl::listDevices();
        if (devices.empty()) QVERIFY2(!choosable(1) && backends()->itemText(1).startsWith("No OpenCL"), qPrintable(backends()->itemText(1)));
        for (const rb::opencl::DeviceInfo& device : devices) {
            const int row = device.index + 1;
            QCOMPARE(backends()->itemData(row).toString(), QString("opencl:%1").arg(device.index));
            QVERIFY(choosable(row));
        }
    }

    void saysWhyThereIsNoOpenCl()
    {
        const QString reason = "this build of Riverbed has no OpenCL backend (configured with -DRIVERBED_OPENCL=OFF)";
        window()->simulationDock()->setDevices({}, reason);
        QCOMPARE(backends()->count(), 2);
        QCOMPARE(backends()->itemText(1), "No OpenCL: " + reason);
        QCOMPARE(backends()->itemData(1, Qt::ToolTipRole).toString(), backends()->itemText(1)); // whole, however narrow the dock
        QVERIFY(!choosable(1));
        QCOMPARE(backends()->currentIndex(), 0); // the CPU stays chosen
        window()->simulationDock()->setDevices(rb::opencl::listDevices()); // as it was
    }

    void aboutSaysTheBuildHasOpenCl()
    {
        window()->action("about")->trigger();
        auto* about = window()->findChild<rb::editor::AboutDialog*>();
        QVERIFY(about);
        QVERIFY2(about->text().contains("OpenCL backend: built in"), qPrintable(about->text())); // the suite needs OpenCL
        about->close();
    }
};

RIVERBED_GUI_TEST_MAIN(BackendListTest)
#include "BackendListTest.moc"
