#pragma once

#include "model/BoundarySegment.h"
#include "model/CellRegion.h"
#include "model/MapState.h"
#include "model/PointSource.h"
#include "solver/Diagnostics.h"

#include <array>
#include <cstdint>
#include <vector>

namespace rb {
class Solver;
}

namespace rb::editor {

// Which of the solver's dye channels carry tagged water (docs/editor.md, "Undo"): the water an
// Add-water stroke put on the map, carried like dye, so its undo can take it back wherever it has
// flowed. A tag lives in a dye channel the user does not use (at or above userChannels()), the
// lowest free one first (the solver carries every channel up to the highest: one tag costs one
// channel); with none free, the oldest tag is dropped and its stroke's undo works on its painted
// cells only. A solver carrying dye steps several times slower (docs/editor.md, "Undo"), so a tag
// lives for kLifetimeNs of simulation running, and once none is left the solver sheds the tag
// channels (shed()) and runs at its plain speed again. Tag channels never leave the runner: strip() takes them out of every map, snapshot
// and diagnostics it hands on, so they are never saved, exported or drawn. Worker thread only.
class WaterTags {
public:
    // A new solver (a load, Reset water): no tags; the channels its map has or its boundary and
    // sources name are the user's.
    void reset(Solver* solver, const Lattice& lattice);
    // The same state moved to another solver (a backend change): the tags go on.
    void attach(Solver* solver) { solver_ = solver; }

    Solver& solver() const { return *solver_; }
    CellRegion wholeMap() const { return CellRegion::wholeMap(lattice_); }
    double cellArea() const { return lattice_.cellArea(); }
    std::int64_t steps() const;

    // A zeroed channel for `stroke`'s tag (its own if it holds one), or −1 when every channel is
    // the user's.
    int acquire(std::uint64_t stroke);
    bool holds(int channel, std::uint64_t stroke) const;
    // The stroke's tag zeroed and its channel freed.
    void release(std::uint64_t stroke);

    // A user's dye edit of `channel`, or a boundary or source naming it: the channels up to it are
    // the user's from now on. If the solver carries tag channels, every tag is dropped and they are
    // shed first, so the user's channel starts clean, its ledger too. True when the solver was
    // reloaded (shed()).
    bool claimForUser(int channel);
    bool claimReferenced(const std::vector<BoundarySegment>& segments, const std::vector<PointSource>& sources);

    // The simulation ran `ns` more: tags older than kLifetimeNs are dropped.
    void ran(std::int64_t ns);
    static constexpr std::int64_t kLifetimeNs = 60'000'000'000;
    // No tag is left but the solver still carries tag channels: shed() reloads its state without
    // them (the water, flows, ledgers and a mean being recorded go on as they were).
    bool hasSpareChannels() const;
    void shed();

    int userChannels() const { return userChannels_; }
    void strip(MapState& state) const;
    void strip(Diagnostics& diagnostics) const;

private:
    void zero(int channel);

    struct Holding {
        std::uint64_t stroke = 0; // 0: free
        std::uint64_t since = 0;  // order of acquisition: the oldest goes first
        std::int64_t ranNs = 0;   // how long the simulation has run since
    };
    Solver* solver_ = nullptr;
    Lattice lattice_;
    int userChannels_ = 0;
    std::array<Holding, kMaxDyeChannels> holdings_{};
    std::uint64_t acquisitions_ = 0;
};

} // namespace rb::editor
