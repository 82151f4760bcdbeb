// Save → load → continue must give bitwise the state of an uninterrupted run: the .rbmap file
// carries everything the next step depends on (flows, time, ledger, parameters, boundary, sources).
#include "BackendParam.h"
#include "TestMaps.h"

#include "io/map/MapFile.h"
#include "solver/CpuSolver.h"

#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <cstring>
#include <tuple>

namespace rb {
namespace {

// The solver's map written to a file and read back, as a designer saving halfway would (nullopt
// after reporting a failure).
std::optional<Map> savedAndReloaded(const Solver& solver)
{
    QTemporaryDir dir;
    const QString path = dir.filePath("halfway.rbmap");
    QString error;
    if (!io::writeMapFile(path, solver.readMap(), &error)) {
        ADD_FAILURE() << "writing: " << error.toStdString();
        return std::nullopt;
    }
    std::optional<Map> reloaded = io::readMapFile(path, &error);
    if (!reloaded) ADD_FAILURE() << "reading: " << error.toStdString();
    return reloaded;
}

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
    const std::optional<Map> reloaded = savedAndReloaded(*first);
    ASSERT_TRUE(reloaded.has_value());
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
    const std::optional<Map> reloaded = savedAndReloaded(*first);
    ASSERT_TRUE(reloaded.has_value());
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

// A moving momentum map switched to the pipes keeps no velocities: not after the pipes' passes,
// not after a refused call, not in the file it saves (which must load again). Switched back to
// momentum, its velocities start from the flows in force, not from the velocities it was loaded with.
TEST_P(MomentumSaveLoadContinue, SwitchedToPipesItSavesALoadableFileWithoutVelocities)
{
    const Map map = movingMap();
    const auto solver = loaded(map, 2);
    ASSERT_TRUE(solver->step(60).ok());
    const std::vector<FloatField> loadedWith = solver->readState().velocities;
    SimParams pipes = solver->params();
    pipes.model = FlowModel::Pipes;
    solver->setParams(pipes);
    ASSERT_TRUE(solver->step(40).ok());
    EXPECT_TRUE(solver->readState().velocities.empty()) << "after the pipes' passes";
    // A flood through the west side puts the CFL number above 1 within a few steps: the call is
    // refused after it has stepped, and the state it started from comes back.
    solver->setBoundary({wholeSide(map.state.lattice, Side::West, BoundaryType::Inflow, 1e5)});
    EXPECT_FALSE(solver->step(8).ok()) << "the flood should be refused";
    EXPECT_TRUE(solver->readState().velocities.empty()) << "after a refused call";
    solver->setBoundary(map.boundary);
    ASSERT_TRUE(solver->step(10).ok());

    const std::optional<Map> reloaded = savedAndReloaded(*solver);
    ASSERT_TRUE(reloaded.has_value());
    EXPECT_EQ(reloaded->params.model, FlowModel::Pipes);
    EXPECT_TRUE(reloaded->state.velocities.empty());
    EXPECT_TRUE(reloaded->state.depth == solver->readState().depth);

    SimParams momentum = pipes;
    momentum.model = FlowModel::Momentum;
    solver->setParams(momentum);
    const MapState switched = solver->readState();
    EXPECT_TRUE(switched.velocities == MomentumStep::velocitiesFromFlows(switched, solver->params().gravity));
    EXPECT_FALSE(switched.velocities == loadedWith);
}

INSTANTIATE_TEST_SUITE_P(Backends, MomentumSaveLoadContinue, test::allBackendLattices(), test::backendLatticeName);

// Erosion carries its state through the file (format version 4): the bed it moved, the load in
// suspension, the net deposition, the erodibility and the sediment ledger, so that a resumed run
// erodes on bitwise as the uninterrupted one, with either flow model on both backends.
class ErosionSaveLoadContinue : public ::testing::TestWithParam<std::tuple<test::BackendLattice, FlowModel>> {
protected:
    const test::BackendLattice& backend() const { return std::get<0>(GetParam()); }

