// The 3D view of a fixed-seed island after its water has settled: not blank, with terrain and
// water each covering a real part of the frame. RIVERBED_REFRESH_SCREENSHOT=1 also writes the
// capture to docs/screenshot.png (a larger island, for the README).
#include "GuiTestSupport.h"

#include "io/flow/VelocityField.h"
#include "view/Viewport.h"

#include <Qt3DRender/QRenderCaptureReply>

#include <QApplication>
#include <QDockWidget>
#include <QImage>
#include <QSet>
#include <QSignalSpy>

#include <algorithm>
#include <cmath>
#include <vector>

namespace {

struct PixelCensus {
    double terrain = 0.0; // sand, grass, rock, snow: red at least as strong as blue
    double water = 0.0;   // clearly blue, and not the sky
    double sky = 0.0;
    int distinctColours = 0;
};

bool nearSky(QColor c)
{
    return std::abs(c.red() - 176) + std::abs(c.green() - 203) + std::abs(c.blue() - 228) < 24;
}

PixelCensus census(const QImage& image)
{
    PixelCensus result;
    QSet<QRgb> colours;
    const double total = static_cast<double>(image.width()) * image.height();
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x) {
            const QColor c = image.pixelColor(x, y);
            colours.insert(c.rgb());
            if (nearSky(c)) result.sky += 1.0 / total;
            else if (c.blue() > c.red() + 30) result.water += 1.0 / total;
            else if (c.red() >= c.blue()) result.terrain += 1.0 / total;
        }
    result.distinctColours = static_cast<int>(colours.size());
    return result;
}

// m/s: the speed that 95% of the sea (water over ground at least a metre below level 0) stays
// under; the rivers' mouths may stir the sea right in front of them.
double seaSpeed95(const rb::MapState& state)
{
    const rb::io::VelocityField v = rb::io::reconstructVelocity(state);
    std::vector<double> speeds;
    for (std::size_t i = 0; i < state.bed.size(); ++i)
        if (state.bed[i] < -1.0f) speeds.push_back(std::hypot(double(v.x[i]), double(v.y[i])));
    if (speeds.empty()) return 0.0;
    const auto at = speeds.begin() + static_cast<std::ptrdiff_t>(0.95 * static_cast<double>(speeds.size() - 1));
    std::nth_element(speeds.begin(), at, speeds.end());
    return *at;
}

} // namespace

class ViewportScreenshotTest : public QObject {
    Q_OBJECT

private slots:
    void capturesTerrainAndWater()
    {
        const bool refresh = qEnvironmentVariable("RIVERBED_REFRESH_SCREENSHOT") == "1";
        rb::guitest::Editor editor = rb::guitest::openEditor(refresh ? 256 : 128, 3, QSize(1280, 800), refresh ? 4.0 : 8.0); // a 1 km island
        auto* window = editor.window.get();
        for (QDockWidget* dock : window->findChildren<QDockWidget*>()) dock->hide(); // the view fills the window
        // Let the water settle: a few hundred steps of the island's own parameters.
        window->runner()->play();
        QVERIFY(rb::guitest::waitForSnapshot(*window, [](const rb::editor::SimulationSnapshot& s) { return s.diagnostics.steps >= 300; }, 60000));
        window->runner()->pause();
        const auto settled = rb::guitest::waitForSnapshot(*window, [](const rb::editor::SimulationSnapshot& s) { return !s.playing; });
        QVERIFY(settled);
        // The island's rivers run fast down their channels; the sea around it must have settled.
        QVERIFY2(seaSpeed95(*settled->state) < 0.2, "the sea around the island should be nearly at rest");
        window->viewport()->frameMap(); // for the window's final size
        QTest::qWait(300);              // the view picks up the last snapshot
        QImage image;
        for (int attempt = 0; attempt < 2; ++attempt) { // the first frames may predate the shaders
            Qt3DRender::QRenderCaptureReply* reply = window->viewport()->requestCapture();
            QSignalSpy completed(reply, &Qt3DRender::QRenderCaptureReply::completed);
            QVERIFY(completed.wait(20000));
            image = reply->image().convertToFormat(QImage::Format_RGB32);
            delete reply;
        }
        QVERIFY(image.width() > 400 && image.height() > 300);

        const PixelCensus pixels = census(image);
        qInfo("terrain %.1f%%, water %.1f%%, sky %.1f%%, %d colours", 100 * pixels.terrain, 100 * pixels.water,
              100 * pixels.sky, pixels.distinctColours);
        QVERIFY2(pixels.distinctColours > 500, "the capture is blank or flat");
        QVERIFY2(pixels.terrain > 0.08, "too little terrain in the frame");
        QVERIFY2(pixels.water > 0.15, "too little water in the frame");
        QVERIFY2(pixels.sky < 0.6, "the map does not fill the view");
        if (refresh) QVERIFY(image.save(QString(RIVERBED_SOURCE_DIR) + "/docs/screenshot.png"));
        QVERIFY2(editor.errors->isEmpty(), qPrintable(editor.errors->join("\n")));
    }
};

RIVERBED_GUI_TEST_MAIN(ViewportScreenshotTest)
#include "ViewportScreenshotTest.moc"
