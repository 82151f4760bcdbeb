#include "io/map/MapFile.h"


#include "io/map/ArrayBlock.h"
#include "io/map/ByteReader.h"
#include "io/map/ByteWriter.h"
#include "io/map/MapHeader.h"
#include "io/transaction/AtomicFile.h"
#include "model/MemoryBudget.h"

#include <QBuffer>
#include <QFile>
#include <QJsonDocument>

#include <zlib.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <new>
#include <string_view>

namespace rb::io {
namespace {

std::uint32_t mapCrcOf(std::string_view bytes)
{
    return static_cast<std::uint32_t>(crc32_z(crc32_z(0L, Z_NULL, 0), reinterpret_cast<const Bytef*>(bytes.data()), bytes.size()));
}

// The erosion fields in file order (erosionArrayNames()), empty ones included.
std::array<const FloatField*, 4> erosionArrays(const MapState& state)
{
    return {&state.erodibility, &state.sediment, &state.deposition, &state.bedRemainder};
}

} // namespace

bool writeMapHead(QIODevice& out, const Map& map)
{
    const QByteArray json = QJsonDocument(headerToJson(map)).toJson(QJsonDocument::Indented);
    QByteArray head;
    ByteWriter writer(head);
    writer.bytes(kMapSignature, kMapSignatureSize);
    writer.u32(mapFormatVersion(map));
    writer.u32(static_cast<std::uint32_t>(json.size()));
    writer.bytes(json.constData(), static_cast<std::size_t>(json.size()));
    writer.u32(mapCrcOf(std::string_view(json.constData(), static_cast<std::size_t>(json.size()))));
    return out.write(head) == head.size();
}

namespace {

bool checkSignature(ByteReader& in, QString* error)
{
    const std::string_view expected(kMapSignature, kMapSignatureSize);
    std::string_view present;
    const bool complete = in.readBytes(kMapSignatureSize, present);
    if (complete && present == expected) return true;
    if (!complete) in.readBytes(in.remaining(), present);
    if (!complete && expected.substr(0, present.size()) == present) {
        *error = QString("truncated: the file ends inside the signature (%1 of %2 bytes)").arg(present.size()).arg(kMapSignatureSize);
    } else if (present.size() > 6 && present.substr(1, 5) == "RBMAP") {
        *error = "not a Riverbed map: the signature is damaged (was the file transferred as text?)";
    } else {
        *error = "not a Riverbed map (the file does not start with the .rbmap signature)";
    }
    return false;
}

bool checkVersion(ByteReader& in, std::uint32_t& version, QString* error)
{
    if (!in.readU32(version)) {
        *error = "truncated: the file ends inside the header";
    } else if (version > kMapFormatVersion) {
        *error = QString("unsupported format version %1: the file was written by a newer Riverbed (this build reads version %2)")
                     .arg(version).arg(kMapFormatVersion);
    } else if (version == 0) {
        *error = "unsupported format version 0";
    } else {
        return true;
    }
    return false;
}

std::optional<QJsonObject> readHeaderJson(ByteReader& in, QString* error)
{
    std::uint32_t length = 0, storedCrc = 0;
    std::string_view json;
    // The length is checked against the bytes present before anything is sized from it.
    if (!in.readU32(length)) {
        *error = "truncated: the file ends inside the header";
        return std::nullopt;
    }
    if (!in.readBytes(length, json) || !in.readU32(storedCrc)) {
        *error = QString("truncated: the header claims %1 bytes of JSON and its checksum, only %2 bytes remain")
                     .arg(length).arg(in.remaining());
        return std::nullopt;
    }
    if (mapCrcOf(json) != storedCrc) {
        *error = "checksum mismatch in the header";
        return std::nullopt;
    }
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(QByteArray(json.data(), static_cast<qsizetype>(json.size())), &parseError);
    if (document.isNull()) {
        *error = QString("malformed header: %1 at byte %2 of the JSON").arg(parseError.errorString()).arg(parseError.offset);
        return std::nullopt;
    }
    if (!document.isObject()) {
        *error = "malformed header: the JSON header must be an object";
        return std::nullopt;
    }
    return document.object();
}

// True when the next array record is named `prefix`… (the reader looks without moving on).
bool nextArrayIs(ByteReader in, std::string_view prefix)
{
    std::uint8_t length = 0;
    std::string_view name;
    return in.readU8(length) && in.readBytes(length, name) && name.substr(0, prefix.size()) == prefix;
}

std::string dyeArrayName(std::size_t channel)
{
    return "dye." + std::to_string(channel);
}

std::string currentFluxArrayName(const Lattice& lattice, int family)
{
    return "current.flow." + std::string(lattice.family(family).name);
}

std::optional<FloatField> readNamedArray(ByteReader& in, const std::string& name, int width, int height, QString* error,
                                         bool namesShifted = false)
{
    return readArrayBlock(in, ArrayExpectation{name, width, height, namesShifted}, error);
}

bool nextArrayHasSize(ByteReader in, int width, int height)
{
    std::uint8_t length = 0;
    std::string_view name;
    std::uint32_t w = 0, h = 0;
    return in.readU8(length) && in.readBytes(length, name) && in.readU32(w) && in.readU32(h) && w == static_cast<std::uint32_t>(width)
           && h == static_cast<std::uint32_t>(height);
}

// Riverbed before 2026-11-26 could save a pipes map with the momentum model's face velocities
// after its flows (the CPU solver kept stale ones after a switch to pipes), giving each array from
// there on the name of the one before it. Nothing else in a pipes map has the flows' padded size
// right after them, so such a file is recognised, its velocities skipped, and the arrays after them
// read by position and size. Returns whether it skipped them (the names after are then shifted),
// or nullopt after reporting a damaged record.
std::optional<bool> skipStrayVelocities(ByteReader& in, const MapHeader& header, QString* error)
{
    const Lattice& lattice = header.lattice;
    const int pw = lattice.paddedWidth(), ph = lattice.paddedHeight();
    // The time-mean flow's face sums (version 5) have the flows' size too, and their own names.
    if (header.params.model != FlowModel::Pipes || !nextArrayHasSize(in, pw, ph) || nextArrayIs(in, "mean.")) return false;
    for (int f = 0; f < lattice.familyCount(); ++f)
        if (!readNamedArray(in, "velocity." + std::string(lattice.family(f).name), pw, ph, error, true)) return std::nullopt;
    return true;
}

} // namespace

MeanFlow meanWindowOf(const MapHeader& header)
{
    MeanFlow mean;
    mean.from = header.meanWindow->from;
    mean.to = header.meanWindow->to;
    mean.seconds = header.meanWindow->seconds;
    return mean;
}

namespace {

// Format version 5: the time-mean flow's float64 sums, the faces' per family and then the cells'.
bool readMeanFlow(ByteReader& in, const MapHeader& header, MapState& state, QString* error)
{
    const Lattice& lattice = header.lattice;
    const std::vector<std::string> names = meanArrayNames(lattice);
    MeanFlow mean = meanWindowOf(header);
    for (std::size_t i = 0; i < names.size(); ++i) {
        const bool cells = i + 1 == names.size();
        const int w = cells ? lattice.width() : lattice.paddedWidth(), h = cells ? lattice.height() : lattice.paddedHeight();
        std::optional<DoubleField> field = readDoubleArrayBlock(in, ArrayExpectation{names[i], w, h}, error);
        if (!field) return false;
        if (cells) mean.depthSums = std::move(*field);
        else mean.flowSums.push_back(std::move(*field));
    }
    state.meanFlow = std::move(mean);
    return true;
}

std::optional<MapState> readArrays(ByteReader& in, const MapHeader& header, std::uint32_t version, QString* error)
{
    const Lattice& lattice = header.lattice;
    MapState state; // filled array by array: MapState(lattice) would allocate before the file justifies it
    state.lattice = lattice;
    state.time = header.time;
    state.steps = header.steps;
    state.ledger = header.ledger;
    state.dyeLedgers = header.dyeLedgers;
    state.sedimentLedger = header.sedimentLedger;
    const int w = lattice.width(), h = lattice.height(), pw = lattice.paddedWidth(), ph = lattice.paddedHeight();
    const std::vector<std::string> names = mapArrayNames(lattice);
    for (std::size_t i = 0; i < names.size(); ++i) {
        const bool padded = i >= 2; // flows carry a ghost ring
        std::optional<FloatField> field = readNamedArray(in, names[i], padded ? pw : w, padded ? ph : h, error);
        if (!field) return std::nullopt;
        if (i == 0) state.bed = std::move(*field);
        else if (i == 1) state.depth = std::move(*field);
        else state.flows.push_back(std::move(*field));
    }
    const std::optional<bool> skipped = skipStrayVelocities(in, header, error);
    if (!skipped) return std::nullopt;
    const bool namesShifted = *skipped;
    // Velocities follow the flows in a momentum map that was saved moving (version 2 ends with
    // them; in version 3 the dye may follow).
    if (header.params.model == FlowModel::Momentum && (version == 2 ? !in.atEnd() : nextArrayIs(in, "velocity.")))
        for (int f = 0; f < lattice.familyCount(); ++f) {
            std::optional<FloatField> field = readNamedArray(in, "velocity." + std::string(lattice.family(f).name), pw, ph, error);
            if (!field) return std::nullopt;
            state.velocities.push_back(std::move(*field));
        }
    for (std::size_t c = 0; c < header.dyeLedgers.size(); ++c) {
        std::optional<FloatField> field = readNamedArray(in, dyeArrayName(c), w, h, error, namesShifted);
        if (!field) return std::nullopt;
        state.dye.push_back(std::move(*field));
    }
    for (const char* name : {"current.x", "current.y"}) {
        if (!header.currents) break;
        std::optional<FloatField> field = readNamedArray(in, name, w, h, error, namesShifted);
        if (!field) return std::nullopt;
        state.currents.push_back(std::move(*field));
    }
    // The faces' fluxes follow the cells' current in maps stored since the dye rides on it.
    if (header.currents && (namesShifted ? nextArrayHasSize(in, pw, ph) : nextArrayIs(in, "current.flow.")))
        for (int f = 0; f < lattice.familyCount(); ++f) {
            std::optional<FloatField> field = readNamedArray(in, currentFluxArrayName(lattice, f), pw, ph, error, namesShifted);
            if (!field) return std::nullopt;
            state.currentFlows.push_back(std::move(*field));
        }
    // Format version 4: the erosion arrays the header lists.
    const bool erosionPresent[] = {header.erosionArrays.erodibility, header.erosionArrays.sediment, header.erosionArrays.deposition,
                                   header.erosionArrays.bedRemainder};
    FloatField* const erosionTargets[] = {&state.erodibility, &state.sediment, &state.deposition, &state.bedRemainder};
    for (std::size_t i = 0; i < erosionArrayNames().size(); ++i) {
        if (!erosionPresent[i]) continue;
        std::optional<FloatField> field = readNamedArray(in, erosionArrayNames()[i], w, h, error, namesShifted);
        if (!field) return std::nullopt;
        *erosionTargets[i] = std::move(*field);
    }
    if (header.meanWindow && !readMeanFlow(in, header, state, error)) return std::nullopt;
    if (!in.atEnd()) {
        *error = QString("malformed file: %1 unexpected bytes after the last array").arg(in.remaining());
        return std::nullopt;
    }
    return state;
}

bool isFinite(const VolumeLedger& l)
{
    for (double v : {l.boundaryIn, l.boundaryOut, l.springs, l.drains, l.rain, l.evaporation, l.edited})
        if (!std::isfinite(v)) return false;
    return true;
}

} // namespace

std::vector<NamedArray> namedArrays(const Map& map)
{
    const MapState& state = map.state;
    const Lattice& lattice = state.lattice;
    std::vector<NamedArray> arrays{{"bed", &state.bed}, {"depth", &state.depth}};
    for (std::size_t f = 0; f < state.flows.size(); ++f) {
        // A map with more flow arrays than its lattice has families is invalid; name the extras
        // anyway so that the reader reports them instead of the writer crashing.
        const auto family = static_cast<int>(f);
        const std::string name = family < lattice.familyCount() ? "flow." + std::string(lattice.family(family).name) : "flow.extra" + std::to_string(f);
        arrays.push_back({name, &state.flows[f]});
    }
    if (map.params.model == FlowModel::Momentum)
        for (std::size_t f = 0; f < state.velocities.size() && static_cast<int>(f) < lattice.familyCount(); ++f)
            arrays.push_back({"velocity." + std::string(lattice.family(static_cast<int>(f)).name), &state.velocities[f]});
    for (std::size_t c = 0; c < state.dye.size(); ++c) arrays.push_back({dyeArrayName(c), &state.dye[c]});
    if (!state.currents.empty()) {
        const char* names[] = {"current.x", "current.y"};
        for (std::size_t i = 0; i < state.currents.size() && i < 2; ++i) arrays.push_back({names[i], &state.currents[i]});
    }
    for (std::size_t f = 0; f < state.currentFlows.size(); ++f)
        arrays.push_back({currentFluxArrayName(lattice, static_cast<int>(f)), &state.currentFlows[f]});
    const auto erosion = erosionArrays(state);
    for (std::size_t i = 0; i < erosion.size(); ++i)
        if (!erosion[i]->empty()) arrays.push_back({erosionArrayNames()[i], erosion[i]});
    return arrays;
}

std::vector<NamedMeanArray> namedMeanArrays(const MapState& state)
{
    std::vector<NamedMeanArray> arrays;
    if (state.meanFlow.empty()) return arrays;
    const std::vector<std::string> names = meanArrayNames(state.lattice);
    for (std::size_t f = 0; f < state.meanFlow.flowSums.size() && f + 1 < names.size(); ++f) arrays.push_back({names[f], &state.meanFlow.flowSums[f]});
    arrays.push_back({names.back(), &state.meanFlow.depthSums});
    return arrays;
}

bool mapHoldsErosion(const Map& map)
{
    const auto bringsSediment = [](const auto& item) { return item.sediment != 0.0; };
    return map.state.hasErosionState() || map.params.erosion != ErosionParams{}
           || std::any_of(map.boundary.begin(), map.boundary.end(), bringsSediment)
           || std::any_of(map.sources.begin(), map.sources.end(), bringsSediment);
}

std::uint32_t mapFormatVersion(const Map& map)
{
    if (!map.state.meanFlow.empty()) return 5;
    if (mapHoldsErosion(map)) return 4;
    // The dye parameters too: the reader refuses them below version 3 (headerNeedsVersion3).
    if (map.usesDye() || map.params.dyeDiffusivity != 0.0 || map.params.dyeHalfLife != 0.0 || !map.state.currents.empty()) return 3;
    return map.params.model == FlowModel::Pipes ? 1 : 2;
}

std::vector<std::string> mapArrayNames(const Lattice& lattice)
{
    std::vector<std::string> names{"bed", "depth"};
    for (int f = 0; f < lattice.familyCount(); ++f) names.push_back("flow." + std::string(lattice.family(f).name));
    return names;
}

bool writeMap(QIODevice& out, const Map& map, const WriteProgress& progress)
{
    const auto report = [&](int percent) {
        if (progress) progress(percent);
    };
    report(0);
    if (!writeMapHead(out, map)) return false;
    const std::vector<NamedArray> arrays = namedArrays(map);
    const std::vector<NamedMeanArray> means = namedMeanArrays(map.state);
    const std::size_t total = arrays.size() + 2 * means.size(); // a float64 array is two floats' worth of work
    for (std::size_t i = 0; i < arrays.size(); ++i) {
        if (!writeArrayBlock(out, arrays[i].name, *arrays[i].field)) return false;
        // Every array is the same size, so each is an equal share of the work (the header is tiny).
        report(static_cast<int>(100 * (i + 1) / total));
    }
    for (std::size_t i = 0; i < means.size(); ++i) {
        if (!writeDoubleArrayBlock(out, means[i].name, *means[i].field)) return false;
        report(static_cast<int>(100 * (arrays.size() + 2 * (i + 1)) / total));
    }
    return true;
}

QByteArray encodeMap(const Map& map)
{
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    writeMap(buffer, map);
    return bytes;
}

namespace {

bool headerNeedsVersion3(const MapHeader& header)
{
    return !header.dyeLedgers.empty() || header.params.dyeDiffusivity != 0.0 || header.params.dyeHalfLife != 0.0
           || dyeChannelsReferenced(header.boundary, header.sources) > 0 || header.currents;
}

// A map too large for the memory left is refused before its arrays are allocated.
std::string memoryRefusal(const MapHeader& header)
{
    const Lattice& lattice = header.lattice;
    const std::string what = "reading this " + std::to_string(lattice.width()) + "×" + std::to_string(lattice.height()) + " map";
    // The erosion arrays the header lists, W×H floats each, on top of the water's.
    const MapHeader::ErosionArrays& e = header.erosionArrays;
    const std::uint64_t erosionBytes = static_cast<std::uint64_t>(int{e.erodibility} + int{e.sediment} + int{e.deposition} + int{e.bedRemainder})
                                       * static_cast<std::uint64_t>(lattice.cellCount()) * sizeof(float);
    // The time-mean flow's float64 sums: the cells' and one padded array per family.
    const std::uint64_t meanBytes = header.meanWindow ? (static_cast<std::uint64_t>(lattice.cellCount())
                                                         + static_cast<std::uint64_t>(lattice.familyCount()) * static_cast<std::uint64_t>(lattice.paddedWidth())
                                                               * static_cast<std::uint64_t>(lattice.paddedHeight())) * sizeof(double)
                                                      : 0;
    return MemoryBudget::refusal(MemoryBudget::mapBytes(lattice, header.params.model) + erosionBytes + meanBytes, what);
}

std::optional<MapState> readArraysOrReport(ByteReader& in, const MapHeader& header, std::uint32_t version, QString* problem)
{
    try {
        return readArrays(in, header, version, problem);
    } catch (const std::bad_alloc&) {
        *problem = QString("reading this %1×%2 map needs more memory than is available").arg(header.lattice.width()).arg(header.lattice.height());
        return std::nullopt;
    }
}

} // namespace

std::optional<MapHeader> decodeMapHeader(ByteReader& in, std::uint32_t& version, QString* problem)
{
    std::optional<MapHeader> header;
    if (checkSignature(in, problem) && checkVersion(in, version, problem))
        if (const std::optional<QJsonObject> json = readHeaderJson(in, problem))
            if ((header = headerFromJson(*json, problem))) {
                if (version < 2 && header->params.model != FlowModel::Pipes)
                    *problem = "malformed header: a format version 1 file cannot hold the momentum model";
                else if (version < 3 && headerNeedsVersion3(*header))
                    *problem = QString("malformed header: a format version %1 file cannot hold dye or currents").arg(version);
                else if (version < 4 && headerHoldsErosion(*header))
                    *problem = QString("malformed header: a format version %1 file cannot hold erosion (parameters, sediment or its arrays)").arg(version);
                else if (version < 5 && header->meanWindow)
                    *problem = QString("malformed header: a format version %1 file cannot hold a time-mean flow").arg(version);
                else
                    return header;
            }
    return std::nullopt;
}

std::optional<Map> decodeMap(const QByteArray& bytes, QString* error)
{
    QString problem;
    ByteReader in(bytes.constData(), static_cast<std::size_t>(bytes.size()));
    std::uint32_t version = 0;
    std::optional<MapHeader> header = decodeMapHeader(in, version, &problem);
    std::optional<MapState> state;
    if (header) {
        if (const std::string refusal = memoryRefusal(*header); !refusal.empty())
            problem = QString::fromStdString(refusal);
        else
            state = readArraysOrReport(in, *header, version, &problem);
    }
    if (!state) {
        if (error) *error = problem;
        return std::nullopt;
    }
    Map map{std::move(*state), header->params, std::move(header->boundary), std::move(header->sources), std::move(header->generatorSettings),
            std::move(header->georeference)};
    if (const std::string invalid = map.validate(); !invalid.empty()) {
        if (error) *error = "invalid values: " + QString::fromStdString(invalid);
        return std::nullopt;
    }
    return map;
}

std::string unwritableReason(const Map& map)
{
    if (std::string invalid = map.validate(); !invalid.empty()) return invalid;
    if (!isFinite(map.state.ledger)) return "the volume ledger holds a non-finite total";
    const QByteArray utf8 = QString::fromStdString(map.generatorSettings).toUtf8();
    if (utf8.size() != static_cast<qsizetype>(map.generatorSettings.size())
        || std::memcmp(utf8.constData(), map.generatorSettings.data(), map.generatorSettings.size()) != 0)
        return "the generator settings are not valid UTF-8 text";
    return {};
}

bool writeMapFile(const QString& path, const Map& map, QString* error, const WriteProgress& progress)
{
    if (const std::string reason = unwritableReason(map); !reason.empty()) {
        if (error) *error = QString("%1: refusing to write an invalid map: %2").arg(path, QString::fromStdString(reason));
        return false;
    }
    AtomicFile file(path);
    bool ok = false;
    QString reason;
    try {
        ok = file.open() && writeMap(file, map, progress) && file.commit();
    } catch (const std::bad_alloc&) {
        reason = "out of memory while compressing the map"; // the old file stays as it was
    }
    if (!ok && error) *error = QString("%1: %2").arg(path, reason.isEmpty() ? file.errorString() : reason);
    return ok;
}

std::optional<Map> readMapFile(const QString& path, QString* error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        if (error) *error = QString("%1: cannot open: %2").arg(path, file.errorString());
        return std::nullopt;
    }
    QString problem;
    std::optional<Map> map;
    try {
        map = decodeMap(file.readAll(), &problem);
    } catch (const std::bad_alloc&) {
        problem = "out of memory while reading the map";
    }
    if (!map && error) *error = path + ": " + problem;
    return map;
}

} // namespace rb::io
