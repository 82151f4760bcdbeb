// Erosion at an open sea boundary stays bounded: deep, fast, clean water may not dig the bed below
// the level its slope drains to (docs/erosion.md, "The bed's update", step 2). A shelf 7 m under
// the sea, reaching the sea boundary, is flooded 30 m deep (the surface 23 m above the sea) and
// the mound runs off into the sea over it. Before the exchange took the bed's own fall into
// account, a cell could give in one update many times the drop that gave it its slope (eroding
// 20–30 m of bed under a drop of 3–5 m): a pit its neighbours then slid and eroded into, deeper
// every update, the capacity growing with the depth. The editor-made island that showed it dug
// its south edge to −99 279 m in 115 s.
#include "BackendParam.h"
#include "ErosionTestMaps.h"
#include "TestMaps.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace rb {
namespace {

// A channel 48 m long and 12 m across, 1 m cells, its bed rough by 0.3 m and falling 1% to the
// east, where it meets the sea 8 m deep; a river of clean water, 200 m³/s, enters along the west.
Map riverMouth(LatticeKind kind)
{
    const Lattice lattice(kind, 48, 12, 1.0);
    FloatField bed = test::roughTerrain(lattice, 11, 0.3f);
    for (int y = 0; y < lattice.height(); ++y)
        for (int x = 0; x < lattice.width(); ++x) bed(x, y) -= static_cast<float>(0.01 * lattice.worldPosition(x, y).x);
    Map map = test::basinMap(lattice, bed);
    test::fillTo(map.state, 8.0f);
    map.boundary = {wholeSide(lattice, Side::West, BoundaryType::Inflow, 200.0), wholeSide(lattice, Side::East, BoundaryType::Sea, 8.0)};
    map.params = test::erodingParams(0.05, 0.1); // the default capacity and rates
    map.params.cflTarget = kDefaultCflTarget;    // as `--dt auto`
    map.params.dtMax = 0.05;
    return map;
}

float lowest(const FloatField& field)
{
    return *std::min_element(field.values().begin(), field.values().end());
}

float highest(const FloatField& field)
{
    return *std::max_element(field.values().begin(), field.values().end());
}

class ErosionRunaway : public ::testing::TestWithParam<test::BackendLattice> {};

TEST_P(ErosionRunaway, DeepCleanWaterAtTheSeaBoundaryDoesNotDigTheBedAway)
{
    const Map map = riverMouth(GetParam().lattice);
    std::unique_ptr<Solver> solver = test::loadedSolver(GetParam().backend, map);
    const double start = test::storedMaterial(map.state);
    const float startLowest = lowest(map.state.bed), startDeepest = highest(map.state.depth);
    float lowestBed = startLowest, deepest = startDeepest, deepestCut = 0.0f;
    for (int call = 0; call < 192; ++call) { // 3072 steps, 48 bed updates; dt chosen every 16 steps, as the CLI does
        const StepResult result = solver->step(16);
        ASSERT_TRUE(result.ok()) << "call " << call << " (lowest bed so far " << lowestBed << " m, deepest cut " << deepestCut << " m): " << result.error;
        const MapState state = solver->readState();
        lowestBed = std::min(lowestBed, lowest(state.bed));
        deepest = std::max(deepest, highest(state.depth));
        deepestCut = std::min(deepestCut, lowest(state.deposition));
    }
    const MapState end = solver->readState();
    const SedimentLedger& ledger = end.sedimentLedger;
    const double drift = test::storedMaterial(end) - start - test::bookedMaterialChange(ledger);
    std::printf("[ figures ] %s: %.1f s; lowest bed %.3f m (%.3f m at the start), deepest water %.2f m (%.2f m at the start), deepest cut %.3f m; "
                "eroded %.4g m³, deposited %.4g m³, slid %.4g m³; material drift %.2g m³\n",
                test::nameOf(GetParam()).c_str(), end.time, lowestBed, startLowest, deepest, startDeepest, deepestCut, ledger.eroded, ledger.deposited,
                ledger.slid, drift);
    ASSERT_GT(ledger.eroded, 10.0) << "the run-off erodes the shelf";
    // Neither the exchange nor the slides can take a cell below its lowest neighbour, so no bed
    // ever falls below the lowest the map started with (up to the bed's float steps).
    EXPECT_GE(lowestBed, startLowest - 1e-3f);
    EXPECT_LE(std::abs(drift), 1e-9 * std::abs(start) + 1e-6 * ledger.eroded) << "the ledger stays closed";
}

INSTANTIATE_TEST_SUITE_P(BackendsLattices, ErosionRunaway, test::allBackendLattices(), test::backendLatticeName);

} // namespace
} // namespace rb
