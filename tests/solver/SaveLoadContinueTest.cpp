// Save → load → continue must give bitwise the state of an uninterrupted run: the .rbmap file
// carries everything the next step depends on (flows, time, ledger, parameters, boundary, sources).
#include "BackendParam.h"
#include "TestMaps.h"

#include "io/MapFile.h"
#include "solver/CpuSolver.h"

#include <QTemporaryDir>

#include <gtest/gtest.h>

namespace rb {
namespace {

class SaveLoadContinue : public ::testing::TestWithParam<test::BackendLattice> {};

TEST_P(SaveLoadContinue, ResumedRunIsBitwiseTheUninterruptedOne)
{
    const Lattice lattice(GetParam().lattice, 80, 70, 1.5);
    Map map = test::basinMap(lattice, test::roughTerrain(lattice, 101, 2.0f));
    test::fillTo(map.state, 1.2f);
    map.params.rain = 1e-4;
    map.params.viscosity = 1e-3;
    map.params.dt = 0.037;
    map.boundary = {wholeSide(lattice, Side::East, BoundaryType::Sea, 1.5), {Side::West, 3, 30, BoundaryType::Inflow, 2.0}};
    map.sources = {{PointSource::Kind::Drain, 30.0, 30.0, 0.4, false}};

    auto uninterrupted = test::loadedSolver(GetParam().backend, map);
    ASSERT_TRUE(uninterrupted->step(700).ok());

    auto first = test::loadedSolver(GetParam().backend, map);
    ASSERT_TRUE(first->step(300).ok());
    QTemporaryDir dir;
    const QString path = dir.filePath("halfway.rbmap");
    QString error;
    ASSERT_TRUE(io::writeMapFile(path, first->readMap(), &error)) << error.toStdString();
    const std::optional<Map> reloaded = io::readMapFile(path, &error);
    ASSERT_TRUE(reloaded.has_value()) << error.toStdString();
    auto resumed = test::loadedSolver(GetParam().backend, *reloaded);
    ASSERT_TRUE(resumed->step(400).ok());

    const MapState a = uninterrupted->readState(), b = resumed->readState();
    EXPECT_TRUE(a.depth == b.depth);
    EXPECT_TRUE(a.flows == b.flows);
    EXPECT_EQ(a.time, b.time);
    EXPECT_EQ(a.steps, b.steps);
    EXPECT_EQ(a.ledger, b.ledger);
    EXPECT_EQ(resumed->params(), map.params);
}

INSTANTIATE_TEST_SUITE_P(Backends, SaveLoadContinue, test::allBackendLattices(), test::backendLatticeName);

// The momentum model carries its face velocities through the file (format version 2) on both
// backends, and on the CPU its answers do not depend on the number of threads.
class MomentumSaveLoadContinue : public ::testing::TestWithParam<test::BackendLattice> {
protected:
    Map movingMap() const
    {
        const Lattice lattice(GetParam().lattice, 40, 36, 1.5);
        Map map = test::basinMap(lattice, test::roughTerrain(lattice, 7, 2.0f));
        test::fillTo(map.state, 1.2f);
        map.params.model = FlowModel::Momentum;
        map.params.manning = 0.025;
        map.params.eddyViscosity = 0.05;
        map.params.rain = 1e-4;
        map.params.dt = 0.05;
        map.boundary = {wholeSide(lattice, Side::East, BoundaryType::Sea, 1.5), {Side::West, 3, 30, BoundaryType::Inflow, 2.0}};
        map.sources = {{PointSource::Kind::Drain, 30.0, 30.0, 0.4, false}};
        return map;
    }

    // The backend under test, loaded; on the CPU with `threads` threads.
    std::unique_ptr<Solver> loaded(const Map& map, int threads) const
    {
        if (GetParam().backend != "cpu") return test::loadedSolver(GetParam().backend, map);
        auto cpu = std::make_unique<CpuSolver>(threads);
        cpu->load(map);
        return cpu;
    }
};

TEST_P(MomentumSaveLoadContinue, ResumedRunIsBitwiseTheUninterruptedOne)
{
    const Map map = movingMap();
    const auto uninterrupted = loaded(map, 2);
    ASSERT_TRUE(uninterrupted->step(300).ok());

    const auto first = loaded(map, 1); // and another thread count on the way
    ASSERT_TRUE(first->step(120).ok());
    QTemporaryDir dir;
    const QString path = dir.filePath("halfway.rbmap");
    QString error;
    ASSERT_TRUE(io::writeMapFile(path, first->readMap(), &error)) << error.toStdString();
    const std::optional<Map> reloaded = io::readMapFile(path, &error);
    ASSERT_TRUE(reloaded.has_value()) << error.toStdString();
    ASSERT_FALSE(reloaded->state.velocities.empty());
    const auto resumed = loaded(*reloaded, 3);
    ASSERT_TRUE(resumed->step(180).ok());

    const MapState a = uninterrupted->readState(), b = resumed->readState();
    EXPECT_GT(uninterrupted->diagnostics().maxSpeed, 0.05) << "the water should be moving";
    EXPECT_TRUE(a.depth == b.depth);
    EXPECT_TRUE(a.flows == b.flows);
    EXPECT_TRUE(a.velocities == b.velocities);
    EXPECT_EQ(a.steps, b.steps);
    EXPECT_EQ(a.ledger, b.ledger);
}

INSTANTIATE_TEST_SUITE_P(Backends, MomentumSaveLoadContinue, test::allBackendLattices(), test::backendLatticeName);

} // namespace
} // namespace rb
