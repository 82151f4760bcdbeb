#pragma once

#include "distributed/BandPlan.h"
#include "model/Map.h"
#include "grid/BoundaryEdges.h"
#include "grid/SourceCells.h"

#include <vector>

namespace rb {

// The map one rank steps: the rows its band holds, cut from the whole map, with the boundary
// segments and point sources that reach them; and which of its boundary edges and sources it
// owns (their cell in its own rows), with their index in the whole map's lists, so the ledger
// can be booked in the whole map's order.
//  - A segment on the east or west side is cut to the held rows; an inflow's value is set so that
//    each of its edges gets the same float share as in the whole map (expandBoundary divides the
//    segment's discharge by its number of edges, which the cut changes).
//  - North and south segments belong to the bands holding the first and last rows; elsewhere the
//    band's own edges are walls, inside its halo, where they do no harm.
//  - A point source is placed at its cell's centre in the band's map, so it resolves to that cell.
class BandMap {
public:
    BandMap(const Map& whole, const Band& band);
    // From the band's rows as read from a file (io::readMapFileRows): `rows.state` holds them, on
    // the band's lattice; its parameters, boundary and sources are the whole map's, on `whole`.
    BandMap(Map rows, const Lattice& whole, const Band& band);

    const Map& map() const { return map_; }
    const std::vector<int>& ownedEdges() const { return ownedEdges_; }           // local edge indices
    const std::vector<int>& ownedEdgesWhole() const { return ownedEdgesWhole_; } // their whole-map indices
    const std::vector<int>& ownedSources() const { return ownedSources_; }
    const std::vector<int>& ownedSourcesWhole() const { return ownedSourcesWhole_; }

private:
    void cutFields(const MapState& whole);
    void cutHeader(const Lattice& whole, const std::vector<BoundarySegment>& boundary, const std::vector<PointSource>& sources);
    void cutBoundary(const Lattice& whole, const std::vector<BoundarySegment>& boundary, const std::vector<BoundaryEdge>& wholeEdges);
    void cutSources(const Lattice& whole, const std::vector<PointSource>& sources);
    void findOwnedEdges(const Lattice& wholeLattice, const std::vector<BoundaryEdge>& wholeEdges);
    void addDyeChannels(const std::vector<BoundarySegment>& boundary, const std::vector<PointSource>& sources);

    Band band_;
    Map map_;
    std::vector<int> segmentOrigin_; // the whole map's index of each kept segment
    std::vector<int> ownedEdges_, ownedEdgesWhole_, ownedSources_, ownedSourcesWhole_;
};

} // namespace rb
