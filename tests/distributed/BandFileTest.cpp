// A distributed run's file I/O by bands (issue 31, part 3): a band read from a file holds exactly
// the rows BandMap cuts from the whole map (so the run steps the same bits), a damaged file is
// refused with the whole-map reader's own message even when the damage lies outside the band, and
// a record's zlib stream fed in pieces is the same bytes as writeArrayBlock's one compress2 call.
#include "distributed/BandMap.h"
#include "io/map/ArrayBlock.h"
#include "io/map/ArrayBlockStream.h"
#include "io/map/MapBandReader.h"
#include "io/map/MapFile.h"

#include <QBuffer>
#include <QFile>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <cmath>

namespace rb {
namespace {

// Values that compress a little but not to nothing, and that differ from row to row.
template <class T> void fillPattern(Field<T>& field, int seed)
{
    for (std::size_t i = 0; i < field.size(); ++i)
        field[i] = static_cast<T>((i * 7919 + static_cast<std::size_t>(seed) * 104729) % 1000 < 600 ? 0.0 : std::fmod(i * 0.37 + seed, 5.0));
}

// Large enough that every array spans several of the reader's 1 MiB chunks.
Map testMap(LatticeKind kind)
{
    Map map;
    map.params.model = FlowModel::Momentum;
    map.state = MapState(Lattice(kind, 700, 420, 2.0));
    MapState& s = map.state;
    fillPattern(s.bed, 1);
    fillPattern(s.depth, 2);
    for (std::size_t f = 0; f < s.flows.size(); ++f) fillPattern(s.flows[f], 3 + static_cast<int>(f));
    for (std::size_t f = 0; f < s.flows.size(); ++f) {
        s.velocities.emplace_back(s.lattice.paddedWidth(), s.lattice.paddedHeight());
        fillPattern(s.velocities.back(), 7 + static_cast<int>(f));
    }
    s.time = 2.0;
    s.meanFlow = MeanFlow(s.lattice);
    s.meanFlow.to = 2.0;
    s.meanFlow.seconds = 2.0;
    fillPattern(s.meanFlow.depthSums, 11);
    for (DoubleField& f : s.meanFlow.flowSums) fillPattern(f, 12);
    return map;
}

class BandFileTest : public ::testing::TestWithParam<LatticeKind> {
protected:
    QString written(const Map& map)
    {
        const QString path = dir_.filePath("map.rbmap");
        QString error;
        EXPECT_TRUE(io::writeMapFile(path, map, &error)) << error.toStdString();
        return path;
    }
    QTemporaryDir dir_;
};

TEST_P(BandFileTest, RowsReadAreTheRowsBandMapCutsFromTheWholeMap)
{
    const Map whole = testMap(GetParam());
    const QString path = written(whole);
    QString error;
    const std::optional<io::MapFileHead> head = io::readMapFileHead(path, &error);
    ASSERT_TRUE(head) << error.toStdString();
    const int h = whole.state.lattice.height();
    for (const Band band : {Band{0, h, 0, h}, Band{0, 100, 0, 134}, Band{200, 300, 166, 334}, Band{380, h, 346, h}}) {
        const std::optional<MapState> rows = io::readMapFileRows(path, *head, band.s, band.e, &error);
        ASSERT_TRUE(rows) << error.toStdString();
        const BandMap bandMap(whole, band);
        const MapState& cut = bandMap.map().state;
        EXPECT_EQ(rows->lattice.height(), band.height());
        EXPECT_EQ(rows->bed, cut.bed);
        EXPECT_EQ(rows->depth, cut.depth);
        EXPECT_EQ(rows->flows, cut.flows) << "rows " << band.s << "–" << band.e << ", ghost rows at the band's own edges zeroed";
        EXPECT_EQ(rows->velocities, cut.velocities);
        EXPECT_EQ(rows->meanFlow, cut.meanFlow);
        EXPECT_EQ(rows->time, whole.state.time);
    }
}

// The record of array `name` (its head's offset in the file) and where its CRC-32 lies.
qsizetype recordOf(const QByteArray& file, const std::string& name)
{
    const QByteArray key = QByteArray(1, static_cast<char>(name.size())) + QByteArray::fromStdString(name);
    return file.indexOf(key);
}

// readMapFile's message and the band reader's for the same damaged file, for a band far from the damage.
std::pair<QString, QString> bothMessages(const QString& path)
{
    QString whole, band;
    EXPECT_FALSE(io::readMapFile(path, &whole));
    const std::optional<io::MapFileHead> head = io::readMapFileHead(path, &band);
    if (head) {
        EXPECT_FALSE(io::readMapFileRows(path, *head, 0, 20, &band));
    }
    return {whole, band};
}

TEST_P(BandFileTest, AStoredChecksumThatDoesNotMatchIsRefusedWithTheCrcMessage)
{
    const QString path = written(testMap(GetParam()));
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::ReadWrite));
    QByteArray bytes = file.readAll();
    const qsizetype depth = recordOf(bytes, "depth");
    ASSERT_GT(depth, 0);
    bytes[depth + 1 + 5 + 4 + 4 + 8 + 8] ^= 0x01; // the first byte of the stored CRC
    file.seek(0);
    file.write(bytes);
    file.close();
    const auto [whole, band] = bothMessages(path);
    EXPECT_TRUE(band.contains("checksum mismatch in array 'depth'")) << band.toStdString();
    EXPECT_EQ(band, whole);
}

