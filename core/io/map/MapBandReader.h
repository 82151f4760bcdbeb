#pragma once

#include "io/map/MapHeader.h"
#include "model/MapState.h"

#include <QString>

#include <cstdint>
#include <optional>

namespace rb::io {

// A .rbmap read by rows, for a distributed run whose ranks each hold one band of the map
// (docs/scaling.md, "Memory by band"): the header alone first, then the rows one band needs.
// Every array's zlib stream is inflated piece by piece and only the band's rows are kept, so a
// rank's memory follows its band, not the map; the stream is still checked whole (its sizes and
// its CRC-32), and a file readMapFile refuses is refused here with the same message. Files that
// only the whole-map reader can take (a pipes map saved with stray velocities before 2026-11-26)
// are refused with that reason.
struct MapFileHead {
    MapHeader header;
    std::uint32_t version = 0;
    std::int64_t arraysAt = 0; // the first array's offset in the file
};

// The signature, version and header of the file at `path`, without its arrays. On failure
// nullopt, and `error` says "PATH: why".
std::optional<MapFileHead> readMapFileHead(const QString& path, QString* error);

// Rows [s, e) of every array of the file whose head is `head`, in a state on the band's lattice
// (the map's width, e − s rows): the cells' arrays rows s … e−1, the faces' (padded) arrays rows
// s−1 … e, the ghost rows where the band ends inside the map zeroed, as BandMap cuts them. The
// time, steps and ledgers are the header's. s must be even on the triangle lattice (BandPlan's
// bands are): a row's parity decides its offset.
std::optional<MapState> readMapFileRows(const QString& path, const MapFileHead& head, int s, int e, QString* error);

} // namespace rb::io