    Map erodingMap() const
    {
        const Lattice lattice(backend().lattice, 40, 36, 1.5);
        Map map = test::basinMap(lattice, test::roughTerrain(lattice, 19, 3.0f));
        test::fillTo(map.state, 1.0f);
        map.params.model = std::get<1>(GetParam());
        if (map.params.model == FlowModel::Momentum) map.params.manning = 0.025;
        map.params.rain = 2e-4;
        map.params.dt = 0.04;
        map.params.erosion.enabled = true;
        map.params.erosion.erosionRate = 0.8;
        map.params.erosion.talusDegrees = 25.0;
        map.boundary = {wholeSide(lattice, Side::East, BoundaryType::Sea, 1.2), {Side::West, 3, 30, BoundaryType::Inflow, 2.0}};
        map.boundary.back().sediment = 0.02;
        map.sources = {{PointSource::Kind::Spring, 20.0, 20.0, 0.5, false}};
        map.sources.back().sediment = 0.05;
        // Bedrock in one corner, soft soil elsewhere, values that are not round.
        map.state.erodibility = FloatField(lattice.width(), lattice.height());
        for (int y = 0; y < lattice.height(); ++y)
            for (int x = 0; x < lattice.width(); ++x) map.state.erodibility(x, y) = x < 8 && y < 8 ? 0.0f : 0.3f + 0.7f * static_cast<float>((x * 7 + y * 3) % 11) / 11.0f;
        return map;
    }
};

bool sameBits(const FloatField& a, const FloatField& b)
{
    return a.width() == b.width() && a.height() == b.height() && std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0;
}

TEST_P(ErosionSaveLoadContinue, ResumedRunErodesBitwiseAsTheUninterruptedOne)
{
    const Map map = erodingMap();
    auto uninterrupted = test::loadedSolver(backend().backend, map);
    ASSERT_TRUE(uninterrupted->step(200).ok());

    auto first = test::loadedSolver(backend().backend, map);
    ASSERT_TRUE(first->step(80).ok());
    const std::optional<Map> reloaded = savedAndReloaded(*first);
    ASSERT_TRUE(reloaded.has_value());
    EXPECT_EQ(io::mapFormatVersion(*reloaded), 4u);
    EXPECT_FALSE(reloaded->state.sediment.empty());
    EXPECT_FALSE(reloaded->state.deposition.empty());
    EXPECT_EQ(reloaded->params.erosion, map.params.erosion);
    auto resumed = test::loadedSolver(backend().backend, *reloaded);
    ASSERT_TRUE(resumed->step(120).ok());

    const MapState a = uninterrupted->readState(), b = resumed->readState();
    EXPECT_GT(a.sedimentLedger.eroded, 0.0) << "the water should erode";
    EXPECT_GT(a.sedimentVolume(), 0.0) << "and carry a load";
    EXPECT_FALSE(a.bed == map.state.bed) << "the bed should have changed";
    EXPECT_TRUE(sameBits(a.bed, b.bed));
    EXPECT_TRUE(sameBits(a.depth, b.depth));
    for (std::size_t f = 0; f < a.flows.size(); ++f) EXPECT_TRUE(sameBits(a.flows[f], b.flows[f]));
    EXPECT_TRUE(a.velocities == b.velocities);
    EXPECT_TRUE(sameBits(a.sediment, b.sediment));
    EXPECT_TRUE(sameBits(a.deposition, b.deposition));
    EXPECT_TRUE(sameBits(a.erodibility, b.erodibility));
    EXPECT_EQ(a.sedimentLedger, b.sedimentLedger);
    EXPECT_EQ(a.ledger, b.ledger);
    EXPECT_EQ(a.time, b.time);
    EXPECT_EQ(a.steps, b.steps);
}

INSTANTIATE_TEST_SUITE_P(Backends, ErosionSaveLoadContinue,
                         ::testing::Combine(test::allBackendLattices(), ::testing::Values(FlowModel::Pipes, FlowModel::Momentum)),
                         [](const ::testing::TestParamInfo<std::tuple<test::BackendLattice, FlowModel>>& info) {
                             return test::nameOf(std::get<0>(info.param)) + (std::get<1>(info.param) == FlowModel::Pipes ? "_pipes" : "_momentum");
                         });

} // namespace
} // namespace rb
