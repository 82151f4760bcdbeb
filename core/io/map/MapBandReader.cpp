#include "io/map/MapBandReader.h"

#include "io/map/ArrayBlock.h"
#include "io/map/ByteReader.h"
#include "io/map/MapFile.h"

#include <QFile>

#include <zlib.h>

#include <algorithm>
#include <bit>
#include <cstring>
#include <new>
#include <string_view>
#include <vector>

namespace rb::io {
namespace {

constexpr qint64 kChunk = 1 << 20;             // compressed and raw bytes handled at a time
constexpr qint64 kLongestHead = 1 + 255 + 28; // name length, name, sizes and CRC
constexpr qint64 kHeadStart = 10 + 4 + 4;     // signature, version, JSON length

std::uint32_t littleEndianU32(const QByteArray& bytes, qsizetype at)
{
    std::uint32_t value = 0;
    for (int i = 3; i >= 0; --i) value = (value << 8) | static_cast<unsigned char>(bytes[at + i]);
    return value;
}

// The arrays of one file, read in order, each inflated whole and cut to the band's rows.
class BandArrays {
public:
    BandArrays(QFile& file, const Lattice& whole, int s, int e) : file_(file), whole_(whole), s_(s), e_(e) {}

    // The next array, which must be `name` with the map's (padded) size; its band rows.
    template <typename T> std::optional<Field<T>> read(const std::string& name, bool padded, QString* error);
    bool nextIs(std::string_view prefix) const; // the next array's name starts with `prefix`
    bool atEnd() const { return file_.atEnd(); }

private:
    template <typename T> bool inflateRows(const RecordHead& head, const std::string& name, Field<T>& rows, std::uint64_t keepFrom, QString* error);

