#include "model/MapState.h"

#include "ranges/ValueRanges.h"

#include <cmath>
#include <limits>
#include <utility>

namespace rb {

MapState::MapState(const Lattice& l)
    : lattice(l), bed(l.width(), l.height()), depth(l.width(), l.height())
{
    for (int f = 0; f < l.familyCount(); ++f) flows.emplace_back(l.paddedWidth(), l.paddedHeight());
}

double MapState::volume() const
{
    double sum = 0.0;
    for (float h : depth.values()) sum += h;
    return sum * lattice.cellArea();
}

double MapState::sedimentVolume() const
{
    double sum = 0.0;
    for (float s : sediment.values()) sum += s;
    return sum * lattice.cellArea();
}

double MapState::dyeVolume(int channel) const
{
    double sum = 0.0;
    for (float d : dye.at(static_cast<std::size_t>(channel)).values()) sum += d;
    return sum * lattice.cellArea();
}

namespace {

std::string cellText(int x, int y)
{
    // Appended piece by piece: GCC 12 warns (-Wrestrict, falsely) on "(" + std::to_string(x).
    std::string text = "(";
    text.append(std::to_string(x)).append(", ").append(std::to_string(y)).append(")");
    return text;
}

// The first value outside [lowest, highest], named with its cell; NaN and Inf get their own words
// because "got nan" reads like a typo.
std::string firstOutOfRange(const FloatField& field, const char* name, double lowest, double highest, const char* unit)
{
    for (int y = 0; y < field.height(); ++y)
        for (int x = 0; x < field.width(); ++x) {
            const float v = field(x, y);
            if (v >= lowest && v <= highest) continue;
            if (!std::isfinite(v)) return std::string(name) + " has a non-finite value at " + cellText(x, y);
            return checkRange(std::string(name) + " at " + cellText(x, y), v, lowest, highest, unit);
        }
    return {};
}

std::string firstNegativeDepth(const FloatField& depth)
{
    for (int y = 0; y < depth.height(); ++y)
        for (int x = 0; x < depth.width(); ++x)
            if (depth(x, y) < 0.0f) return std::string("water depth is negative at ") + cellText(x, y);
    return {};
}

// Dye is water carrying it: 0 ≤ d ≤ h in every cell (NaN fails).
std::string firstDyeOutsideWater(const FloatField& dye, const FloatField& depth, int channel)
{
    for (int y = 0; y < dye.height(); ++y)
        for (int x = 0; x < dye.width(); ++x)
            if (!(dye(x, y) >= 0.0f && dye(x, y) <= depth(x, y)))
                return "dye channel " + std::to_string(channel) + " at " + cellText(x, y) + " must lie in [0, water depth] m (got "
                       + rangeNumberText(dye(x, y)) + ")";
    return {};
}

std::string checkSizes(const MapState& s)
{
    const Lattice& lattice = s.lattice;
    const int w = lattice.width(), h = lattice.height();
    if (s.bed.width() != w || s.bed.height() != h) return "terrain size does not match the lattice";
    if (s.depth.width() != w || s.depth.height() != h) return "water depth size does not match the lattice";
    if (static_cast<int>(s.flows.size()) != lattice.familyCount()) return "wrong number of flow arrays for the lattice";
    for (const FloatField& f : s.flows)
        if (f.width() != lattice.paddedWidth() || f.height() != lattice.paddedHeight()) return "flow array size does not match the lattice";
    if (!s.velocities.empty() && static_cast<int>(s.velocities.size()) != lattice.familyCount()) return "wrong number of velocity arrays for the lattice";
    for (const FloatField& f : s.velocities)
        if (f.width() != lattice.paddedWidth() || f.height() != lattice.paddedHeight()) return "velocity array size does not match the lattice";
    if (s.dye.size() > static_cast<std::size_t>(kMaxDyeChannels)) return "more than " + std::to_string(kMaxDyeChannels) + " dye channels";
    if (s.dyeLedgers.size() != s.dye.size()) return "the dye ledgers do not match the dye channels";
    for (const FloatField& d : s.dye)
        if (d.width() != w || d.height() != h) return "dye size does not match the lattice";
    if (!s.currents.empty() && s.currents.size() != 2) return "the currents must be two fields (east, south) or none";
    for (const FloatField& c : s.currents)
        if (c.width() != w || c.height() != h) return "current size does not match the lattice";
    if (!s.currentFlows.empty() && (s.currents.empty() || static_cast<int>(s.currentFlows.size()) != lattice.familyCount()))
        return "the current's face fluxes must be one array per edge family, beside the cells' current";
    for (const FloatField& f : s.currentFlows)
        if (f.width() != lattice.paddedWidth() || f.height() != lattice.paddedHeight()) return "current flux array size does not match the lattice";
    const std::pair<const FloatField*, const char*> erosionFields[] = {{&s.erodibility, "erodibility"}, {&s.sediment, "sediment"}, {&s.deposition, "deposition"}, {&s.bedRemainder, "bed remainder"}};
    for (const auto& [field, name] : erosionFields)
        if (!field->empty() && (field->width() != w || field->height() != h)) return std::string(name) + " size does not match the lattice";
    return {};
}

std::string checkFields(const MapState& s)
{
    using namespace ranges;
    constexpr double kInfinity = std::numeric_limits<double>::infinity();
    if (auto e = firstOutOfRange(s.bed, "terrain", -kMaxElevation, kMaxElevation, "m"); !e.empty()) return e;
    if (auto e = firstOutOfRange(s.depth, "water depth", -kInfinity, kInfinity, "m"); !e.empty()) return e;
    if (auto e = firstNegativeDepth(s.depth); !e.empty()) return e;
    if (auto e = firstOutOfRange(s.depth, "water depth", 0.0, kMaxElevation, "m"); !e.empty()) return e;
    for (const FloatField& f : s.flows)
        if (auto e = firstOutOfRange(f, "flow", -kMaxFlow, kMaxFlow, "m³/s"); !e.empty()) return e;
    for (const FloatField& f : s.velocities)
        if (auto e = firstOutOfRange(f, "velocity", -kMaxSpeed, kMaxSpeed, "m/s"); !e.empty()) return e;
    for (std::size_t c = 0; c < s.dye.size(); ++c)
        if (auto e = firstDyeOutsideWater(s.dye[c], s.depth, static_cast<int>(c)); !e.empty()) return e;
    for (const FloatField& c : s.currents)
        if (auto e = firstOutOfRange(c, "current", -kMaxCurrentSpeed, kMaxCurrentSpeed, "m/s"); !e.empty()) return e;
    for (const FloatField& f : s.currentFlows)
        if (auto e = firstOutOfRange(f, "current flux", -kMaxFlow, kMaxFlow, "m³/s"); !e.empty()) return e;
    if (auto e = firstOutOfRange(s.erodibility, "erodibility", 0.0, 1.0, ""); !e.empty()) return e;
    if (auto e = firstOutOfRange(s.sediment, "sediment", 0.0, kMaxElevation, "m"); !e.empty()) return e;
    if (auto e = firstOutOfRange(s.deposition, "deposition", -2 * kMaxElevation, 2 * kMaxElevation, "m"); !e.empty()) return e;
    if (auto e = firstOutOfRange(s.bedRemainder, "bed remainder", -1.0, 1.0, "m"); !e.empty()) return e;
    return {};
}

} // namespace

std::string checkLedger(const VolumeLedger& l)
{
    const std::pair<const char*, double> totals[] = {
        {"ledger.boundaryIn", l.boundaryIn}, {"ledger.boundaryOut", l.boundaryOut}, {"ledger.springs", l.springs},
        {"ledger.drains", l.drains},         {"ledger.rain", l.rain},               {"ledger.evaporation", l.evaporation},
        {"ledger.edited", l.edited},
    };
    for (const auto& [name, total] : totals)
        if (auto e = checkMagnitude(name, total, ranges::kMaxLedger, "m³"); !e.empty()) return e;
    return {};
}

std::string checkStepCounter(std::int64_t steps)
{
    if (steps >= 0 && steps <= ranges::kMaxSteps) return {};
    return std::string("steps (the step counter) must lie in 0..2^62 = ") + std::to_string(ranges::kMaxSteps) + " (got " + std::to_string(steps) + ")";
}

std::string MapState::validate() const
{
    if (auto e = checkSizes(*this); !e.empty()) return e;
    if (auto e = checkFields(*this); !e.empty()) return e;
    if (auto e = checkRange("time", time, 0.0, ranges::kMaxTime, "s"); !e.empty()) return e;
    if (auto e = checkStepCounter(steps); !e.empty()) return e;
    for (std::size_t c = 0; c < dyeLedgers.size(); ++c)
        if (auto e = checkDyeLedger(dyeLedgers[c], static_cast<int>(c)); !e.empty()) return e;
    if (auto e = checkSedimentLedger(sedimentLedger); !e.empty()) return e;
    if (!meanFlow.empty()) {
        if (auto e = meanFlow.validate(lattice); !e.empty()) return e;
        if (meanFlow.to > time) return "the time-mean window ends after the map's time";
    }
    return checkLedger(ledger);
}

} // namespace rb
