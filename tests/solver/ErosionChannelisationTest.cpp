// Issue 14: "a tilted rough plane under uniform rain forms channels: the share of the total
// discharge carried by the wettest 10% of cells rises over time (report the curve), and the
// channels run downhill". The same plane without erosion is the control.
#include "BackendParam.h"
#include "ErosionTestMaps.h"
#include "TestMaps.h"
#include "analysis/CellDischarge.h"
#include "io/flow/VelocityField.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <vector>

namespace rb {
namespace {

constexpr double kFall = 0.05; // the plane's slope, falling southward

// 64 m square, rough by 0.3 m, falling 5% to the south side, where the water leaves freely.
Map rainyPlane(LatticeKind kind, bool erosion)
{
    const Lattice lattice(kind, 64, 64, 1.0);
    FloatField bed = test::roughTerrain(lattice, 21, 0.3f, 1);
    for (int y = 0; y < lattice.height(); ++y)
        for (int x = 0; x < lattice.width(); ++x) bed(x, y) += static_cast<float>(5.0 - kFall * lattice.worldPosition(x, y).y);
    Map map = test::basinMap(lattice, bed);
    map.params = test::erodingParams(0.05, 1.0);
    map.params.erosion.enabled = erosion;
    map.params.friction = 0.5;
    map.params.rain = 2e-4; // 720 mm/h: a cloudburst, so that a test's minutes carve something
    map.boundary = {wholeSide(lattice, Side::South, BoundaryType::Outflow, 0.0)};
    return map;
}

// The share of all the cells' discharge that the wettest tenth of them carries.
double wettestTenthShare(const MapState& state)
{
    const analysis::CellDischarge discharge(state);
    std::vector<double> q;
    for (int y = 0; y < state.lattice.height(); ++y)
        for (int x = 0; x < state.lattice.width(); ++x) q.push_back(discharge.at(x, y));
    std::sort(q.begin(), q.end(), std::greater<>());
    double top = 0.0, all = 0.0;
    for (std::size_t i = 0; i < q.size(); ++i) {
        all += q[i];
        if (i < q.size() / 10) top += q[i];
    }
    return top / all;
}

// Over the wettest tenth of the cells, discharge-weighted: the flow's southward (downhill)
// component and its east-west one.
struct ChannelDirection {
    double downhill = 0.0, across = 0.0;
};

ChannelDirection channelDirection(const MapState& state)
{
    const analysis::CellDischarge discharge(state);
    std::vector<double> q;
    for (int y = 0; y < state.lattice.height(); ++y)
        for (int x = 0; x < state.lattice.width(); ++x) q.push_back(discharge.at(x, y));
    std::vector<double> sorted = q;
    std::nth_element(sorted.begin(), sorted.begin() + static_cast<std::ptrdiff_t>(sorted.size() / 10), sorted.end(), std::greater<>());
    const double threshold = sorted[sorted.size() / 10];
    ChannelDirection d;
    for (int y = 0; y < state.lattice.height(); ++y)
        for (int x = 0; x < state.lattice.width(); ++x) {
            const double w = q[state.lattice.index(x, y)];
            if (w < threshold) continue;
            const io::CellVelocity v = io::cellVelocity(state, x, y);
            d.downhill += w * v.y;
            d.across += w * std::abs(v.x);
        }
    return d;
}

class ErosionChannelisation : public ::testing::TestWithParam<test::BackendLattice> {};

TEST_P(ErosionChannelisation, RainOnARoughSlopeCarvesChannelsThatRunDownhill)
{
    constexpr int kPeriods = 8, kStepsPerPeriod = 3000; // 150 s each
    std::vector<double> eroding, control;
    std::unique_ptr<Solver> withErosion = test::loadedSolver(GetParam().backend, rainyPlane(GetParam().lattice, true));
    std::unique_ptr<Solver> without = test::loadedSolver(GetParam().backend, rainyPlane(GetParam().lattice, false));
    for (int period = 0; period < kPeriods; ++period) {
        ASSERT_TRUE(withErosion->step(kStepsPerPeriod).ok());
        ASSERT_TRUE(without->step(kStepsPerPeriod).ok());
        eroding.push_back(wettestTenthShare(withErosion->readState()));
        control.push_back(wettestTenthShare(without->readState()));
    }
    std::printf("[ figures ] %s: share of the discharge in the wettest 10%% of cells, every 150 s\n  with erosion:", test::nameOf(GetParam()).c_str());
    for (double s : eroding) std::printf(" %.3f", s);
    std::printf("\n  without:     ");
    for (double s : control) std::printf(" %.3f", s);
    const MapState end = withErosion->readState();
    const ChannelDirection direction = channelDirection(end);
    std::printf("\n  channels' flow: downhill %.3g, across %.3g (discharge-weighted m/s·m³/s); eroded %.3g m³\n", direction.downhill,
                direction.across, end.sedimentLedger.eroded);
    // The runoff is established after the first period; from then on erosion concentrates it.
    EXPECT_GT(eroding.back(), eroding[1] + 0.05);
    EXPECT_GT(eroding.back(), control.back() + 0.05);
    for (int period = 2; period < kPeriods; ++period) EXPECT_GE(eroding[period], eroding[period - 1] - 0.01) << "period " << period;
    EXPECT_GT(direction.downhill, 2.0 * direction.across);
}

INSTANTIATE_TEST_SUITE_P(BackendsLattices, ErosionChannelisation, test::allBackendLattices(), test::backendLatticeName);

} // namespace
} // namespace rb