    QFile& file_;
    Lattice whole_;
    int s_, e_;
};

bool BandArrays::nextIs(std::string_view prefix) const
{
    const QByteArray bytes = file_.peek(kLongestHead);
    ByteReader in(bytes.constData(), static_cast<std::size_t>(bytes.size()));
    std::uint8_t length = 0;
    std::string_view name;
    return in.readU8(length) && in.readBytes(length, name) && name.substr(0, prefix.size()) == prefix;
}

template <typename T> std::optional<Field<T>> BandArrays::read(const std::string& name, bool padded, QString* error)
{
    const int width = padded ? whole_.paddedWidth() : whole_.width(), height = padded ? whole_.paddedHeight() : whole_.height();
    const ArrayExpectation expected{name, width, height};
    const QByteArray bytes = file_.peek(kLongestHead);
    ByteReader in(bytes.constData(), static_cast<std::size_t>(bytes.size()));
    if (file_.atEnd()) in = ByteReader(nullptr, 0);
    const std::optional<RecordHead> head = readRecordHead(in, expected, error);
    if (!head) return std::nullopt;
    file_.skip(static_cast<qint64>(in.position()));
    if (!checkRecordHead<T>(*head, expected, static_cast<std::size_t>(file_.size() - file_.pos()), error)) return std::nullopt;
    // Padded rows s … e+1 are the map's rows s−1 … e.
    const int bandRows = e_ - s_ + (padded ? 2 : 0);
    std::optional<Field<T>> rows;
    try {
        rows.emplace(width, bandRows);
    } catch (const std::bad_alloc&) {
        *error = QString("out of memory reading rows %1–%2 of array '%3'").arg(s_).arg(e_).arg(QString::fromStdString(name));
        return std::nullopt;
    }
    const std::uint64_t keepFrom = std::uint64_t{static_cast<std::uint32_t>(s_)} * static_cast<std::uint64_t>(width) * sizeof(T);
    if (!inflateRows(*head, name, *rows, keepFrom, error)) return std::nullopt;
    if (padded && s_ > 0) std::fill_n(rows->values().begin(), width, T{}); // the band's own edge, not the map's
    if (padded && e_ < whole_.height()) std::fill_n(rows->values().end() - width, width, T{});
    return rows;
}

// Inflates the record's whole stream, checking its sizes and CRC, and keeps the raw bytes from
// `keepFrom` on that fill `rows`.
template <typename T>
bool BandArrays::inflateRows(const RecordHead& head, const std::string& name, Field<T>& rows, std::uint64_t keepFrom, QString* error)
{
    z_stream stream{};
    if (inflateInit(&stream) != Z_OK) return *error = damagedArrayMessage(name, Z_MEM_ERROR), false;
    std::vector<char> in(static_cast<std::size_t>(kChunk)), out(static_cast<std::size_t>(kChunk));
    char* kept = reinterpret_cast<char*>(rows.data());
    const std::uint64_t keepTo = keepFrom + rows.size() * sizeof(T);
    std::uint64_t leftIn = head.compressedSize, produced = 0;
    std::uint32_t crc = static_cast<std::uint32_t>(crc32_z(0L, Z_NULL, 0));
    int status = Z_OK;
    while (status == Z_OK) {
        if (stream.avail_in == 0 && leftIn > 0) {
            const qint64 got = file_.read(in.data(), std::min<qint64>(kChunk, static_cast<qint64>(leftIn)));
            if (got <= 0) break; // checked against the file's size before: only a failing disk gets here
            leftIn -= static_cast<std::uint64_t>(got);
            stream.next_in = reinterpret_cast<Bytef*>(in.data());
            stream.avail_in = static_cast<uInt>(got);
        }
        stream.next_out = reinterpret_cast<Bytef*>(out.data());
        stream.avail_out = static_cast<uInt>(out.size());
        status = inflate(&stream, Z_NO_FLUSH);
        const std::uint64_t n = out.size() - stream.avail_out;
        crc = static_cast<std::uint32_t>(crc32_z(crc, reinterpret_cast<const Bytef*>(out.data()), n));
        const std::uint64_t from = std::max(produced, keepFrom), to = std::min(produced + n, keepTo);
        if (from < to) std::memcpy(kept + (from - keepFrom), out.data() + (from - produced), to - from);
        produced += n;
        if (status == Z_BUF_ERROR && stream.avail_in == 0 && leftIn > 0) status = Z_OK; // it wants the next chunk
    }
    const bool whole = status == Z_STREAM_END && leftIn == 0 && stream.avail_in == 0 && produced == head.rawSize;
    inflateEnd(&stream);
    // The stream must end exactly where the record says and fill the array exactly.
    if (!whole) return *error = damagedArrayMessage(name, status == Z_BUF_ERROR ? Z_DATA_ERROR : status), false;
    if (crc != head.crc) return *error = checksumMismatchMessage(name, head.crc, crc), false;
    if constexpr (std::endian::native == std::endian::big)
        for (std::size_t i = 0; i < rows.size() * sizeof(T); i += sizeof(T)) std::reverse(kept + i, kept + i + sizeof(T));
    return true;
}

// The arrays in file order (readArrays in MapFile.cpp is the whole-map reader they follow).
bool readFloatArrays(BandArrays& arrays, const MapFileHead& head, MapState& state, QString* error)
{
    const MapHeader& header = head.header;
    const Lattice& lattice = header.lattice;
    const auto take = [&](const std::string& name, bool padded, FloatField& into) {
        std::optional<FloatField> field = arrays.read<float>(name, padded, error);
        if (field) into = std::move(*field);
        return field.has_value();
    };
    const auto takeFamilies = [&](const std::string& prefix, std::vector<FloatField>& into) {
        into.resize(static_cast<std::size_t>(lattice.familyCount()));
        for (int f = 0; f < lattice.familyCount(); ++f)
            if (!take(prefix + std::string(lattice.family(f).name), true, into[static_cast<std::size_t>(f)])) return false;
        return true;
    };
    if (!take("bed", false, state.bed) || !take("depth", false, state.depth) || !takeFamilies("flow.", state.flows)) return false;
    if (header.params.model == FlowModel::Pipes && arrays.nextIs("velocity.")) {
        *error = "this pipes map holds stray velocities (saved by a Riverbed before 2026-11-26): run it once with one process, which reads "
                 "and saves it without them, then across ranks";
        return false;
    }
    if (header.params.model == FlowModel::Momentum && (head.version == 2 ? !arrays.atEnd() : arrays.nextIs("velocity."))
        && !takeFamilies("velocity.", state.velocities))
        return false;
    state.dye.resize(header.dyeLedgers.size());
    for (std::size_t c = 0; c < state.dye.size(); ++c)
        if (!take("dye." + std::to_string(c), false, state.dye[c])) return false;
    if (header.currents) {
        state.currents.resize(2);
        if (!take("current.x", false, state.currents[0]) || !take("current.y", false, state.currents[1])) return false;
        if (arrays.nextIs("current.flow.") && !takeFamilies("current.flow.", state.currentFlows)) return false;
    }
    const bool present[] = {header.erosionArrays.erodibility, header.erosionArrays.sediment, header.erosionArrays.deposition,
                            header.erosionArrays.bedRemainder};
    FloatField* const targets[] = {&state.erodibility, &state.sediment, &state.deposition, &state.bedRemainder};
    for (std::size_t i = 0; i < erosionArrayNames().size(); ++i)
        if (present[i] && !take(erosionArrayNames()[i], false, *targets[i])) return false;
    return true;
}

bool readMeanArrays(BandArrays& arrays, const MapHeader& header, MapState& state, QString* error)
{
    const std::vector<std::string> names = meanArrayNames(header.lattice);
    MeanFlow mean = meanWindowOf(header);
    for (std::size_t i = 0; i < names.size(); ++i) {
        const bool cells = i + 1 == names.size();
        std::optional<DoubleField> field = arrays.read<double>(names[i], !cells, error);
        if (!field) return false;
        if (cells) mean.depthSums = std::move(*field);
        else mean.flowSums.push_back(std::move(*field));
    }
    state.meanFlow = std::move(mean);
    return true;
}

std::optional<MapState> readRows(QFile& file, const MapFileHead& head, int s, int e, QString* error)
{
    const MapHeader& header = head.header;
    const Lattice& whole = header.lattice;
    MapState state;
    state.lattice = Lattice(whole.kind(), whole.width(), e - s, whole.cellSize());
    state.time = header.time;
    state.steps = header.steps;
    state.ledger = header.ledger;
    state.dyeLedgers = header.dyeLedgers;
    state.sedimentLedger = header.sedimentLedger;
    BandArrays arrays(file, whole, s, e);
    if (!readFloatArrays(arrays, head, state, error)) return std::nullopt;
    if (header.meanWindow && !readMeanArrays(arrays, header, state, error)) return std::nullopt;
    if (!file.atEnd()) {
        *error = QString("malformed file: %1 unexpected bytes after the last array").arg(file.size() - file.pos());
        return std::nullopt;
    }
    if (const std::string invalid = state.validate(); !invalid.empty()) {
        *error = "invalid values: " + QString::fromStdString(invalid);
        return std::nullopt;
    }
    return state;
}

} // namespace

std::optional<MapFileHead> readMapFileHead(const QString& path, QString* error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = QString("%1: cannot open: %2").arg(path, file.errorString());
        return std::nullopt;
    }
    // The JSON's length is checked against the file's size before anything is sized from it.
    QByteArray bytes = file.read(kHeadStart);
    if (bytes.size() == kHeadStart) bytes += file.read(std::min<qint64>(qint64{littleEndianU32(bytes, kHeadStart - 4)} + 4, file.size() - file.pos()));
    ByteReader in(bytes.constData(), static_cast<std::size_t>(bytes.size()));
    MapFileHead head;
    QString problem;
    std::optional<MapHeader> header = decodeMapHeader(in, head.version, &problem);
    if (!header) {
        *error = path + ": " + problem;
        return std::nullopt;
    }
    head.header = std::move(*header);
    head.arraysAt = static_cast<std::int64_t>(in.position());
    return head;
}

std::optional<MapState> readMapFileRows(const QString& path, const MapFileHead& head, int s, int e, QString* error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly) || !file.seek(head.arraysAt)) {
        *error = QString("%1: cannot open: %2").arg(path, file.errorString());
        return std::nullopt;
    }
    QString problem;
    std::optional<MapState> rows;
    try {
        rows = readRows(file, head, s, e, &problem);
    } catch (const std::bad_alloc&) {
        problem = QString("out of memory reading rows %1–%2 of the map").arg(s).arg(e);
    }
    if (!rows) *error = path + ": " + problem;
    return rows;
}

} // namespace rb::io
