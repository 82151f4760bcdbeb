#pragma once

#include "model/ErosionParams.h"

#include <optional>
#include <string>
#include <string_view>

namespace rb {

// How the cross-section A of a virtual pipe is chosen (see docs/solver.md, "Pipe cross-section").
enum class PipeMode {
    Constant, // A = dx²  (Mei et al. 2007): every wave travels at sqrt(g·dx), whatever the depth
    Depth,    // A = h_upwind · face width: the shallow-water linearisation, waves at sqrt(g·h)
};

std::string_view pipeModeName(PipeMode mode);
std::optional<PipeMode> parsePipeMode(std::string_view name);

// Which equations move the water (docs/solver.md).
enum class FlowModel {
    Pipes,    // virtual pipes (the seed article): flows accelerate down the surface, no inertia carried along
    Momentum, // shallow-water equations on a staggered lattice: momentum advected with the flow,
              // Manning friction, eddy viscosity (Stelling & Duinmeijer 2003 style, upwind)
};

std::string_view flowModelName(FlowModel model); // "pipes", "momentum"
std::optional<FlowModel> parseFlowModel(std::string_view name);

// The automatic time step's CFL target for new maps and `--dt auto`.
inline constexpr double kDefaultCflTarget = 0.5;

// Manning's n (s/m^⅓) of new maps, by what the water runs over (Chow 1959, "Open-channel
// hydraulics", table 5-6; docs/generator.md says which preset takes which).
inline constexpr double kRiverBedManning = 0.030;     // a clean natural channel: the river preset
inline constexpr double kNaturalGroundManning = 0.035; // streams with stones and weeds over mixed ground: island, import
inline constexpr double kSeaBedManning = 0.025;        // sand and silt under open water: the archipelago
inline constexpr double kLakeBasinManning = 0.040;     // grassy slopes and pasture that rain runs down into lakes

// Everything the user may change between two steps.
struct SimParams {
    double gravity = 9.81;     // m/s²
    double dt = 0.05;          // s per step
    double friction = 0.05;    // fraction of flow lost per second: flows scale by (1 − friction)^dt
    double viscosity = 0.0;    // m²/s, 0 = off
    PipeMode pipe = PipeMode::Depth;
    int substeps = 1;          // steps per call from the editor's frame loop
    double rain = 0.0;         // m/s added to every cell
    double evaporation = 0.0;  // m/s removed from every wet cell
    // Pipes here, so a file or a caller that names no model keeps the seed's model; every new map
    // gets the momentum model through forNewMap.
    FlowModel model = FlowModel::Pipes;
    // Momentum model only. Manning's n (s/m^⅓) replaces the (1 − friction)^dt factor when above
    // 0; the eddy viscosity (m²/s) diffuses velocity (the pipes' `viscosity` is the seed's damping).
    double manning = 0.0;
    double eddyViscosity = 0.0;
    // Automatic time step (docs/solver.md): when cflTarget is above 0, every call picks the dt that
    // holds the CFL number at cflTarget for the water at the call's start, at most dtMax; `dt` is
    // then the step in use (saved, so a resumed run picks the same steps). 0: `dt` is fixed.
    double cflTarget = 0.0;
    double dtMax = 0.0;
    // Dye (docs/solver.md, "Dye"): diffusivity through the water (m²/s, implicit, so any value is
    // stable; 0 = off) and the half-life of every channel (s; 0 = no decay).
    double dyeDiffusivity = 0.0;
    double dyeHalfLife = 0.0;
    ErosionParams erosion; // docs/erosion.md; off by default

    bool automaticDt() const { return cflTarget > 0.0; }

    // A new map's parameters: the momentum model with Manning's n (the water that keeps its
    // inertia, docs/solver.md "Which model new maps get"), and the automatic time step at
    // kDefaultCflTarget under a ceiling of suggestedDt(cellSize, expectedDepth), so calm water runs
    // at the ceiling and a flood slows the steps instead of stopping the run (docs/solver.md,
    // "Automatic time step").
    static SimParams forNewMap(double cellSize, double expectedDepth, double manning = kNaturalGroundManning);
    // 0.5·dx/√(g·h) for the deepest water h expected, rounded down to two digits and kept within
    // 0.0001…1 s (docs/generator.md).
    static double suggestedDt(double cellSize, double expectedDepth);

    // Empty when valid, else a message naming the offending parameter.
    std::string validate() const;
    bool operator==(const SimParams&) const = default;
};

} // namespace rb
