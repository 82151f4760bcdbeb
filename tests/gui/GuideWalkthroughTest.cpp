// docs/guide.md's first map, done the way the guide tells a user to, and checked at each step:
// the start-up island is generated, the Boundary tool opens a river inlet on the west edge and water
// comes in through it, the Dig channel tool cuts a channel from the inlet towards the island, and
// the map is exported as a Godot bundle. RIVERBED_REFRESH_SCREENSHOT=1 also writes the guide's
// pictures (docs/guide-*.png: the whole window, as the user sees it, and the export dialog); run
// it alone then, since the window's pictures are grabs of the screen.
#include "GuiTestSupport.h"

#include "dialogs/EngineBundleDialog.h"
#include "document/MapDocument.h"
#include "tools/BoundaryTool.h"
#include "tools/ToolManager.h"
#include "view/Viewport.h"

#include <QApplication>
#include <QDoubleSpinBox>
#include <QFileInfo>
#include <QScreen>
#include <QSet>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QUndoStack>

namespace {

constexpr int kMapSize = 128;
constexpr double kInflow = 40.0; // m³/s through the inlet
constexpr double kChannelDepth = 6.0;

bool refreshing()
{
    return qEnvironmentVariable("RIVERBED_REFRESH_SCREENSHOT") == "1";
}

int distinctColours(const QImage& image)
{
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 2)
        for (int x = 0; x < image.width(); x += 2) colours.insert(image.pixel(x, y));
    return static_cast<int>(colours.size());
}

// The window as the user sees it (docks, the 3D view): a grab of the screen, since the view is a
// native child window that QWidget::grab() leaves blank. Under load the view may not have drawn
// the newest snapshot yet (the grab comes out flat): it is taken again, for up to 15 s.
QImage windowPicture(rb::editor::MainWindow& window)
{
    QImage image;
    for (int attempt = 0; attempt < 25; ++attempt) {
        QTest::qWait(600);
        const QRect frame = window.frameGeometry().intersected(window.screen()->geometry()); // no black beyond the screen
        image = window.screen()->grabWindow(0, frame.x(), frame.y(), frame.width(), frame.height()).toImage();
        if (distinctColours(image) > 300) break;
    }
    return image;
}

// Checks the picture is a real one (a blank or flat grab has a handful of colours) and, when
// refreshing, writes it to docs/.
void keepPicture(const QImage& image, const QString& name)
{
    QVERIFY2(distinctColours(image) > 300, qPrintable(name + ": the picture is blank or flat"));
    if (refreshing()) QVERIFY(image.save(QString(RIVERBED_SOURCE_DIR) + "/docs/" + name));
}

} // namespace

class GuideWalkthroughTest : public QObject {
    Q_OBJECT

private:
    rb::guitest::Editor editor_;
    rb::editor::MainWindow* window() { return editor_.window.get(); }
    int inletFrom() const { return kMapSize * 2 / 5; }
    int inletTo() const { return kMapSize * 3 / 5; }

private slots:
    void initTestCase()
    {
        editor_ = rb::guitest::openEditor(refreshing() ? 256 : kMapSize, 3, QSize(1200, 740), refreshing() ? 4.0 : 8.0);
    }

    void cleanupTestCase()
    {
        QVERIFY2(editor_.errors->isEmpty(), qPrintable(editor_.errors->join("\n")));
        editor_.window.reset();
    }

    // Step 1: the island the editor generates at start.
    void generatesAnIsland()
    {
        const rb::Map& map = window()->document()->map();
        QVERIFY(map.state.lattice.width() >= kMapSize);
        window()->viewport()->frameMap();
        keepPicture(windowPicture(*window()), "guide-island.png");
    }

