// The map one rank steps (core/distributed/BandMap): its rows, its part of the boundary with the
// same per-edge inflow as the whole map, its point sources on the same cells, and which edges and
// sources it books.
#include "distributed/BandMap.h"

#include "grid/BoundaryEdges.h"
#include "grid/SourceCells.h"

#include <gtest/gtest.h>

namespace rb {
namespace {

Map bandTestMap(LatticeKind kind)
{
    Map map;
    map.state = MapState(Lattice(kind, 10, 24, 2.0));
    for (std::size_t i = 0; i < map.state.bed.values().size(); ++i) {
        map.state.bed.values()[i] = static_cast<float>(i % 7) * 0.25f;
        map.state.depth.values()[i] = static_cast<float>(i % 5) * 0.5f;
    }
    const Lattice& lattice = map.state.lattice;
    // 7 m³/s over the whole west side: shared by its edges, a share no float cut of it gives exactly.
    map.boundary = {wholeSide(lattice, Side::West, BoundaryType::Inflow, 7.0), wholeSide(lattice, Side::East, BoundaryType::Sea, 1.0),
                    wholeSide(lattice, Side::North, BoundaryType::Outflow, 0.0)};
    PointSource spring;
    spring.x = lattice.worldPosition(4, 9).x;
    spring.y = lattice.worldPosition(4, 9).y;
    spring.rate = 2.0;
    map.sources = {spring};
    return map;
}

class BandMapTest : public ::testing::TestWithParam<LatticeKind> {};

TEST_P(BandMapTest, HoldsTheBandsRowsAndZeroesTheGhostRowsAtItsOwnEdges)
{
    const Map whole = bandTestMap(GetParam());
    for (FloatField& f : const_cast<Map&>(whole).state.flows) std::fill(f.values().begin(), f.values().end(), 1.5f);
    const Band band{8, 14, 6, 16};
    const BandMap bandMap(whole, band);
    const MapState& state = bandMap.map().state;
    ASSERT_EQ(state.lattice.height(), 10);
    for (int y = 0; y < 10; ++y)
        for (int x = 0; x < 10; ++x) {
            EXPECT_EQ(state.bed.values()[state.lattice.index(x, y)], whole.state.bed.values()[whole.state.lattice.index(x, y + 6)]);
            EXPECT_EQ(state.depth.values()[state.lattice.index(x, y)], whole.state.depth.values()[whole.state.lattice.index(x, y + 6)]);
        }
    EXPECT_EQ(state.flows[0].values()[state.lattice.paddedIndex(3, -1)], 0.0f) << "the ghost row above a band inside the map";
    EXPECT_EQ(state.flows[0].values()[state.lattice.paddedIndex(3, 10)], 0.0f) << "the ghost row below a band inside the map";
    EXPECT_EQ(state.flows[0].values()[state.lattice.paddedIndex(3, 0)], 1.5f);
}

TEST_P(BandMapTest, OwnedEdgesAreTheWholeMapsWithTheSameInflowShare)
{
    const Map whole = bandTestMap(GetParam());
    const std::vector<BoundaryEdge> wholeEdges = expandBoundary(whole.state.lattice, whole.boundary);
    const Band band{8, 14, 6, 16};
    const BandMap bandMap(whole, band);
    const std::vector<BoundaryEdge> edges = expandBoundary(bandMap.map().state.lattice, bandMap.map().boundary);
    ASSERT_EQ(bandMap.ownedEdges().size(), bandMap.ownedEdgesWhole().size());
    ASSERT_FALSE(bandMap.ownedEdges().empty());
    int inflows = 0;
    for (std::size_t j = 0; j < bandMap.ownedEdges().size(); ++j) {
        const BoundaryEdge& local = edges[static_cast<std::size_t>(bandMap.ownedEdges()[j])];
        const BoundaryEdge& global = wholeEdges[static_cast<std::size_t>(bandMap.ownedEdgesWhole()[j])];
        EXPECT_EQ(local.family, global.family);
        EXPECT_EQ(local.type, global.type);
        EXPECT_EQ(local.inward, global.inward);
        EXPECT_EQ(local.value, global.value) << "edge " << j << ": another share of the segment";
        EXPECT_EQ(local.cell + 6u * 10u, global.cell);
        inflows += local.type == BoundaryType::Inflow ? 1 : 0;
    }
    EXPECT_GT(inflows, 0);
    for (const BoundaryEdge& e : edges) EXPECT_NE(e.type, BoundaryType::Outflow) << "the north side belongs to the band holding row 0";
}

TEST_P(BandMapTest, SourcesLandOnTheSameCellsAndTheOwnerBooksThem)
{
    const Map whole = bandTestMap(GetParam());
    const BandMap owner(whole, Band{8, 14, 6, 16});
    ASSERT_EQ(owner.map().sources.size(), 1u);
    const std::vector<SourceCell> cells = resolveSources(owner.map().state.lattice, owner.map().sources);
    EXPECT_EQ(cells[0].cell, owner.map().state.lattice.index(4, 3));
    EXPECT_EQ(owner.ownedSources(), std::vector<int>{0});
    EXPECT_EQ(owner.ownedSourcesWhole(), std::vector<int>{0});
    const BandMap halo(whole, Band{0, 8, 0, 10}); // holds row 9 as halo: steps it, does not book it
    EXPECT_EQ(halo.map().sources.size(), 1u);
    EXPECT_TRUE(halo.ownedSources().empty());
    const BandMap far(whole, Band{16, 24, 14, 24});
    EXPECT_TRUE(far.map().sources.empty());
}

INSTANTIATE_TEST_SUITE_P(Lattices, BandMapTest, ::testing::Values(LatticeKind::Square, LatticeKind::Triangle),
                         [](const auto& info) { return std::string(latticeKindName(info.param)); });

} // namespace
} // namespace rb
