#include "GeneratorTestSupport.h"

#include <gtest/gtest.h>

#include <cmath>

namespace rb::gen::test {

GeneratorSettings smallSettings(Preset preset, int size, LatticeKind lattice, std::int64_t seed)
{
    GeneratorSettings settings(preset);
    settings.common.width = size;
    settings.common.height = size;
    settings.common.lattice = lattice;
    settings.common.seed = seed;
    return settings;
}

GenerationResult generateOrFail(const GeneratorSettings& settings, int threads)
{
    GenerationOptions options;
    options.threads = threads;
    GenerationResult result = generateMap(settings, options);
    EXPECT_TRUE(result.ok()) << result.error;
    EXPECT_EQ(result.map.validate(), "");
    return result;
}

double landFraction(const Map& map, double seaLevel)
{
    std::size_t land = 0;
    for (float b : map.state.bed.values()) land += b > seaLevel ? 1 : 0;
    return static_cast<double>(land) / static_cast<double>(map.state.bed.size());
}

std::vector<CellCoord> neighbours(const Lattice& lattice, CellCoord c)
{
    std::vector<CellCoord> out;
    for (int f = 0; f < lattice.familyCount(); ++f) {
        const CellOffset t = lattice.family(f).tailOffset(c.y), h = lattice.family(f).headOffset(c.y);
        if (lattice.contains(c.x + t.dx, c.y + t.dy)) out.push_back({c.x + t.dx, c.y + t.dy});
        if (lattice.contains(c.x + h.dx, c.y + h.dy)) out.push_back({c.x + h.dx, c.y + h.dy});
    }
    return out;
}

bool onSide(const Lattice& lattice, CellCoord c, Side side)
{
    switch (side) {
    case Side::North: return c.y == 0;
    case Side::South: return c.y == lattice.height() - 1;
    case Side::West: return c.x == 0;
    case Side::East: return c.x == lattice.width() - 1;
    }
    return false;
}

double correlation(const std::vector<double>& a, const std::vector<double>& b)
{
    const double n = static_cast<double>(a.size());
    double ma = 0, mb = 0;
    for (std::size_t i = 0; i < a.size(); ++i) {
        ma += a[i];
        mb += b[i];
    }
    ma /= n;
    mb /= n;
    double sab = 0, saa = 0, sbb = 0;
    for (std::size_t i = 0; i < a.size(); ++i) {
        sab += (a[i] - ma) * (b[i] - mb);
        saa += (a[i] - ma) * (a[i] - ma);
        sbb += (b[i] - mb) * (b[i] - mb);
    }
    return sab / std::sqrt(saa * sbb);
}

} // namespace rb::gen::test