TEST_P(BandFileTest, DamagedOrTruncatedStreamsAreRefusedAsTheWholeReaderRefusesThem)
{
    const QString path = written(testMap(GetParam()));
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::ReadWrite));
    const QByteArray original = file.readAll();
    const qsizetype flow = recordOf(original, "velocity.x");
    ASSERT_GT(flow, 0);
    QByteArray damaged = original;
    for (qsizetype i = 0; i < 64; ++i) damaged[flow + 40 + 5000 + i] = static_cast<char>(0xff); // inside the stream, rows far below the band
    file.seek(0);
    file.write(damaged);
    file.close();
    auto [whole, band] = bothMessages(path);
    EXPECT_TRUE(band.contains("array 'velocity.x'")) << band.toStdString();
    EXPECT_EQ(band, whole);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(original.left(original.size() - 1000));
    file.close();
    std::tie(whole, band) = bothMessages(path);
    EXPECT_TRUE(band.contains("truncated")) << band.toStdString();
    EXPECT_EQ(band, whole);
}

INSTANTIATE_TEST_SUITE_P(Lattices, BandFileTest, ::testing::Values(LatticeKind::Square, LatticeKind::Triangle),
                         [](const auto& info) { return info.param == LatticeKind::Square ? "square" : "triangle"; });

// The record writeArrayBlock writes, and the same written by a stream fed `rows` rows at a time.
template <class T> std::pair<QByteArray, QByteArray> wholeAndStreamed(const Field<T>& field, int rows)
{
    QByteArray whole, streamed;
    QBuffer a(&whole), b(&streamed);
    a.open(QIODevice::WriteOnly);
    b.open(QIODevice::WriteOnly);
    if constexpr (sizeof(T) == 4) io::writeArrayBlock(a, "x", field);
    else io::writeDoubleArrayBlock(a, "x", field);
    const auto feed = [&](io::ArrayBlockStream& stream) {
        const auto width = static_cast<std::size_t>(field.width());
        for (int y = 0; y < field.height(); y += rows)
            stream.add(field.data() + static_cast<std::size_t>(y) * width, static_cast<std::size_t>(std::min(rows, field.height() - y)) * width);
        return stream.finish();
    };
    io::ArrayBlockStream counter;
    EXPECT_TRUE(feed(counter));
    io::writeRecordHead(b, {"x", static_cast<std::uint32_t>(field.width()), static_cast<std::uint32_t>(field.height()), counter.rawSize(),
                            counter.compressedSize(), counter.crc()});
    io::ArrayBlockStream writer(&b);
    EXPECT_TRUE(feed(writer));
    return {whole, streamed};
}

TEST(ArrayBlockStreamTest, PiecesGiveTheBytesOfOneCompressCall)
{
    FloatField floats(1030, 1100); // 4.5 MB: several of the stream's output buffers
    fillPattern(floats, 5);
    for (int rows : {1, 37, 1100}) {
        const auto [whole, streamed] = wholeAndStreamed(floats, rows);
        EXPECT_EQ(streamed.size(), whole.size()) << rows << " rows at a time";
        EXPECT_TRUE(streamed == whole) << rows << " rows at a time";
    }
    DoubleField doubles(300, 211);
    fillPattern(doubles, 6);
    const auto [whole, streamed] = wholeAndStreamed(doubles, 13);
    EXPECT_TRUE(streamed == whole);
}

} // namespace
} // namespace rb
