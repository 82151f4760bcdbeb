#pragma once

#include <string>
#include <vector>

namespace rb {

class Lattice;

// A spring adds water at a point, a drain removes it. Positions are world metres; the solver
// applies each to the cell nearest to it.
struct PointSource {
    enum class Kind { Spring, Drain };
    Kind kind = Kind::Spring;
    double x = 0.0;
    double y = 0.0;
    double rate = 0.0;      // m³/s (spring: added; drain: removed at most this fast)
    bool drainAll = false;  // drain everything that reaches the cell, whatever the rate
    int dye = -1;           // spring only: the dye channel its water carries at concentration 1 (−1: clean)
    double sediment = 0.0;  // spring only: the sediment its water carries (volume concentration, erosion on)

    bool operator==(const PointSource&) const = default;
};

std::string validateSources(const Lattice& lattice, const std::vector<PointSource>& sources);

} // namespace rb
