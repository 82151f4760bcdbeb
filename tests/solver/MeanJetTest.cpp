// Issue 30, part 3: the two lattices judged alike on the time-mean of a meandering jet. A 9 m slot,
// placed 7 rows off the middle of the west side, feeds 9 m³/s (1 m/s) into a still lake 1 m deep,
// 360 m × 180 m on a flat bed, frictionless, the east side open to a sea at 1 m. A jet that far out
// meanders and sheds eddies on both lattices, so a snapshot says little; the time-mean velocity
// over the last part of the run (from kMeanFrom to 700 s, the same rule as simulate --mean-from
// and export --velocity --mean) is what is compared. At 10, 20 and 30 slot widths the mean
// centre-line speeds of the two lattices (each over its own inlet speed) must agree within 25%.
// docs/solver.md compares them with the plane-jet law 2.4·√(b/x) (Albertson et al. 1950).
// The meander is physics and is not damped: no friction, no eddy viscosity.
#include "TestMaps.h"

#include "io/VelocityField.h"
#include "solver/CpuSolver.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdlib>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

namespace rb {
namespace {

constexpr double kG = 9.81;
const double kDx = std::getenv("RB_JET_DX") ? std::atof(std::getenv("RB_JET_DX")) : 2.0; // m
constexpr double kSlot = 9.0;        // m, the nominal slot width b
constexpr double kDischarge = 9.0;   // m³/s: 1 m/s through the nominal slot
constexpr double kDepth = 1.0;       // m
constexpr double kLength = 360.0;    // m, 40 slot widths
constexpr double kWidth = 180.0;     // m
constexpr int kRowsOffMiddle = 7;
const double kDuration = std::getenv("RB_JET_DURATION") ? std::atof(std::getenv("RB_JET_DURATION")) : 700.0; // s
constexpr double kMeanFrom = 350.0;  // s: once the jet's head has passed 30 slot widths
constexpr double kCourant = 0.4;
constexpr std::array<int, 3> kDistances = {10, 20, 30}; // slot widths

struct JetRun {
    double slotWidth = 0.0;             // m: the lattice's real slot, its rows' spacing times their count
    double inletSpeed = 0.0;            // m/s through the lattice's real slot
    std::array<double, 3> mean{};       // mean centre-line speed / inlet speed at kDistances
    std::array<double, 3> snapshot{};   // the same from the last instant
    double seconds = 0.0;               // wall clock
};

void record(const std::string& key, double value)
{
    char text[64];
    std::snprintf(text, sizeof text, "%.4g", value);
    ::testing::Test::RecordProperty(key, text);
    std::cout << "[ figures  ] mean jet: " << key << " = " << text << std::endl;
}

// The jet's centre-line speed at `distance` m from the inlet: the largest eastward velocity across
// the section, each row's value the mean over its cells within one dx of the section (the mean jet
// may drift off the slot's axis; its fastest line is its centre line).
double centreLineSpeed(const MapState& state, const io::VelocityField& v, double distance)
{
    const Lattice& lattice = state.lattice;
    double fastest = 0.0;
    for (int y = 0; y < lattice.height(); ++y) {
        double sum = 0.0;
        int count = 0;
        for (int x = 0; x < lattice.width(); ++x)
            if (std::abs(lattice.worldPosition(x, y).x - distance) <= kDx + 1e-9) {
                sum += v.x(x, y);
                ++count;
            }
        if (count) fastest = std::max(fastest, sum / count);
    }
    return fastest;
}

JetRun runJet(LatticeKind kind)
{
    const auto started = std::chrono::steady_clock::now();
    const double rowSpacing = kind == LatticeKind::Square ? kDx : kDx * std::sqrt(3.0) / 2.0;
    const Lattice lattice(kind, static_cast<int>(std::lround(kLength / kDx)), static_cast<int>(std::lround(kWidth / rowSpacing)), kDx);
    Map map = test::basinMap(lattice, FloatField(lattice.width(), lattice.height()));
    test::fillTo(map.state, static_cast<float>(kDepth));
    map.params.model = FlowModel::Momentum;
    map.params.friction = 0.0;
    map.params.manning = 0.0;
    map.params.eddyViscosity = 0.0;
    // The slot: the west side's rows whose centres lie within half a slot of its axis, kRowsOffMiddle rows north of the middle.
    const double axis = lattice.worldHeight() / 2.0 - kRowsOffMiddle * rowSpacing;
    int first = -1, last = -1;
    for (int y = 0; y < lattice.height(); ++y)
        if (std::abs(lattice.worldPosition(0, y).y - axis) <= 0.5 * kSlot + 1e-9) {
            if (first < 0) first = y;
            last = y;
        }
    JetRun run;
    run.slotWidth = (last - first + 1) * rowSpacing;
    run.inletSpeed = kDischarge / (run.slotWidth * kDepth);
    map.boundary = {{Side::West, first, last, BoundaryType::Inflow, kDischarge}, wholeSide(lattice, Side::East, BoundaryType::Sea, kDepth)};
    const int steps = static_cast<int>(std::ceil(kDuration / (kCourant * kDx / (run.inletSpeed + std::sqrt(kG * kDepth))) - 1e-9));
    map.params.dt = kDuration / steps;
    CpuSolver solver;
    solver.load(map);
    solver.startMean(std::getenv("RB_JET_EXPERIMENT") ? 300.0 : kMeanFrom);
    const double markEvery = std::getenv("RB_JET_EXPERIMENT") ? (kDuration - 300.0) / 4.0 : 1.0;
    std::vector<MeanFlow> marks;
    int mark = 1;
    for (int done = 0; done < steps;) {
        const int chunk = std::min(100, steps - done);
        const StepResult result = solver.step(chunk);
        EXPECT_TRUE(result.ok()) << result.error;
        if (!result.ok()) return run;
        done += chunk;
        if (std::getenv("RB_JET_EXPERIMENT") && solver.diagnostics().time >= 300.0 + markEvery * mark - 1e-9) {
            marks.push_back(solver.readState().meanFlow);
            ++mark;
        }
    }
    if (std::getenv("RB_JET_EXPERIMENT")) {
        const MapState end = solver.readState();
        for (const MeanFlow& m : marks) {
            MapState windowed = end;
            MeanFlow w = end.meanFlow;
            for (std::size_t f = 0; f < w.flowSums.size(); ++f)
                for (std::size_t i = 0; i < w.flowSums[f].size(); ++i) w.flowSums[f][i] -= m.flowSums[f][i];
            for (std::size_t i = 0; i < w.depthSums.size(); ++i) w.depthSums[i] -= m.depthSums[i];
            w.seconds -= m.seconds;
            w.from = m.to;
            windowed.meanFlow = w;
            const io::VelocityField v = io::reconstructVelocity(io::meanFlowState(windowed));
            std::cout << "[ experiment ] " << latticeKindName(kind) << " from " << m.to << ":";
            for (int d : kDistances) std::cout << " " << centreLineSpeed(windowed, v, d * run.slotWidth) / run.inletSpeed;
            std::cout << std::endl;
        }
    }
    const MapState state = solver.readState();
    EXPECT_FALSE(state.meanFlow.empty());
    if (state.meanFlow.empty()) return run;
    const io::VelocityField mean = io::reconstructVelocity(io::meanFlowState(state)), instant = io::reconstructVelocity(state);
    for (std::size_t i = 0; i < kDistances.size(); ++i) {
        run.mean[i] = centreLineSpeed(state, mean, kDistances[i] * run.slotWidth) / run.inletSpeed;
        run.snapshot[i] = centreLineSpeed(state, instant, kDistances[i] * run.slotWidth) / run.inletSpeed;
    }
    run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return run;
}

TEST(MeanJet, LatticesAgreeWithinAQuarterOnTheMeanCentreLineSpeed)
{
    const JetRun square = runJet(LatticeKind::Square);
    const JetRun triangle = runJet(LatticeKind::Triangle);
    for (const auto& [name, run] : {std::pair{"square", &square}, std::pair{"triangle", &triangle}}) {
        record(std::string(name) + "_slot_width_m", run->slotWidth);
        record(std::string(name) + "_inlet_speed_m_per_s", run->inletSpeed);
        record(std::string(name) + "_run_seconds", run->seconds);
        for (std::size_t i = 0; i < kDistances.size(); ++i) {
            const std::string at = std::to_string(kDistances[i]) + "_slots";
            record(std::string(name) + "_mean_" + at, run->mean[i]);
            record(std::string(name) + "_snapshot_" + at, run->snapshot[i]);
        }
    }
    for (std::size_t i = 0; i < kDistances.size(); ++i) {
        const double law = 2.4 * std::sqrt(1.0 / kDistances[i]);
        record("plane_jet_law_" + std::to_string(kDistances[i]) + "_slots", law);
        const double larger = std::max(square.mean[i], triangle.mean[i]), smaller = std::min(square.mean[i], triangle.mean[i]);
        EXPECT_GT(smaller, 0.05) << "no jet at " << kDistances[i] << " slot widths";
        EXPECT_LE(larger, 1.25 * smaller) << "at " << kDistances[i] << " slot widths: square " << square.mean[i] << ", triangle " << triangle.mean[i];
    }
}

} // namespace
} // namespace rb
