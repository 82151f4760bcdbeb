#pragma once

#include "generator/GeneratorSettings.h"
#include "generator/LakesLandscape.h"
#include "generator/MapFrame.h"
#include "generator/TerrainGenerator.h"
#include "model/Map.h"

#include <optional>
#include <string>

namespace rb::gen {

// One row band of a generated map, for generate across MPI ranks (docs/scaling.md, "Generating
// by bands"): the rows [s, e) of the map generateMap makes, bit for bit, without the rest. Only
// presets whose every stage is local can be cut so: a cell's terrain is a pointwise function of
// its position (noise), and its erodibility reads its neighbours (one row away) and the whole
// map's highest bed (one number, reduced by the caller). Today that is the lakes preset without
// the erode stage; wholeMapStage() names what stops the others.
class BandGenerator {
public:
    // Empty when every stage of `settings` can be made band by band; else each stage that needs
    // the whole map, with why.
    static std::string wholeMapStage(const GeneratorSettings& settings);

    // Rows [s, e) of the map `settings` describes; s even (the triangle lattice's rows alternate,
    // and the band's own lattice must keep their parity). The settings must pass wholeMapStage().
    BandGenerator(const GeneratorSettings& settings, int s, int e, const GenerationOptions& options);

    // The band's terrain; false when cancelled.
    bool sampleTerrain();
    // The highest bed of the band's rows (the whole map's is the largest over the bands).
    float highestBed() const;
    // The band's map after sampleTerrain(), given the whole map's highest bed: its arrays on the
    // band's rows, under the whole map's lattice, boundary, parameters and settings (what
    // BandWriter writes). nullopt when cancelled. Rows next to the band's cut (not the map's
    // edge) lack a neighbour: their erodibility is wrong, so a band must hold a row more than it
    // writes on each inner side.
    std::optional<Map> finish(double peak);

private:
    const GeneratorSettings& settings_;
    GenerationOptions options_;
    ProgressTracker progress_;
    Lattice whole_, band_;
    int s_;
    MapFrame frame_;
    LakesLandscape landscape_;
    MapState state_;
};

} // namespace rb::gen
