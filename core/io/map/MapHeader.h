#pragma once

#include "model/Map.h"

#include <QJsonObject>
#include <QString>

#include <optional>

namespace rb::io {

// The JSON header of a .rbmap: every part of a Map except its arrays (docs/map-format.md).
struct MapHeader {
    Lattice lattice;
    double time = 0.0;
    std::int64_t steps = 0;
    VolumeLedger ledger;
    std::vector<DyeLedger> dyeLedgers; // one per dye channel (format version 3); the arrays follow
    bool currents = false;             // format version 3: the current's two arrays come last
    // Format version 4: which erosion arrays follow the current's (each present only when the map
    // holds that field), and the erosion's running totals.
    struct ErosionArrays {
        bool erodibility = false;
        bool sediment = false;
        bool deposition = false;
        bool bedRemainder = false;
        bool any() const { return erodibility || sediment || deposition || bedRemainder; }
    } erosionArrays;
    SedimentLedger sedimentLedger;
    // Format version 5: the time-mean flow's window; its sums follow every other array.
    struct MeanWindow {
        double from = 0.0, to = 0.0, seconds = 0.0;
    };
    std::optional<MeanWindow> meanWindow;
    SimParams params;
    std::vector<BoundarySegment> boundary;
    std::vector<PointSource> sources;
    std::string generatorSettings;
    std::optional<Georeference> georeference; // optional member, absent in older files
};

QJsonObject headerToJson(const Map& map);

// Strict: every member the writer writes must be present with its type. Unknown members are
// ignored (a change old readers must not ignore bumps the format version instead).
// On failure returns nullopt and `error` says what is wrong, starting with the kind of problem:
// "malformed header: ...", "unknown ... name", "absurd lattice dimensions ...".
std::optional<MapHeader> headerFromJson(const QJsonObject& json, QString* error);

// True when the header holds anything of erosion (format version 4): erosion parameters other
// than the defaults, erosion arrays or totals, or a segment or spring that brings sediment.
bool headerHoldsErosion(const MapHeader& header);

// The time-mean flow's array names in file order: "mean.flow.x", … (one per family), "mean.depth".
std::vector<std::string> meanArrayNames(const Lattice& lattice);

// The erosion arrays' names in file order ("erodibility", "sediment", "deposition").
const std::vector<std::string>& erosionArrayNames();

} // namespace rb::io
