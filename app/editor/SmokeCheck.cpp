#include "editor/SmokeCheck.h"

#include "editor/MainWindow.h"
#include "document/MapDocument.h"
#include "view/Viewport.h"

#include <Qt3DRender/QRenderCaptureReply>

#include <QCoreApplication>
#include <QImage>
#include <QSet>
#include <QTextStream>
#include <QTimer>

namespace rb::editor {
namespace {

// A drawn island has thousands of shades; a view that stayed blank or flat has a handful.
constexpr int kMinimumColours = 100;
// The first frames after a map arrives may predate its shaders: give the view this long to draw.
constexpr int kSettleMs = 1500;

int distinctColours(const QImage& image)
{
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 2)
        for (int x = 0; x < image.width(); x += 2) colours.insert(image.pixel(x, y));
    return static_cast<int>(colours.size());
}

} // namespace

SmokeCheck::SmokeCheck(MainWindow& window, int timeoutMs) : QObject(&window), window_(window)
{
    connect(&window, &MainWindow::mapLoaded, this, [this] { QTimer::singleShot(kSettleMs, this, &SmokeCheck::captureView); },
            Qt::SingleShotConnection);
    connect(&window, &MainWindow::generationFinished, this, [this](bool ok) {
        if (!ok) finish(1, "the start-up map could not be generated");
    });
    QTimer::singleShot(timeoutMs, this, [this, timeoutMs] { finish(1, QString("no map on screen after %1 s").arg(timeoutMs / 1000)); });
}

UserPrompts SmokeCheck::failingOnErrors(UserPrompts prompts)
{
    prompts.showError = [this](QWidget*, const QString& title, const QString& message) { finish(1, title + ": " + message); };
    return prompts;
}

void SmokeCheck::captureView()
{
    Qt3DRender::QRenderCaptureReply* reply = window_.viewport()->requestCapture();
    connect(reply, &Qt3DRender::QRenderCaptureReply::completed, this, [this, reply] {
        judge(reply->image());
        reply->deleteLater();
    });
}

void SmokeCheck::judge(const QImage& image)
{
    const int colours = image.isNull() ? 0 : distinctColours(image.convertToFormat(QImage::Format_RGB32));
    const QString picture = QString("%1×%2 view, %3 colours").arg(image.width()).arg(image.height()).arg(colours);
    if (colours < kMinimumColours) return finish(1, "the view stayed blank (" + picture + ")");
    const Map& map = window_.document()->map();
    finish(0, QString("map of %1×%2 cells on screen (%3)").arg(map.state.lattice.width()).arg(map.state.lattice.height()).arg(picture));
}

void SmokeCheck::finish(int status, const QString& message)
{
    if (finished_) return;
    finished_ = true;
    QTextStream(status == 0 ? stdout : stderr) << "riverbed: smoke test " << (status == 0 ? "passed: " : "failed: ") << message << Qt::endl;
    QCoreApplication::exit(status); // leaves every running event loop, a message box's too
}

} // namespace rb::editor
