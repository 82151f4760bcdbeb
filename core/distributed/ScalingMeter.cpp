#include "distributed/ScalingMeter.h"

#include <chrono>
#include <ctime>

namespace rb {

ScalingMeter::Span::Span(double& wall, double* cpu) : wall_(wall), cpu_(cpu), wallStart_(wallNow()), cpuStart_(cpu ? cpuNow() : 0.0) {}

ScalingMeter::Span::~Span()
{
    wall_ += wallNow() - wallStart_;
    if (cpu_) *cpu_ += cpuNow() - cpuStart_;
}

namespace {
constexpr std::size_t kPacked = 10; // the doubles of one rank
} // namespace

std::vector<double> ScalingMeter::pack(const RankScaling& rank)
{
    const ScalingTotals& t = rank.totals;
    return {t.stepSeconds, t.computeSeconds, t.computeCpuSeconds, t.exchangeSeconds, t.reduceSeconds, static_cast<double>(t.haloBytes),
            static_cast<double>(t.steps), static_cast<double>(t.exchanges), static_cast<double>(rank.cells), static_cast<double>(rank.ownedCells)};
}

std::vector<RankScaling> ScalingMeter::unpack(const std::vector<double>& packed)
{
    std::vector<RankScaling> ranks;
    const auto count = [](double v) { return static_cast<std::int64_t>(v); };
    for (std::size_t i = 0; i + kPacked <= packed.size(); i += kPacked) {
        const double* p = packed.data() + i;
        ranks.push_back({{p[0], p[1], p[2], p[3], p[4], count(p[5]), count(p[6]), count(p[7])}, count(p[8]), count(p[9])});
    }
    return ranks;
}

double ScalingMeter::wallNow()
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

double ScalingMeter::cpuNow()
{
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

} // namespace rb
