// An island from the generator's erode stage in the 3D view, coloured by net erosion (issue 14:
// "a screenshot of an eroded island in docs/"): the eroded river reaches show red where the
// natural colours show none. RIVERBED_REFRESH_SCREENSHOT=1 also writes docs/eroded-island.png
// (a larger island, an hour of rain).
#include "GuiTestSupport.h"

#include "generator/TerrainGenerator.h"
#include "view/Viewport.h"

#include <QDockWidget>
#include <QImage>

namespace {

// The share of the frame that is clearly red: the erosion colours' "eroded", which no natural
// terrain colour (sand, grass, rock, snow) nor the water comes near.
double redShare(const QImage& image)
{
    double red = 0.0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x) {
            const QColor c = image.pixelColor(x, y);
            if (c.red() > c.green() + 40 && c.red() > c.blue() + 40) red += 1.0;
        }
    return red / (static_cast<double>(image.width()) * image.height());
}

} // namespace

class ErodedIslandScreenshotTest : public QObject {
    Q_OBJECT

private slots:
    void showsTheErodedReachesInRed()
    {
        const bool refresh = qEnvironmentVariable("RIVERBED_REFRESH_SCREENSHOT") == "1";
        rb::gen::GeneratorSettings settings(rb::gen::Preset::Island);
        settings.common.width = settings.common.height = refresh ? 256 : 96;
        settings.common.cellSize = refresh ? 4.0 : 10.0;
        settings.common.seed = 1;
        settings.erode.hours = refresh ? 1.0 : 0.5;
        settings.erode.rain = refresh ? 20.0 : 60.0;
        const rb::gen::GenerationResult generated = rb::gen::generateMap(settings);
        QVERIFY2(generated.ok(), generated.error.c_str());
        QVERIFY(generated.erosion.ran && generated.erosion.ledger.eroded > 0.0);

        rb::guitest::Editor editor = rb::guitest::openEditor(64, 1, QSize(1280, 800));
        auto* window = editor.window.get();
        QVERIFY(rb::guitest::openMap(*window, generated.map));
        for (QDockWidget* dock : window->findChildren<QDockWidget*>()) dock->hide(); // the view fills the window
        window->viewport()->frameMap();
        const QImage natural = rb::guitest::captureView(*window->viewport(), 3);
        window->action("colourByErosion")->trigger();
        window->viewport()->frameMap();
        const QImage coloured = rb::guitest::captureView(*window->viewport(), 3);
        QVERIFY(!natural.isNull() && !coloured.isNull());
        const double before = redShare(natural), after = redShare(coloured);
        qInfo("red share: natural %.4f, coloured by erosion %.4f (eroded %.3g m³)", before, after, generated.erosion.ledger.eroded);
        // The rivers are a few cells wide on a 96² map: a few hundred pixels of the frame.
        QVERIFY2(after > 1e-4 && after > 4.0 * before, "the eroded reaches should show red");
        if (refresh) QVERIFY(coloured.save(QString(RIVERBED_SOURCE_DIR) + "/docs/eroded-island.png"));
    }
};

QTEST_MAIN(ErodedIslandScreenshotTest)
#include "ErodedIslandScreenshotTest.moc"