    // Step 2: Boundary tool, type inflow, a drag along part of the west edge.
    void opensARiverInlet()
    {
        const int size = window()->document()->map().state.lattice.height();
        rb::guitest::lookStraightDown(*window());
        auto* manager = window()->toolManager();
        auto* tool = static_cast<rb::tools::BoundaryTool*>(manager->tool("boundary"));
        manager->setActiveTool(tool);
        tool->setType(rb::BoundaryType::Inflow);
        tool->optionsWidget()->findChild<QDoubleSpinBox*>("boundaryValue")->setValue(kInflow);
        rb::guitest::dragThrough(*window(), {rb::guitest::pixelOfCell(*window(), 0, size * 2 / 5),
                                             rb::guitest::pixelOfCell(*window(), 0, size / 2),
                                             rb::guitest::pixelOfCell(*window(), 0, size * 3 / 5)});
        bool inlet = false;
        for (const rb::BoundarySegment& segment : window()->document()->map().boundary)
            inlet = inlet || (segment.side == rb::Side::West && segment.type == rb::BoundaryType::Inflow && segment.value == kInflow);
        QVERIFY2(inlet, "no inflow on the west edge after the drag");

        const auto start = rb::guitest::readRunnerMap(*window());
        QVERIFY(start);
        const auto end = rb::guitest::simulate(*window(), 300);
        QVERIFY(end);
        const double came = end->state.ledger.boundaryIn - start->state.ledger.boundaryIn;
        qInfo("inlet: %.0f m3 came in over %.1f s", came, end->state.time - start->state.time);
        QVERIFY2(came > 0.5 * kInflow * (end->state.time - start->state.time), "the inlet let too little water in");
        keepPicture(windowPicture(*window()), "guide-inlet.png");
    }

    // Step 3: Dig channel tool, a drag from the inlet towards the island's middle.
    void digsAChannelFromTheInlet()
    {
        const int size = window()->document()->map().state.lattice.height();
        const int row = size / 2, from = 2, to = size * 2 / 5;
        rb::guitest::lookStraightDown(*window());
        auto* manager = window()->toolManager();
        manager->setActiveTool(manager->tool("digChannel"));
        manager->activeTool()->optionsWidget()->findChild<QDoubleSpinBox*>("depth")->setValue(kChannelDepth);
        const rb::FloatField before = window()->document()->map().state.bed;
        rb::guitest::dragThrough(*window(), {rb::guitest::pixelOfCell(*window(), from, row), rb::guitest::pixelOfCell(*window(), (from + to) / 2, row),
                                             rb::guitest::pixelOfCell(*window(), to, row)});
        QCOMPARE(window()->document()->undoStack()->text(window()->document()->undoStack()->count() - 1), QString("Dig channel"));
        const rb::FloatField& after = window()->document()->map().state.bed;
        const int middle = (from + to) / 2;
        QVERIFY2(after(middle, row) < before(middle, row) - 0.9 * kChannelDepth,
                 qPrintable(QString("bed %1 → %2 in the channel's middle").arg(before(middle, row)).arg(after(middle, row))));
        QVERIFY(rb::guitest::simulate(*window(), 200));
        window()->viewport()->frameMap();
        keepPicture(windowPicture(*window()), "guide-channel.png");
    }

    // Step 4: File › Export › Engine bundle, for Godot.
    void exportsForAnEngine()
    {
        QTemporaryDir dir;
        rb::editor::EngineBundleDialog dialog(window()->document()->map().state.lattice, "island", window());
        rb::io::EngineBundleRequest request = dialog.request();
        request.engine = rb::io::Engine::Godot;
        request.folder = dir.filePath("island-godot");
        dialog.setRequest(request);
        dialog.show();
        QTest::qWait(200);
        keepPicture(dialog.grab().toImage(), "guide-export.png");
        dialog.close();

        QSignalSpy exported(window(), &rb::editor::MainWindow::bundleExportFinished);
        window()->exportBundle(dialog.request());
        QVERIFY(exported.wait(60000));
        QVERIFY(exported.first().first().toBool());
        const QStringList files = exported.first().at(1).toStringList();
        QVERIFY(files.size() > 3);
        QCOMPARE(QFileInfo(files.last()).fileName(), QString("manifest.json"));
        for (const QString& file : files) QVERIFY2(QFileInfo(file).size() > 0, qPrintable(file + " is empty"));
    }
};

RIVERBED_GUI_TEST_MAIN(GuideWalkthroughTest)
#include "GuideWalkthroughTest.moc"
