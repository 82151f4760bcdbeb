#pragma once

#include "model/CellRegion.h"

#include <vector>

namespace rb::commands {

// The depth a water stroke really added (+) or removed (−) per cell: removal stops at dry ground,
// so only the simulation knows. Written and read on the simulation's thread only (inside depth
// edits, which run in order), so it needs no lock: the GUI thread just keeps it alive.
class WaterStrokeChange {
public:
    explicit WaterStrokeChange(int mapWidth, int mapHeight);

    // Inside a depth edit over `rect`: records what changed from `before` to `after`.
    void record(const CellRegion& rect, const std::vector<float>& before, const std::vector<float>& after);
    // Inside a depth edit: keeps only `rect` (the union of the stroke's dabs) and frees the rest.
    void compact(const CellRegion& rect);
    // Inside a depth edit over `rect`: adds `sign` × the recorded change to `depth`, never below 0.
    void apply(const CellRegion& rect, std::vector<float>& depth, float sign) const;

private:
    float& at(int x, int y);
    float at(int x, int y) const;

    CellRegion area_; // what `change_` covers: the whole map until compacted
    std::vector<float> change_;
};

} // namespace rb::commands
