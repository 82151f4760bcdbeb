#pragma once

#include "model/CellRegion.h"
#include "model/Field.h"

#include <utility>
#include <vector>

namespace rb {

// A map field's values over a rectangle of the map that grows on demand: what an editing stroke
// keeps (the bed before it, the cells it painted), so its memory follows the cells it touched and
// not the map's size, as Tiled's paint commands keep only the painted region. Cells are addressed
// in map coordinates; the rectangle starts empty.
template <typename T>
class FieldPatch {
public:
    const CellRegion& region() const { return region_; }
    bool empty() const { return region_.empty(); }
    const std::vector<T>& values() const { return values_.values(); } // row-major over region()

    // Cell (x, y) of the map, which must lie in region().
    T& at(int x, int y) { return values_(x - region_.x, y - region_.y); }
    const T& at(int x, int y) const { return values_(x - region_.x, y - region_.y); }
    // The values over `rect`, which must lie in region(), row-major.
    std::vector<T> valuesIn(const CellRegion& rect) const { return values_.valuesIn(rect.relativeTo(region_)); }

    // Grows the rectangle to hold `rect` too. Cells already held keep their values; the new ones
    // take theirs from `source`, a field over the whole map (which must hold `rect`).
    void growTo(const CellRegion& rect, const Field<T>& source)
    {
        growWith(rect, [&source](const CellRegion& grown) { return source.valuesIn(grown); });
    }

    // The same, the new cells' values read by `read(grown)`: the values over the grown rectangle,
    // row-major (for a layer the map may not hold, read through whoever knows its default).
    template <typename Read>
    void growWith(const CellRegion& rect, Read read)
    {
        const CellRegion grown = unite(region_, rect);
        if (grown == region_) return;
        Field<T> values(grown.width, grown.height);
        values.values() = read(grown);
        adopt(grown, std::move(values));
    }

    // Grows the rectangle to hold `rect` too, the new cells set to `fill`.
    void growTo(const CellRegion& rect, T fill)
    {
        const CellRegion grown = unite(region_, rect);
        if (grown == region_) return;
        adopt(grown, Field<T>(grown.width, grown.height, fill));
    }

    void clear()
    {
        region_ = {};
        values_ = Field<T>();
    }

private:
    // `values` over `grown` (which holds region_) take the place of values_, keeping what they hold.
    void adopt(const CellRegion& grown, Field<T> values)
    {
        if (!region_.empty()) values.setValuesIn(region_.relativeTo(grown), values_.values());
        region_ = grown;
        values_ = std::move(values);
    }

    CellRegion region_;
    Field<T> values_; // region_.width × region_.height
};

} // namespace rb
