#include "AllocationProbe.h"
#include "FileLayout.h"
#include "TestMaps.h"

#include "io/map/MapFile.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <chrono>
#include <functional>
#include <limits>
#include <random>

namespace rb {
namespace {

using test::FileLayout;
using test::parseLayout;

QByteArray sampleFile(LatticeKind kind = LatticeKind::Square)
{
    return io::encodeMap(test::randomMap(kind, 9, 7, 3));
}

// Decodes bytes that must be refused; returns the message.
std::string refusal(const QByteArray& bytes)
{
    QString error;
    const std::optional<Map> map = io::decodeMap(bytes, &error);
    EXPECT_FALSE(map) << "damaged bytes were accepted";
    EXPECT_FALSE(error.isEmpty());
    return error.toStdString();
}

bool corruptionContains(const std::string& text, const std::string& part)
{
    return text.find(part) != std::string::npos;
}

QByteArray flipped(QByteArray bytes, std::size_t offset)
{
    bytes[static_cast<qsizetype>(offset)] = static_cast<char>(bytes.at(static_cast<qsizetype>(offset)) ^ 0xFF);
    return bytes;
}

QJsonObject editHeader(const QByteArray& file, const std::function<void(QJsonObject&)>& edit)
{
    QJsonObject header = test::headerOf(file);
    edit(header);
    return header;
}

// Sets obj[a][b] = value (one level of nesting is all the header needs).
void setNested(QJsonObject& obj, const QString& a, const QString& b, const QJsonValue& value)
{
    QJsonObject inner = obj[a].toObject();
    inner[b] = value;
    obj[a] = inner;
}

// One damage per class, each with the phrase its message must carry.
struct Corruption {
    const char* name;
    std::function<QByteArray(const QByteArray&)> damage;
    const char* phrase;
};

std::vector<Corruption> corruptionClasses()
{
    return {
        {"wrong magic", [](const QByteArray& f) { return "GIF89a" + f.mid(6); }, "not a Riverbed map"},
        {"newer version", [](QByteArray f) { test::putU32(f, FileLayout::versionOffset, io::kMapFormatVersion + 1); return f; }, "newer Riverbed"},
        {"truncated", [](const QByteArray& f) { return f.left(f.size() - 3); }, "truncated"},
        {"array checksum", [](const QByteArray& f) { return flipped(f, parseLayout(f).arrays[1].crcOffset); }, "checksum mismatch in array 'depth'"},
        {"header checksum", [](const QByteArray& f) { return flipped(f, FileLayout::jsonOffset + 20); }, "checksum mismatch in the header"},
        {"absurd dimensions",
         [](const QByteArray& f) {
             return test::withHeader(f, editHeader(f, [](QJsonObject& h) {
                                         setNested(h, "lattice", "width", 100000);
                                         setNested(h, "lattice", "height", 100000);
                                     }));
         },
         "absurd lattice dimensions"},
        {"inconsistent dimensions",
         [](QByteArray f) { test::putU32(f, parseLayout(f).arrays[0].widthOffset, 10); return f; }, "inconsistent dimensions"},
        {"invalid values",
         [](const QByteArray&) {
             Map map = test::randomMap(LatticeKind::Square, 9, 7, 3);
             map.state.depth(4, 5) = -0.25f;
             return io::encodeMap(map);
         },
         "invalid values: water depth is negative at (4, 5)"},
        {"garbage JSON", [](const QByteArray& f) { return test::withHeaderJson(f, "{\"lattice\": [1, 2"); }, "malformed header"},
        {"unknown name",
         [](const QByteArray& f) {
             return test::withHeader(f, editHeader(f, [](QJsonObject& h) { setNested(h, "params", "pipe", "elliptic"); }));
         },
         "unknown pipe mode 'elliptic'"},
    };
}

TEST(MapFileCorruption, EachClassHasItsOwnMessage)
{
    const QByteArray file = sampleFile();
    const std::vector<Corruption> classes = corruptionClasses();
    for (const Corruption& c : classes) {
        const std::string message = refusal(c.damage(file));
        EXPECT_TRUE(corruptionContains(message, c.phrase)) << c.name << ": " << message;
        for (const Corruption& other : classes)
            if (&other != &c) {
                EXPECT_FALSE(corruptionContains(message, other.phrase)) << c.name << " reads like " << other.name << ": " << message;
            }
    }
}

TEST(MapFileCorruption, FileMessagesNameTheFile)
{
    QTemporaryDir dir;
    const QString path = dir.filePath("damaged.rbmap");
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write(sampleFile().left(100));
    file.close();
    QString error;
    EXPECT_FALSE(io::readMapFile(path, &error));
    EXPECT_TRUE(error.startsWith(path + ": truncated")) << error.toStdString();
}

class CorruptionPerLattice : public ::testing::TestWithParam<LatticeKind> {};

// Cutting the file anywhere must read as truncation, never as some other damage.
TEST_P(CorruptionPerLattice, EveryTruncationSaysTruncated)
{
    const QByteArray file = sampleFile(GetParam());
    for (qsizetype length = 0; length < file.size(); ++length) {
        const std::string message = refusal(file.left(length));
        ASSERT_TRUE(corruptionContains(message, "truncated")) << "cut at " << length << ": " << message;
    }
}

TEST_P(CorruptionPerLattice, TruncationNamesTheArray)
{
    const QByteArray file = sampleFile(GetParam());
    for (const test::ArrayRecordLayout& array : parseLayout(file).arrays) {
        const std::string name = "'" + array.name + "'";
        for (std::size_t cut : {array.start, array.start + 3, array.crcOffset, array.payloadOffset + 1, array.payloadOffset + array.payloadSize - 1}) {
            const std::string message = refusal(file.left(static_cast<qsizetype>(cut)));
            EXPECT_TRUE(corruptionContains(message, "truncated") && corruptionContains(message, name)) << "cut at " << cut << ": " << message;
        }
    }
}

TEST_P(CorruptionPerLattice, DamagedPayloadNamesTheArray)
{
    const QByteArray file = sampleFile(GetParam());
    const FileLayout layout = parseLayout(file);
    ASSERT_EQ(layout.arrays.size(), GetParam() == LatticeKind::Square ? 4u : 5u);
    for (const test::ArrayRecordLayout& array : layout.arrays) {
        for (std::size_t at : {array.payloadOffset, array.payloadOffset + array.payloadSize / 2, array.payloadOffset + array.payloadSize - 1}) {
            const std::string message = refusal(flipped(file, at));
            EXPECT_TRUE(corruptionContains(message, "'" + array.name + "'")) << message;
            EXPECT_TRUE(corruptionContains(message, "damaged") || corruptionContains(message, "checksum mismatch")) << message;
        }
    }
}

TEST_P(CorruptionPerLattice, ChecksumMismatchNamesTheArray)
{
    const QByteArray file = sampleFile(GetParam());
    for (const test::ArrayRecordLayout& array : parseLayout(file).arrays) {
        const std::string message = refusal(flipped(file, array.crcOffset + 2));
        EXPECT_TRUE(corruptionContains(message, "checksum mismatch in array '" + array.name + "'")) << message;
    }
}

INSTANTIATE_TEST_SUITE_P(BothLattices, CorruptionPerLattice, ::testing::Values(LatticeKind::Square, LatticeKind::Triangle),
                         [](const auto& info) { return std::string(latticeKindName(info.param)); });

TEST(MapFileCorruption, TextModeSignatureDamageIsRecognised)
{
    QByteArray file = sampleFile();
    file.replace(QByteArray("\r\n", 2), QByteArray("\n")); // what a text-mode transfer does
    EXPECT_TRUE(corruptionContains(refusal(file), "not a Riverbed map: the signature is damaged"));
    EXPECT_TRUE(corruptionContains(refusal(QByteArray("\x89PNG\r\n\x1a\n....")), "not a Riverbed map"));
}

TEST(MapFileCorruption, VersionZeroIsUnsupported)
{
    QByteArray file = sampleFile();
    test::putU32(file, FileLayout::versionOffset, 0);
    EXPECT_TRUE(corruptionContains(refusal(file), "unsupported format version 0"));
    test::putU32(file, FileLayout::versionOffset, 0xFFFFFFFFu);
    EXPECT_TRUE(corruptionContains(refusal(file), "newer Riverbed"));
}

TEST(MapFileCorruption, HeaderLengthBeyondTheFileIsTruncation)
{
    QByteArray file = sampleFile();
    test::putU32(file, FileLayout::headerLengthOffset, 0xFFFFFFF0u);
    test::resetLargestAllocation();
    EXPECT_TRUE(corruptionContains(refusal(file), "truncated: the header claims 4294967280 bytes"));
    EXPECT_LT(test::largestAllocation(), std::size_t{1} << 20);
}

TEST(MapFileCorruption, MalformedHeadersSayWhatIsWrong)
{
    const QByteArray file = sampleFile();
    EXPECT_TRUE(corruptionContains(refusal(test::withHeaderJson(file, "[1, 2, 3]")), "malformed header: the JSON header must be an object"));
    const auto edited = [&](const std::function<void(QJsonObject&)>& edit) { return refusal(test::withHeader(file, editHeader(file, edit))); };
    EXPECT_TRUE(corruptionContains(edited([](QJsonObject& h) { QJsonObject p = h["params"].toObject(); p.remove("dt"); h["params"] = p; }),
                         "malformed header: 'params.dt' is missing"));
    EXPECT_TRUE(corruptionContains(edited([](QJsonObject& h) { setNested(h, "params", "dt", 0.05); }), "malformed header: 'params.dt' must be a finite number"));
    EXPECT_TRUE(corruptionContains(edited([](QJsonObject& h) { h["time"] = "nan"; }), "malformed header: 'time'"));
    EXPECT_TRUE(corruptionContains(edited([](QJsonObject& h) { h["steps"] = "12.5"; }), "malformed header: 'steps'"));
    EXPECT_TRUE(corruptionContains(edited([](QJsonObject& h) { h["boundary"] = QJsonArray{1}; }), "malformed header: 'boundary[0]' must be an object"));
    EXPECT_TRUE(corruptionContains(edited([](QJsonObject& h) { h.remove("generatorSettings"); }), "malformed header: 'generatorSettings' is missing"));
    // The writer leaves cflTarget out for a fixed dt: present, it must be a CFL number, never a
    // quiet switch to a fixed dt.
    EXPECT_TRUE(corruptionContains(edited([](QJsonObject& h) { setNested(h, "params", "cflTarget", "0"); }), "'params.cflTarget' is 0, not a CFL number"));
    EXPECT_TRUE(corruptionContains(edited([](QJsonObject& h) { setNested(h, "params", "cflTarget", "7"); }), "'params.cflTarget' is 7, not a CFL number"));
    EXPECT_TRUE(corruptionContains(edited([](QJsonObject& h) { setNested(h, "params", "cflTarget", 0.5); }), "'params.cflTarget' must be"));
}

TEST(MapFileCorruption, UnknownNamesAreNamed)
{
    const QByteArray file = sampleFile();
    const auto edited = [&](const std::function<void(QJsonObject&)>& edit) { return refusal(test::withHeader(file, editHeader(file, edit))); };
    EXPECT_TRUE(corruptionContains(edited([](QJsonObject& h) { setNested(h, "lattice", "kind", "hexagon"); }), "unknown lattice kind 'hexagon' in 'lattice.kind'"));
    const auto editFirst = [](const QString& list, const QString& key, const QString& value) {
        return [=](QJsonObject& h) {
            QJsonArray array = h[list].toArray();
            QJsonObject first = array[0].toObject();
            first[key] = value;
            array[0] = first;
            h[list] = array;
        };
    };
    EXPECT_TRUE(corruptionContains(edited(editFirst("boundary", "type", "lava")), "unknown boundary type 'lava' in 'boundary[0].type'"));
    EXPECT_TRUE(corruptionContains(edited(editFirst("boundary", "side", "up")), "unknown boundary side 'up' in 'boundary[0].side'"));
    EXPECT_TRUE(corruptionContains(edited(editFirst("sources", "kind", "geyser")), "unknown source kind 'geyser' in 'sources[0].kind'"));
}

TEST(MapFileCorruption, InvalidValuesAreRefusedWithTheModelsReason)
{
    Map map = test::randomMap(LatticeKind::Triangle, 6, 6, 8);
    map.state.bed(1, 2) = std::numeric_limits<float>::quiet_NaN();
    EXPECT_TRUE(corruptionContains(refusal(io::encodeMap(map)), "invalid values: terrain has a non-finite value at (1, 2)"));
    map = test::randomMap(LatticeKind::Triangle, 6, 6, 8);
    map.state.flows[2][5] = std::numeric_limits<float>::infinity();
    EXPECT_TRUE(corruptionContains(refusal(io::encodeMap(map)), "invalid values: flow has a non-finite value"));
    map = test::randomMap(LatticeKind::Triangle, 6, 6, 8);
    map.params.friction = 1.5;
    EXPECT_TRUE(corruptionContains(refusal(io::encodeMap(map)), "invalid values: friction"));
    const QByteArray file = sampleFile();
    EXPECT_TRUE(corruptionContains(refusal(test::withHeader(file, editHeader(file, [](QJsonObject& h) { setNested(h, "lattice", "cellSize", "-2"); }))),
                         "invalid values: cell size"));
}

// A 100000² lattice in a file of a few kilobytes must be refused before anything is sized from it.
TEST(MapFileCorruption, AbsurdDimensionsFailFastWithoutAllocating)
{
    const QByteArray file = sampleFile();
    const QByteArray forged = test::withHeader(file, editHeader(file, [](QJsonObject& h) {
        setNested(h, "lattice", "width", 100000);
        setNested(h, "lattice", "height", 100000);
    }));
    test::resetLargestAllocation();
    const auto start = std::chrono::steady_clock::now();
    EXPECT_TRUE(corruptionContains(refusal(forged), "absurd lattice dimensions 100000x100000"));
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(100));
    EXPECT_LT(test::largestAllocation(), std::size_t{1} << 20);
}

// The largest legal lattice with records claiming 1 GiB each but holding a few hundred bytes:
// the sizes are legal, the file cannot justify them, nothing of that size may be allocated.
TEST(MapFileCorruption, SizesTheFileCannotJustifyAreRefusedBeforeAllocation)
{
    QByteArray file = sampleFile();
    const int side = Lattice::kMaxSide;
    file = test::withHeader(file, editHeader(file, [&](QJsonObject& h) {
        setNested(h, "lattice", "width", side);
        setNested(h, "lattice", "height", side);
    }));
    const test::ArrayRecordLayout bed = parseLayout(file).arrays[0];
    test::putU32(file, bed.widthOffset, side);
    test::putU32(file, bed.heightOffset, side);
    test::putU64(file, bed.rawSizeOffset, std::uint64_t{side} * side * 4);
    test::resetLargestAllocation();
    EXPECT_TRUE(corruptionContains(refusal(file), "implausible array 'bed'"));
    EXPECT_LT(test::largestAllocation(), std::size_t{1} << 20);
}

TEST(MapFileCorruption, RecordSizesAreCheckedAgainstTheFile)
{
    const QByteArray file = sampleFile();
    const test::ArrayRecordLayout depth = parseLayout(file).arrays[1];
    QByteArray forged = file;
    test::putU64(forged, depth.compressedSizeOffset, std::uint64_t{1} << 60);
    EXPECT_TRUE(corruptionContains(refusal(forged), "truncated: array 'depth' needs 1152921504606846976 compressed bytes"));
    forged = file;
    test::putU64(forged, depth.rawSizeOffset, 12);
    EXPECT_TRUE(corruptionContains(refusal(forged), "inconsistent dimensions: array 'depth' claims 12 bytes"));
    forged = file;
    forged[static_cast<qsizetype>(depth.start + 1)] = 'D';
    EXPECT_TRUE(corruptionContains(refusal(forged), "malformed array table: found array 'Depth' where 'depth' belongs"));
    EXPECT_TRUE(corruptionContains(refusal(file + "xyz"), "3 unexpected bytes after the last array"));
}

// Random damage of every kind: the reader answers with a message or a valid map, never a crash.
TEST(MapFileCorruption, RandomDamageNeverCrashes)
{
    const QByteArray file = sampleFile(LatticeKind::Triangle);
    std::mt19937 rng(7);
    std::uniform_int_distribution<qsizetype> position(0, file.size() - 1);
    std::uniform_int_distribution<int> byte(0, 255);
    for (int round = 0; round < 3000; ++round) {
        QByteArray damaged = file;
        const int edits = 1 + round % 4;
        for (int e = 0; e < edits; ++e) {
            const qsizetype at = position(rng) % damaged.size();
            switch (round % 3) {
            case 0: damaged[at] = static_cast<char>(byte(rng)); break;
            case 1: damaged.insert(at, static_cast<char>(byte(rng))); break;
            default: damaged.remove(at, 1 + byte(rng) % 16); break;
            }
        }
        QString error;
        const std::optional<Map> map = io::decodeMap(damaged, &error);
        if (map) {
            EXPECT_EQ(map->validate(), "");
        } else {
            EXPECT_FALSE(error.isEmpty());
        }
    }
}

} // namespace
} // namespace rb
