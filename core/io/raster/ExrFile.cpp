#include "io/raster/ExrFile.h"

#include "io/raster/ExrHeader.h"
#include "io/raster/RasterChecks.h"
#include "io/text/ExactNumber.h"
#include "io/transaction/AtomicFile.h"
#include "lattice/Lattice.h"

#include <QBuffer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonValue>

#include <ImfChannelList.h>
#include <ImfFrameBuffer.h>
#include <ImfHeader.h>
#include <ImfIO.h>
#include <ImfInputFile.h>
#include <ImfOutputFile.h>
#include <ImfStringAttribute.h>
#include <Iex.h>

#include <exception>
#include <mutex>

namespace rb::io {
namespace {

constexpr int kOpenExrMaxSide = 4 * Lattice::kMaxSide;

// OpenEXR reads and writes through these streams, so that files, memory buffers and the fuzzer
// share one code path. OpenEXR reports a short read by exception.
class DeviceInput : public Imf::IStream {
public:
    explicit DeviceInput(QIODevice& device) : Imf::IStream("riverbed input"), device_(device) {}
    bool read(char c[], int n) override
    {
        if (n < 0 || device_.read(c, n) != n) throw Iex::InputExc("unexpected end of file");
        return !device_.atEnd();
    }
    uint64_t tellg() override { return static_cast<uint64_t>(device_.pos()); }
    void seekg(uint64_t pos) override
    {
        if (pos > static_cast<uint64_t>(device_.size()) || !device_.seek(static_cast<qint64>(pos))) throw Iex::InputExc("seek beyond the end of file");
    }

private:
    QIODevice& device_;
};

class DeviceOutput : public Imf::OStream {
public:
    explicit DeviceOutput(QIODevice& device) : Imf::OStream("riverbed output"), device_(device) {}
    void write(const char c[], int n) override
    {
        if (device_.write(c, n) != n) throw Iex::IoExc("cannot write");
    }
    uint64_t tellp() override { return static_cast<uint64_t>(device_.pos()); }
    void seekp(uint64_t pos) override
    {
        if (!device_.seek(static_cast<qint64>(pos))) throw Iex::IoExc("cannot seek");
    }

private:
    QIODevice& device_;
};

// OpenEXR's own sanity check refuses absurd images before sizing its line-offset tables and
// buffers by them. Its limit is above ours, so that sizes just above ours get our message.
void limitImageSize()
{
    static std::once_flag once;
    std::call_once(once, [] {
        Imf::Header::setMaxImageSize(kOpenExrMaxSide, kOpenExrMaxSide);
        Imf::Header::setMaxTileSize(kOpenExrMaxSide, kOpenExrMaxSide);
    });
}

// A note's value as attribute text: strings as they are, numbers exactly, the rest as compact JSON.
std::string attributeText(const QJsonValue& value)
{
    if (value.isString()) return value.toString().toStdString();
    if (value.isDouble()) return exactDoubleText(value.toDouble());
    if (value.isBool()) return value.toBool() ? "true" : "false";
    const QJsonDocument document = value.isArray() ? QJsonDocument(value.toArray()) : QJsonDocument(value.toObject());
    return document.toJson(QJsonDocument::Compact).toStdString();
}

Imf::Header headerFor(const ExportImage& image)
{
    Imf::Header header(image.width(), image.height());
    header.compression() = Imf::ZIP_COMPRESSION;
    for (const QString& name : image.channelNames) header.channels().insert(name.toStdString(), Imf::Channel(Imf::FLOAT));
    for (auto it = image.notes.begin(); it != image.notes.end(); ++it)
        header.insert("riverbed." + it.key().toStdString(), Imf::StringAttribute(attributeText(it.value())));
    return header;
}

// The channel to read: the first preferred name the file has, else its only channel. Names stay
// bytes (std::string): a name that is not UTF-8 must still find its channel.
const Imf::Channel* pickChannel(const Imf::ChannelList& channels, const QStringList& preferred, std::string& name, QString* error)
{
    for (const QString& candidate : preferred) {
        const std::string wanted = candidate.toStdString();
        if (const Imf::Channel* channel = channels.findChannel(wanted)) {
            name = wanted;
            return channel;
        }
    }
    QStringList names;
    for (auto it = channels.begin(); it != channels.end(); ++it) names << QString::fromUtf8(it.name());
    if (names.size() == 1) {
        name = channels.begin().name();
        return &channels.begin().channel();
    }
    *error = names.isEmpty() ? QString("the EXR has no channels")
                             : QString("the EXR has channels %1 and none of them is %2").arg(names.join(", "), preferred.join(" or "));
    return nullptr;
}

bool checkChannel(const Imf::Channel& channel, const std::string& name, QString* error)
{
    if (channel.type == Imf::UINT) {
        *error = QString("unsupported EXR channel '%1': 32-bit unsigned integers (a heightmap channel must be FLOAT or HALF)").arg(QString::fromStdString(name));
        return false;
    }
    if (channel.xSampling != 1 || channel.ySampling != 1) {
        *error = QString("unsupported EXR channel '%1': subsampled (%2x%3)").arg(QString::fromStdString(name)).arg(channel.xSampling).arg(channel.ySampling);
        return false;
    }
    return true;
}

// The most a compressed EXR byte can expand to, per compression: run-length codes stop at
// 128; the others are bounded generously (deflate alone stops at 1032).
qint64 maxExpansion(Imf::Compression compression)
{
    if (compression == Imf::NO_COMPRESSION) return 1;
    if (compression == Imf::RLE_COMPRESSION) return 128;
    return 4096;
}

std::optional<SampleRaster> readChannel(Imf::InputFile& file, const QStringList& preferred, qint64 fileBytes, QString* error)
{
    const Imath::Box2i window = file.header().dataWindow();
    const qint64 width = qint64{window.max.x} - window.min.x + 1;
    const qint64 height = qint64{window.max.y} - window.min.y + 1;
    if (!checkRasterSize("EXR", width, height, error)) return std::nullopt;
    std::string name;
    const Imf::Channel* picked = pickChannel(file.header().channels(), preferred, name, error);
    if (!picked) return std::nullopt;
    const Imf::Channel channel = *picked;
    if (!checkChannel(channel, name, error)) return std::nullopt;
    const qint64 sampleBytes = channel.type == Imf::HALF ? 2 : 4;
    if (!checkPlausibleSize("EXR", width, height, sampleBytes, fileBytes, maxExpansion(file.header().compression()), error)) return std::nullopt;
    SampleRaster raster{FloatField(static_cast<int>(width), static_cast<int>(height)), 0,
                        QString("%1 EXR channel '%2'").arg(channel.type == Imf::HALF ? "half" : "float", QString::fromStdString(name)), std::nullopt};
    Imf::FrameBuffer frame;
    frame.insert(name, Imf::Slice::Make(Imf::FLOAT, raster.samples.data(), window, sizeof(float), sizeof(float) * static_cast<std::size_t>(width)));
    file.setFrameBuffer(frame);
    file.readPixels(window.min.y, window.max.y);
    if (!checkFinite(raster.samples, "the EXR", error)) return std::nullopt;
    return raster;
}

} // namespace

QByteArray encodeExr(const ExportImage& image)
{
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::ReadWrite);
    DeviceOutput stream(buffer);
    const Imf::Header header = headerFor(image);
    Imf::FrameBuffer frame;
    const std::size_t rowBytes = sizeof(float) * static_cast<std::size_t>(image.width());
    for (qsizetype c = 0; c < image.channelNames.size(); ++c) {
        const FloatField& values = image.channels[static_cast<std::size_t>(c)];
        frame.insert(image.channelNames[c].toStdString(),
                     Imf::Slice(Imf::FLOAT, const_cast<char*>(reinterpret_cast<const char*>(values.data())), sizeof(float), rowBytes));
    }
    Imf::OutputFile file(stream, header);
    file.setFrameBuffer(frame);
    file.writePixels(image.height());
    return bytes;
}

bool writeExr(const QString& path, const ExportImage& image, QString* error)
{
    try {
        return writeFileAtomically(path, encodeExr(image), error);
    } catch (const std::exception& e) {
        *error = QString("%1: cannot encode the EXR: %2").arg(path, e.what());
        return false;
    }
}

std::optional<SampleRaster> readExr(QIODevice& device, const QStringList& preferred, QString* error)
{
    limitImageSize();
    if (!checkExrHeader(device, error)) return std::nullopt;
    try {
        DeviceInput stream(device);
        Imf::InputFile file(stream);
        return readChannel(file, preferred, device.size(), error);
    } catch (const std::exception& e) {
        *error = QString("cannot read the EXR (damaged or truncated?): %1").arg(e.what());
        return std::nullopt;
    }
}

} // namespace rb::io
