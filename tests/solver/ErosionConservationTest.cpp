// Issue 14: "bed volume + suspended sediment is constant to 1e-6 relative in a closed basin; what
// leaves through the boundary is booked in the ledger". Rain on a rough walled basin for 20 000
// steps with erosion on, on both lattices, both flow models and both backends.
#include "BackendParam.h"
#include "ErosionTestMaps.h"
#include "TestMaps.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <tuple>

namespace rb {
namespace {

using Case = std::tuple<test::BackendLattice, FlowModel, int>; // the bed's interval too

class ErosionConservation : public ::testing::TestWithParam<Case> {
protected:
    const test::BackendLattice& where() const { return std::get<0>(GetParam()); }
    FlowModel model() const { return std::get<1>(GetParam()); }
    int interval() const { return std::get<2>(GetParam()); }

    // A rough bowl, 5 m deep, with walls all round: the rain runs down its sides into a lake.
    Map roughBasin() const
    {
        const Lattice lattice(where().lattice, 40, 40, 1.0);
        FloatField bed = test::roughTerrain(lattice, 14, 1.5f);
        const double cx = 0.5 * lattice.worldWidth(), cy = 0.5 * lattice.worldHeight();
        for (int y = 0; y < lattice.height(); ++y)
            for (int x = 0; x < lattice.width(); ++x) {
                const WorldPoint p = lattice.worldPosition(x, y);
                const double r2 = ((p.x - cx) * (p.x - cx) + (p.y - cy) * (p.y - cy)) / (cx * cx);
                bed(x, y) += static_cast<float>(10.0 + 5.0 * r2);
            }
        Map map = test::basinMap(lattice, bed);
        map.params = test::erodingParams(0.02, 2.0);
        map.params.model = model();
        map.params.manning = model() == FlowModel::Momentum ? 0.035 : 0.0; // a natural channel's roughness
        map.params.rain = 2e-3;
        map.params.erosion.interval = interval();
        return map;
    }
};

TEST_P(ErosionConservation, BedPlusSuspendedSedimentIsConstantInAClosedBasin)
{
    const Map map = roughBasin();
    std::unique_ptr<Solver> solver = test::loadedSolver(where().backend, map);
    const double start = test::storedMaterial(solver->readState());
    for (int call = 0; call < 20; ++call) {
        const StepResult result = solver->step(1000);
        ASSERT_TRUE(result.ok()) << "call " << call << ": " << result.error;
    }
    const MapState end = solver->readState();
    const SedimentLedger& ledger = end.sedimentLedger;
    const double drift = test::storedMaterial(end) - start;
    std::printf("[ figures ] %s %s, interval %d: eroded %.4g m³, deposited %.4g m³, suspended %.4g m³, slid %.4g m³; "
                "drift %.3g m³ (%.3g of the material, %.3g of the eroded); rounding booked %.3g m³\n",
                test::nameOf(where()).c_str(), std::string(flowModelName(model())).c_str(), interval(), ledger.eroded, ledger.deposited,
                end.sedimentVolume(), ledger.slid, drift, drift / start, drift / ledger.eroded, ledger.rounding);
    EXPECT_GT(ledger.eroded, 1.0) << "the rain must have moved material for the balance to mean something";
    EXPECT_GT(ledger.deposited, 0.1 * ledger.eroded);
    EXPECT_LE(std::abs(drift) / start, 1e-6);
    EXPECT_LE(std::abs(drift) / ledger.eroded, 1e-6); // far stricter: against what moved
    // The ledger's books close: what drifted is what it booked as rounding (nothing crossed a wall).
    EXPECT_EQ(ledger.carried.boundaryIn, 0.0);
    EXPECT_EQ(ledger.carried.boundaryOut, 0.0);
    EXPECT_NEAR(drift, test::bookedMaterialChange(ledger), 1e-9 * start);
}

std::string conservationCaseName(const ::testing::TestParamInfo<Case>& info)
{
    return test::nameOf(std::get<0>(info.param)) + "_" + std::string(flowModelName(std::get<1>(info.param))) + "_interval"
           + std::to_string(std::get<2>(info.param));
}

INSTANTIATE_TEST_SUITE_P(BackendsLatticesModels, ErosionConservation,
                         ::testing::Combine(test::allBackendLattices(), ::testing::Values(FlowModel::Pipes, FlowModel::Momentum),
                                            ::testing::Values(1, ErosionParams::kDefaultInterval)),
                         conservationCaseName);

} // namespace
} // namespace rb
