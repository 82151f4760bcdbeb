#pragma once

#include "model/PointSource.h"

#include <cstdint>
#include <vector>

namespace rb {

class Lattice;

// A point source resolved to the cell nearest to it.
struct SourceCell {
    std::uint32_t cell = 0;
    PointSource::Kind kind = PointSource::Kind::Spring;
    double rate = 0.0;
    bool drainAll = false;
    int dye = -1; // a spring's dye channel
    double sediment = 0.0; // a spring's load (volume concentration; erosion only)
};

// Sources outside the map are an error (validateSources); this assumes they were validated.
std::vector<SourceCell> resolveSources(const Lattice& lattice, const std::vector<PointSource>& sources);

} // namespace rb
