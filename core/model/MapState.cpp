#include "model/MapState.h"

#include <cmath>

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

namespace {

std::string firstNonFinite(const FloatField& field, const char* name)
{
    for (int y = 0; y < field.height(); ++y)
        for (int x = 0; x < field.width(); ++x)
            if (!std::isfinite(field(x, y)))
                return std::string(name) + " has a non-finite value at (" + std::to_string(x) + ", " + std::to_string(y) + ")";
    return {};
}

} // namespace

std::string MapState::validate() const
{
    const int w = lattice.width(), h = lattice.height();
    if (bed.width() != w || bed.height() != h) return "terrain size does not match the lattice";
    if (depth.width() != w || depth.height() != h) return "water depth size does not match the lattice";
    if (static_cast<int>(flows.size()) != lattice.familyCount()) return "wrong number of flow arrays for the lattice";
    for (const FloatField& f : flows)
        if (f.width() != lattice.paddedWidth() || f.height() != lattice.paddedHeight()) return "flow array size does not match the lattice";
    if (!velocities.empty() && static_cast<int>(velocities.size()) != lattice.familyCount()) return "wrong number of velocity arrays for the lattice";
    for (const FloatField& f : velocities)
        if (f.width() != lattice.paddedWidth() || f.height() != lattice.paddedHeight()) return "velocity array size does not match the lattice";
    if (auto e = firstNonFinite(bed, "terrain"); !e.empty()) return e;
    if (auto e = firstNonFinite(depth, "water depth"); !e.empty()) return e;
    for (const FloatField& f : flows)
        if (auto e = firstNonFinite(f, "flow"); !e.empty()) return e;
    for (const FloatField& f : velocities)
        if (auto e = firstNonFinite(f, "velocity"); !e.empty()) return e;
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
            if (depth(x, y) < 0.0f) return "water depth is negative at (" + std::to_string(x) + ", " + std::to_string(y) + ")";
    if (!std::isfinite(time) || time < 0.0) return "simulation time is not a finite, non-negative number";
    return {};
}

} // namespace rb
