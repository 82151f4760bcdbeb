#pragma once

#include "model/CellRegion.h"
#include "model/FieldPatch.h"

#include <cstdint>
#include <vector>

namespace rb::commands {

// Which cells a stroke on the water changed, with a value each held before the stroke first
// touched it (a depth, a dye concentration): what WaterStrokeRecord and DyeStrokeRecord keep.
// While the stroke is drawn the cells are kept over the dabs' rectangle, grown dab by dab (a
// stroke keeps a brush's worth of cells, not the map); finish() fixes them over the stroke's
// rectangle, where its undo and redo edits work, and lists their values in order.
class PaintedCells {
public:
    // Notes the cells of a dab over `rect` for which changed(i) holds (i: the index in the dab),
    // with before(i), unless an earlier dab changed them: the first touch holds the value before.
    template <typename Changed, typename Before>
    void note(const CellRegion& rect, Changed changed, Before before)
    {
        strokePainted_.growTo(rect, std::uint8_t{0});
        strokeBefore_.growTo(rect, 0.0f);
        for (int y = rect.y; y < rect.y + rect.height; ++y)
            for (int x = rect.x; x < rect.x + rect.width; ++x) {
                const std::size_t i = rect.indexOf(x, y);
                std::uint8_t& painted = strokePainted_.at(x, y);
                if (painted || !changed(i)) continue;
                painted = 1;
                strokeBefore_.at(x, y) = before(i);
            }
    }

    // Over `rect`, which holds every dab: the painted cells' values before the stroke, in order.
    std::vector<float> finish(const CellRegion& rect);

    // Calls visit(i, k) for the k-th painted cell, at index i of the stroke's rectangle.
    template <typename Visit>
    void forEach(Visit visit) const
    {
        std::size_t k = 0;
        for (std::size_t i = 0; i < painted_.size(); ++i)
            if (painted_[i]) visit(i, k++);
    }
    // The painted cells' entries of `values` (over the stroke's rectangle), in order.
    std::vector<float> pick(const std::vector<float>& values) const;
    // Writes `painted` (one value a painted cell, in order) into `values` over the stroke's rectangle.
    void write(const std::vector<float>& painted, std::vector<float>& values) const;

private:
    FieldPatch<std::uint8_t> strokePainted_; // while drawn
    FieldPatch<float> strokeBefore_;
    std::vector<std::uint8_t> painted_; // once finished, over the stroke's rectangle
};

} // namespace rb::commands
