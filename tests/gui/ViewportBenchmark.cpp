// Frames/s and steps/s with the viewport open: `ViewportBenchmark [SIZE...] [--seconds S]`.
// For each size, starts the editor on an island of SIZE², plays for S seconds and reports the
// solver's steps/s and two frame rates: the view's own count (distinct pictures per second) and
// back-to-back render captures (each one a complete frame drawn while the simulation runs), with
// the level-of-detail mesh's size (tiles and triangles per surface) for the framed view; then,
// paused, captures from close up (150 m from the map's centre).
#include "GuiTestSupport.h"

#include "document/MapDocument.h"
#include "view/Viewport.h"

#include <Qt3DRender/QRenderCaptureReply>

#include <QApplication>
#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTextStream>

namespace {

double measureCaptures(rb::view::Viewport& viewport, double seconds)
{
    QElapsedTimer timer;
    timer.start();
    int frames = 0;
    while (timer.elapsed() < seconds * 1000) {
        auto* reply = viewport.requestCapture();
        QSignalSpy done(reply, &Qt3DRender::QRenderCaptureReply::completed);
        if (!done.wait(10000)) break;
        delete reply;
        ++frames;
    }
    return frames * 1000.0 / static_cast<double>(timer.elapsed());
}

void bench(int size, double seconds)
{
    QElapsedTimer startTimer;
    startTimer.start();
    rb::guitest::Editor editor = rb::guitest::openEditor(size, 1, QSize(1280, 800));
    auto* window = editor.window.get();
    rb::guitest::waitForSnapshot(*window, [](const rb::editor::SimulationSnapshot&) { return true; });
    const double startSeconds = startTimer.elapsed() / 1000.0;
    const double idleCaptureFps = measureCaptures(*window->viewport(), 3.0);
    window->runner()->play();
    QTest::qWait(1000); // warm-up
    const auto first = window->runner()->latestSnapshot();
    QElapsedTimer timer;
    timer.start();
    double viewFps = 0.0;
    int samples = 0;
    while (timer.elapsed() < seconds * 1000) {
        QTest::qWait(1000);
        viewFps += window->viewport()->framesPerSecond();
        ++samples;
    }
    const auto last = window->runner()->latestSnapshot();
    const double stepsPerSecond = static_cast<double>(last->diagnostics.steps - first->diagnostics.steps) / (timer.elapsed() / 1000.0);
    const double captureFps = measureCaptures(*window->viewport(), seconds / 2);
    window->runner()->pause();
    const int tiles = window->viewport()->lodTileCount();
    const auto triangles = static_cast<qulonglong>(window->viewport()->drawnTriangles());
    // Close up (paused): 150 m from the map's centre, 25° down, where full resolution is drawn.
    const rb::MapState& state = window->document()->map().state;
    const rb::WorldPoint middle = state.lattice.worldPosition(state.lattice.width() / 2, state.lattice.height() / 2);
    const QVector3D centre(static_cast<float>(middle.x), state.bed(state.lattice.width() / 2, state.lattice.height() / 2),
                           static_cast<float>(middle.y));
    window->viewport()->camera().setView(centre, 150.0f, 0.4f, 0.45f);
    window->viewport()->applyCamera();
    const double closeFps = measureCaptures(*window->viewport(), 3.0);
    const auto closeTriangles = static_cast<qulonglong>(window->viewport()->drawnTriangles());
    QTextStream(stdout) << QString("size %1x%1: start %2 s, lod %3 tiles / %4 triangles, steps/s %5, view frames/s %6, captured frames/s %7 (paused: %8, close up: %9 with %10 triangles)\n")
                               .arg(size)
                               .arg(startSeconds, 0, 'f', 2)
                               .arg(tiles)
                               .arg(triangles)
                               .arg(stepsPerSecond, 0, 'f', 1)
                               .arg(viewFps / std::max(samples, 1), 0, 'f', 1)
                               .arg(captureFps, 0, 'f', 1)
                               .arg(idleCaptureFps, 0, 'f', 1)
                               .arg(closeFps, 0, 'f', 1)
                               .arg(closeTriangles);
}

} // namespace

int main(int argc, char** argv)
{
    rb::guitest::prepareEnvironment();
    QApplication app(argc, argv);
    rb::guitest::configureApplication();
    QStringList arguments = QApplication::arguments().mid(1);
    double seconds = 10.0;
    if (const qsizetype at = arguments.indexOf("--seconds"); at >= 0 && at + 1 < arguments.size()) {
        seconds = arguments.at(at + 1).toDouble();
        arguments.remove(at, 2);
    }
    if (arguments.isEmpty()) arguments = {"512", "1024"};
    for (const QString& size : arguments) bench(size.toInt(), seconds);
    return 0;
}
