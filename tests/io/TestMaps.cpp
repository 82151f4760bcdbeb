#include "TestMaps.h"

#include "ranges/ValueRanges.h"

#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>

namespace rb::test {
namespace {

void fillRandom(FloatField& field, std::mt19937_64& rng, float low, float high)
{
    std::uniform_real_distribution<float> value(low, high);
    for (float& v : field.values()) v = value(rng);
}

// Values whose bits a lossy path would change: signed zero, the smallest subnormal, values that
// need all nine significant digits.
void sprinkleSpecialValues(FloatField& field)
{
    field[0] = -0.0f;
    field[1] = std::numeric_limits<float>::denorm_min();
    field[2] = 0.1f;
    field[3] = 1.0f / 3.0f;
    field[field.size() - 1] = std::nextafter(1.0f, 2.0f);
}

void randomFields(MapState& state, std::mt19937_64& rng)
{
    fillRandom(state.bed, rng, -50.0f, 500.0f);
    sprinkleSpecialValues(state.bed);
    fillRandom(state.depth, rng, 0.0f, 5.0f);
    std::bernoulli_distribution dry(0.3);
    for (float& h : state.depth.values())
        if (dry(rng)) h = 0.0f;
    state.depth[1] = std::numeric_limits<float>::denorm_min();
    for (FloatField& flow : state.flows) {
        fillRandom(flow, rng, -3.0f, 3.0f);
        sprinkleSpecialValues(flow);
    }
}

SimParams unusualParams()
{
    SimParams p;
    p.gravity = 9.80665;
    p.dt = 0.1 / 3.0;
    p.friction = 1.0 / 7.0;
    p.viscosity = 1e-6 + 1e-22;
    p.pipe = PipeMode::Constant;
    p.substeps = 7;
    p.rain = 0.1 + 0.2; // 0.30000000000000004: one ulp from 0.3
    p.evaporation = std::numeric_limits<double>::denorm_min();
    return p;
}

std::vector<BoundarySegment> someBoundary(const Lattice& l)
{
    return {wholeSide(l, Side::North, BoundaryType::Sea, 1.0 / 3.0),
            {Side::West, 1, l.height() - 2, BoundaryType::Inflow, 2.5e-3 + 1e-19},
            {Side::East, 0, 0, BoundaryType::Outflow, 0.0},
            {Side::South, l.width() - 1, l.width() - 1, BoundaryType::Wall, -0.0}};
}

std::vector<PointSource> someSources(const Lattice& l, std::mt19937_64& rng)
{
    std::uniform_real_distribution<double> u(0.1, 0.9);
    PointSource spring{PointSource::Kind::Spring, u(rng) * l.worldWidth(), u(rng) * l.worldHeight(), u(rng), false};
    PointSource drain{PointSource::Kind::Drain, u(rng) * l.worldWidth(), u(rng) * l.worldHeight(), 0.0, true};
    return {spring, drain};
}

} // namespace

double randomFiniteDouble(std::uint64_t& state)
{
    for (;;) {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        const double d = std::bit_cast<double>(state ^ (state >> 29));
        if (std::isfinite(d)) return d;
    }
}

double randomDoubleWithin(std::uint64_t& state, double limit)
{
    for (;;)
        if (const double d = randomFiniteDouble(state); std::abs(d) <= limit) return d;
}

Map randomMap(LatticeKind kind, int width, int height, std::uint64_t seed)
{
    std::mt19937_64 rng(seed);
    std::uint64_t bits = seed;
    Map map;
    map.state = MapState(Lattice(kind, width, height, 0.5 + static_cast<double>(seed % 7) / 3.0));
    randomFields(map.state, rng);
    // Random bit patterns within the ranges a map may hold (ranges/ValueRanges.h).
    const auto ledgerTotal = [&bits] { return randomDoubleWithin(bits, ranges::kMaxLedger); };
    map.state.time = std::abs(randomDoubleWithin(bits, ranges::kMaxTime));
    map.state.steps = (std::int64_t{1} << 53) + 1 + static_cast<std::int64_t>(seed);
    map.state.ledger = {ledgerTotal(), ledgerTotal(), ledgerTotal(), ledgerTotal(), ledgerTotal(), -0.0, ledgerTotal()};
    map.params = unusualParams();
    map.boundary = someBoundary(map.state.lattice);
    map.sources = someSources(map.state.lattice, rng);
    map.generatorSettings = "{\"preset\": \"île \\\"étoilée\\\"\",\n \"seed\": " + std::to_string(seed) + ", \"tab\":\"\t\"}";
    return map;
}

bool sameBits(const FloatField& a, const FloatField& b)
{
    return a.width() == b.width() && a.height() == b.height() && std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0;
}

bool sameBits(double a, double b)
{
    return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b);
}

} // namespace rb::test
