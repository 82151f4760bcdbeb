#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

namespace rb::editor {

class WaterTags;

// What one water edit works on, on the simulation's thread between two steps.
struct WaterEdit {
    std::vector<float> depth; // the solver's depths over the edit's rectangle; written back as left
    double editedBefore = 0.0; // the ledger's `edited` before this edit
    // Left empty, the change is booked in the ledger's `edited`. Undo and redo that put back an
    // earlier state exactly set the figure it had then: booking the change would drift by rounding.
    std::optional<double> restoreEdited;
    // If set, hears the ledger's `edited` once the depths are written back.
    std::function<void(double editedAfter)> written;
    // A dye edit (dyeChannel ≥ 0): `dye` holds that channel's dyed depth over the rectangle and is
    // written back as left; the depths are only read.
    int dyeChannel = -1;
    std::vector<float> dye;
    // Tagged water (WaterTags, docs/editor.md "Undo"): the tags and the solver, and the solver's
    // step count when the edit began. `afterWrite`, if set, runs once the depths are written back
    // (a dab tags the water it added); `skipDepthWrite` leaves the depths alone (an undo that
    // takes its tagged water back over the whole map in afterWrite).
    WaterTags* tags = nullptr;
    std::int64_t steps = 0;
    std::function<void()> afterWrite;
    bool skipDepthWrite = false;
};

} // namespace rb::editor
