#include "panels/GeneratorPreview.h"

#include "generator/TerrainGenerator.h"

#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <cmath>

namespace rb::panels {
namespace {

constexpr int kDebounceMs = 250;
constexpr int kThumbnailPixels = 160;

QRgb mix(QRgb a, QRgb b, double t)
{
    t = std::clamp(t, 0.0, 1.0);
    const auto channel = [t](int x, int y) { return static_cast<int>(std::lround(x + (y - x) * t)); };
    return qRgb(channel(qRed(a), qRed(b)), channel(qGreen(a), qGreen(b)), channel(qBlue(a), qBlue(b)));
}

// Hypsometric colours: sand at the shore, green lowland, brown upland, pale peaks.
QRgb landColour(double fraction)
{
    if (fraction < 0.05) return mix(qRgb(214, 200, 150), qRgb(110, 160, 80), fraction / 0.05);
    if (fraction < 0.5) return mix(qRgb(110, 160, 80), qRgb(140, 110, 70), (fraction - 0.05) / 0.45);
    return mix(qRgb(140, 110, 70), qRgb(235, 235, 235), (fraction - 0.5) / 0.5);
}

QRgb waterColour(double depthFraction)
{
    return mix(qRgb(120, 180, 230), qRgb(20, 60, 140), depthFraction);
}

} // namespace

GeneratorPreview::GeneratorPreview(QWidget* parent) : QLabel(parent)
{
    setObjectName("generatorPreview");
    setAlignment(Qt::AlignCenter);
    setMinimumSize(kThumbnailPixels, kThumbnailPixels);
    setToolTip(tr("What Generate would make, at a preview resolution (terrain by height, water in blue)"));
    setText(tr("Preview…"));
    debounce_.setSingleShot(true);
    debounce_.setInterval(kDebounceMs);
    connect(&debounce_, &QTimer::timeout, this, &GeneratorPreview::start);
    connect(&watcher_, &QFutureWatcher<Outcome>::finished, this, &GeneratorPreview::finish);
}

GeneratorPreview::~GeneratorPreview()
{
    if (cancel_) cancel_->store(true);
    watcher_.waitForFinished(); // the job holds no pointer to this widget, but finish() must not run
}

void GeneratorPreview::request(const gen::GeneratorSettings& settings)
{
    pending_ = settings;
    debounce_.start();
}

bool GeneratorPreview::busy() const
{
    return debounce_.isActive() || watcher_.isRunning();
}

gen::GeneratorSettings GeneratorPreview::previewSettings(const gen::GeneratorSettings& settings)
{
    gen::GeneratorSettings preview = settings;
    preview.erode.hours = 0.0; // the erode stage simulates for minutes: the thumbnail shows the terrain before it
    gen::CommonParams& common = preview.common;
    const int longer = std::max(common.width, common.height);
    if (longer <= kCells) return preview;
    const double shrink = static_cast<double>(kCells) / longer;
    common.width = std::max(32, static_cast<int>(std::lround(common.width * shrink)));
    common.height = std::max(32, static_cast<int>(std::lround(common.height * shrink)));
    constexpr double kLargestCell = 1000.0; // the table's limit: a preview of a huge map is coarser
    common.cellSize = std::min(kLargestCell, settings.common.cellSize * longer / std::max(common.width, common.height));
    return preview;
}

QImage GeneratorPreview::render(const Map& map)
{
    const MapState& s = map.state;
    const int width = s.lattice.width(), height = s.lattice.height();
    float low = s.bed(0, 0), high = low, deepest = 0.0f;
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x) {
            low = std::min(low, s.bed(x, y));
            high = std::max(high, s.bed(x, y));
            deepest = std::max(deepest, s.depth(x, y));
        }
    QImage image(width, height, QImage::Format_RGB32);
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x) {
            const double depth = s.depth(x, y);
            image.setPixel(x, y, depth > 0.01 ? waterColour(deepest > 0.0f ? depth / deepest : 0.0)
                                              : landColour(high > low ? (s.bed(x, y) - low) / (high - low) : 0.0));
        }
    return image;
}

void GeneratorPreview::start()
{
    if (watcher_.isRunning()) { // one job at a time: cancel it and start again when it stops
        cancel_->store(true);
        restartWhenDone_ = true;
        return;
    }
    cancel_ = std::make_shared<std::atomic<bool>>(false);
    const gen::GeneratorSettings settings = previewSettings(pending_);
    watcher_.setFuture(QtConcurrent::run([settings, cancel = cancel_] {
        gen::GenerationOptions options;
        options.cancel = cancel.get();
        options.threads = 1; // a thumbnail: leave the other cores to the simulation
        const gen::GenerationResult result = gen::generateMap(settings, options);
        Outcome outcome;
        outcome.cancelled = result.status == gen::GenerationStatus::Cancelled;
        if (result.status == gen::GenerationStatus::Invalid) outcome.message = QString::fromStdString(result.error);
        else if (result.ok()) outcome.image = render(result.map);
        return outcome;
    }));
}

void GeneratorPreview::finish()
{
    const Outcome outcome = watcher_.result();
    if (restartWhenDone_) {
        restartWhenDone_ = false;
        start();
        return;
    }
    if (outcome.cancelled) return;
    if (!outcome.message.isEmpty()) {
        setPixmap({});
        setText(tr("No preview: %1").arg(outcome.message));
        setWordWrap(true);
    } else {
        setPixmap(QPixmap::fromImage(outcome.image.scaled(kThumbnailPixels, kThumbnailPixels, Qt::KeepAspectRatio, Qt::SmoothTransformation)));
    }
    emit updated();
}

} // namespace rb::panels
