#pragma once

#include "io/map/ByteReader.h"
#include "io/map/MapHeader.h"
#include "model/Map.h"

#include <QByteArray>
#include <QIODevice>
#include <QString>

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace rb::io {

// The .rbmap format (docs/map-format.md): a versioned header, then each array compressed and
// checksummed. Everything needed to continue a simulation bit-for-bit.

// The first bytes of every .rbmap. Like PNG's signature: the high byte catches 7-bit transfers,
// "\r\n" and the final "\n" catch line-ending conversion, 0x1a stops `type` on DOS.
inline constexpr char kMapSignature[] = "\x89RBMAP\r\n\x1a\n";
inline constexpr std::size_t kMapSignatureSize = sizeof(kMapSignature) - 1;
inline constexpr std::uint32_t kMapFormatVersion = 5; // the newest this build reads
// Version 2 adds the momentum model (its face velocities after the flows), version 3 dye (its
// channels' ledgers in the header, their arrays last), version 4 erosion (its parameters,
// sediment of inflows and springs and the sediment ledger in the header, the erodibility, the
// suspended sediment and the net deposition last). Each map is written in the oldest version
// that holds it, so older builds still read pipes maps (1), momentum maps without dye (2) and
// maps that never eroded (3). Version 5 adds the time-mean flow (its window in the header, its
// float64 sums after every other array); only a map that holds one is written as version 5.
std::uint32_t mapFormatVersion(const Map& map);

// True when the map needs format version 4: erosion state, erosion parameters other than the
// defaults, or an inflow or spring that brings sediment.
bool mapHoldsErosion(const Map& map);

// Told the percentage written so far (0 … 100, rising), after the header and after each array.
using WriteProgress = std::function<void(int percent)>;

// Writes atomically (AtomicFile): on failure the old file is untouched and `error` says why.
// Refuses maps that readMapFile would refuse (see unwritableReason).
bool writeMapFile(const QString& path, const Map& map, QString* error, const WriteProgress& progress = {});

// Never crashes and never allocates more than the file's size can justify. On failure returns
// nullopt and `error` names the problem (and the file).
std::optional<Map> readMapFile(const QString& path, QString* error);

// The same over bytes in memory (used by the file functions, the fuzzer and tests).
// encodeMap writes whatever it is given; only writeMapFile checks the map first.
QByteArray encodeMap(const Map& map);
std::optional<Map> decodeMap(const QByteArray& bytes, QString* error);

// Streams the encoding to a device; false if the device refuses bytes.
bool writeMap(QIODevice& out, const Map& map, const WriteProgress& progress = {});

// Empty when `map` can be written and read back; else why not (invalid values, a non-finite
// ledger total, generator settings that are not UTF-8).
std::string unwritableReason(const Map& map);

// The signature, version and JSON header at the start of a file's bytes, with the checks that
// need only the header (the version against what the header holds); `in` is left at the first
// array. Used by decodeMap and by the band reader, which reads the arrays itself.
std::optional<MapHeader> decodeMapHeader(ByteReader& in, std::uint32_t& version, QString* problem);

// The header's time-mean window (it must have one), with no sums yet: the readers add them.
MeanFlow meanWindowOf(const MapHeader& header);

// The signature, version and header of `map`, as writeMap starts; false if the device refuses them.
bool writeMapHead(QIODevice& out, const Map& map);

// The arrays a map's file holds, in file order, each with its name: one list, so that no name can
// land on another array. Velocities belong to the momentum model only; a pipes map never
// writes them (its reader would not expect them).
struct NamedArray {
    std::string name;
    const FloatField* field = nullptr;
};
std::vector<NamedArray> namedArrays(const Map& map);

// The time-mean flow's float64 sums (format version 5), after every other array; none without a mean.
struct NamedMeanArray {
    std::string name;
    const DoubleField* field = nullptr;
};
std::vector<NamedMeanArray> namedMeanArrays(const MapState& state);

// The names of the arrays of a map on `lattice`, in file order: "bed", "depth", "flow.x", ...
std::vector<std::string> mapArrayNames(const Lattice& lattice);

} // namespace rb::io
