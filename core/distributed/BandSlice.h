#pragma once

#include "distributed/BandPlan.h"
#include "lattice/Lattice.h"
#include "model/Field.h"

#include <cstddef>
#include <span>

namespace rb {

// The rows `rank` owns of one of its band's arrays, in place: a cells' array (the map's width)
// its rows y0 … y1−1, a faces' array (the padded width) those with the map's ghost rows at the
// first and the last band. In rank order the slices tile the whole map's array, which is how a
// distributed run gathers and writes it.
template <class T> std::span<const T> ownedSlice(const Field<T>& field, const BandPlan& plan, int rank, const Lattice& whole)
{
    const bool padded = field.width() == whole.paddedWidth();
    const Band& band = plan.band(rank);
    const auto [y0, y1] = plan.ownedRows(rank, padded);
    const auto width = static_cast<std::size_t>(field.width());
    const auto first = static_cast<std::size_t>(y0 - band.s + (padded ? 1 : 0)) * width;
    return {field.data() + first, static_cast<std::size_t>(y1 - y0) * width};
}

} // namespace rb
