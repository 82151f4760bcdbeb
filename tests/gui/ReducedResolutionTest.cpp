// Issue 32: while the simulation plays on a software renderer, the view draws a quarter of the
// pixels (view/ReducedResolution) and stretches them over the window; still, it draws every pixel.
// The reduced picture is the same scene (close to the full one on average, the same size, not the
// sky nor a black target), visibly coarser (less pixel-to-pixel detail), and switching back gives
// the full picture bit for bit. The editor switches it with play and pause on llvmpipe.
#include "GuiTestSupport.h"

#include "editor/FramePacer.h"
#include "view/ReducedResolution.h"
#include "view/Viewport.h"

#include <QDockWidget>
#include <QImage>

#include <cmath>
#include <cstdlib>

namespace {

// Mean over pixels and channels of |a − b| (0–255).
double meanDifference(const QImage& a, const QImage& b)
{
    double sum = 0.0;
    for (int y = 0; y < a.height(); ++y)
        for (int x = 0; x < a.width(); ++x) {
            const QRgb p = a.pixel(x, y), q = b.pixel(x, y);
            sum += std::abs(qRed(p) - qRed(q)) + std::abs(qGreen(p) - qGreen(q)) + std::abs(qBlue(p) - qBlue(q));
        }
    return sum / (3.0 * a.width() * a.height());
}

// Mean squared difference between horizontal and vertical neighbours: what a picture drawn at fewer
// pixels and stretched loses (a sharp edge becomes two half steps: half the squares).
double detail(const QImage& image)
{
    const auto square = [](QRgb p, QRgb q) {
        const double r = qRed(p) - qRed(q), g = qGreen(p) - qGreen(q), b = qBlue(p) - qBlue(q);
        return r * r + g * g + b * b;
    };
    double sum = 0.0;
    for (int y = 1; y < image.height(); ++y)
        for (int x = 1; x < image.width(); ++x) sum += square(image.pixel(x, y), image.pixel(x - 1, y)) + square(image.pixel(x, y), image.pixel(x, y - 1));
    return sum / (6.0 * (image.width() - 1) * (image.height() - 1));
}

double distanceFromSky(const QImage& image)
{
    QImage sky(image.size(), QImage::Format_RGB32);
    sky.fill(QColor(176, 203, 228));
    return meanDifference(image, sky);
}

} // namespace

class ReducedResolutionTest : public QObject {
    Q_OBJECT

private:
    rb::guitest::Editor editor_;

private slots:
    void initTestCase()
    {
        editor_ = rb::guitest::openEditor(256, 1, QSize(1280, 800));
        for (QDockWidget* dock : editor_.window->findChildren<QDockWidget*>()) dock->hide();
        QVERIFY(rb::guitest::waitForSnapshot(*editor_.window, [](const auto&) { return true; }));
        // The whole island: coast, sea and the map's edges against the sky, sharp edges to lose.
        editor_.window->viewport()->frameMap();
        QTest::qWait(300);
    }

    void cleanup()
    {
        editor_.window->runner()->pause();
        editor_.window->viewport()->setReducedResolution(false);
    }

    void reducedPictureIsTheSceneAtAQuarterOfThePixels()
    {
        rb::view::Viewport* viewport = editor_.window->viewport();
        const QImage full = rb::guitest::captureView(*viewport, 3);
        QVERIFY(!full.isNull());
        const QSize window = viewport->drawnSize();

        viewport->setReducedResolution(true);
        QVERIFY(viewport->reducedResolution());
        QCOMPARE(viewport->drawnSize(), rb::view::ReducedResolution::reducedSize(window));
        QCOMPARE(viewport->drawnSize(), QSize((window.width() + 1) / 2, (window.height() + 1) / 2));
        const QImage reduced = rb::guitest::captureView(*viewport, 3);
        QVERIFY(!reduced.isNull());
        if (qEnvironmentVariableIsSet("RIVERBED_SAVE_CAPTURE")) full.save("reduced-full.png"), reduced.save("reduced-reduced.png");

        const double difference = meanDifference(full, reduced);
        const double fullDetail = detail(full), reducedDetail = detail(reduced);
        qInfo("mean difference %.2f of 255 (the full picture is %.1f from the sky); detail %.2f full, %.2f reduced", difference,
              distanceFromSky(full), fullDetail, reducedDetail);
        QCOMPARE(reduced.size(), full.size()); // shown over the whole window
        QVERIFY2(distanceFromSky(full) > 10.0, "the scene should fill much of the picture");
        QVERIFY2(difference < 0.25 * distanceFromSky(full), "the reduced picture should show the same scene");
        QVERIFY2(reducedDetail < 0.9 * fullDetail, "the reduced picture should be coarser than the full one");

        viewport->setReducedResolution(false);
        QCOMPARE(viewport->drawnSize(), window);
        const QImage again = rb::guitest::captureView(*viewport, 3);
        QVERIFY2(again == full, "full detail again when switched back");
    }

    void playingOnASoftwareRendererDrawsReduced()
    {
        if (!rb::editor::FramePacer::isSoftwareRenderer(rb::editor::FramePacer::rendererName()))
            QSKIP("a hardware renderer: the view keeps its full resolution while playing");
        rb::view::Viewport* viewport = editor_.window->viewport();
        editor_.window->runner()->play();
        QVERIFY(rb::guitest::waitUntil([&] { return viewport->reducedResolution(); }));
        editor_.window->runner()->pause();
        QVERIFY(rb::guitest::waitUntil([&] { return !viewport->reducedResolution(); }));
    }
};

RIVERBED_GUI_TEST_MAIN(ReducedResolutionTest)
#include "ReducedResolutionTest.moc"
