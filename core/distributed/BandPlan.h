#pragma once

#include <string>
#include <utility>
#include <vector>

namespace rb {

// How a distributed run cuts the map into row bands, one per rank. A rank owns rows [y0, y1) and
// holds `halo` rows more on each side (clipped to the map), which it steps too and overwrites
// with its neighbours' rows at every exchange. Bands start on even rows: the triangle lattice's
// rows alternate their offsets, so an even start keeps each row's parity in the band's own map.
// The sizes differ by at most two rows (uneven splits are fine).
struct Band {
    int y0 = 0, y1 = 0; // owned
    int s = 0, e = 0;   // held: owned plus halo
    int height() const { return e - s; }
};

class BandPlan {
public:
    // Empty when `height` rows can be cut into `ranks` bands, else why not.
    static std::string refusal(int height, int ranks);
    // Throws std::invalid_argument with refusal()'s message.
    BandPlan(int height, int ranks, int halo);

    int ranks() const { return static_cast<int>(bands_.size()); }
    int height() const { return height_; }
    const Band& band(int rank) const { return bands_[static_cast<std::size_t>(rank)]; }
    int owner(int y) const; // the rank owning row y (−1 and height: the first and the last)
    // The rows rank `rank` owns; with `ghosts`, the map's ghost rows −1 and height too, at the
    // first and the last band (the faces' padded arrays): in rank order they tile the array.
    std::pair<int, int> ownedRows(int rank, bool ghosts) const;

private:
    int height_ = 0;
    std::vector<Band> bands_;
};

} // namespace rb
