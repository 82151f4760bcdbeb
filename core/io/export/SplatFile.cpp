#include "io/export/SplatFile.h"

#include "io/transaction/AtomicFile.h"

#include <QBuffer>
#include <QFileInfo>
#include <QImage>
#include <QImageWriter>
#include <QJsonArray>

namespace rb::io {
namespace {

constexpr int kChannels = 4;

QByteArray pngBytes(QImage image, const QString& description)
{
    image.setText("riverbed-layer", "splat");
    image.setText("Description", description);
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QImageWriter(&buffer, "png").write(image);
    return bytes;
}

} // namespace

QByteArray encodeSplatPng(const SplatWeights& weights)
{
    const std::vector<std::uint8_t> levels = splatLevels(weights);
    // Format_RGBA8888 is straight (not premultiplied) alpha, so colour under a low shore weight is kept.
    QImage image(weights.width(), weights.height(), QImage::Format_RGBA8888);
    for (int y = 0; y < image.height(); ++y)
        std::copy_n(levels.data() + static_cast<std::size_t>(y) * weights.width() * kChannels,
                    static_cast<std::size_t>(weights.width()) * kChannels, image.scanLine(y));
    return pngBytes(image, "Riverbed splat weights: R slope, G ground, B wet, A shore; R+G+B+A = 255");
}

QByteArray encodeSplatChannelPng(const SplatWeights& weights, int channel)
{
    const std::vector<std::uint8_t> levels = splatLevels(weights);
    QImage image(weights.width(), weights.height(), QImage::Format_Grayscale8);
    for (int y = 0; y < image.height(); ++y) {
        uchar* line = image.scanLine(y);
        for (int x = 0; x < image.width(); ++x)
            line[x] = levels[(static_cast<std::size_t>(y) * weights.width() + x) * kChannels + channel];
    }
    return pngBytes(image, QString("Riverbed splat weight '%1': 255 = all of this layer").arg(splatChannelNames()[channel]));
}

QString splatPathProblem(const QString& path)
{
    if (QFileInfo(path).suffix().toLower() == "png") return {};
    return QString("%1: the splat map is an 8-bit RGBA PNG; name it .png").arg(path);
}

QJsonObject splatReport(const QString& path, const SplatWeights& weights)
{
    QJsonObject channels;
    const char* letters[kChannels] = {"R", "G", "B", "A"};
    for (int c = 0; c < kChannels; ++c) channels[letters[c]] = splatChannelNames()[c];
    return {{"file", path}, {"width", weights.width()}, {"height", weights.height()}, {"channels", channels},
            {"levelSum", 255}, {"parameters", splatSettingsJson(weights.settings)}};
}

std::optional<QJsonObject> exportSplat(const MapState& state, const QString& path, const ExportSettings& exportSettings,
                                       const SplatSettings& splatSettings, QString* error)
{
    if (const QString problem = splatPathProblem(path); !problem.isEmpty()) {
        *error = problem;
        return std::nullopt;
    }
    const SplatWeights weights = splatWeights(state, splatGrid(state.lattice, exportSettings), splatSettings);
    if (!writeFileAtomically(path, encodeSplatPng(weights), error)) return std::nullopt;
    QJsonObject report = splatReport(path, weights);
    if (exportSettings.engine == Engine::Unity) report["unity"] = QJsonObject{{"alphamapResolution", weights.width()}};
    return report;
}

} // namespace rb::io
