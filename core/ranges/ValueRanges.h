#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace rb {

// The sane range of every number a map or a run may hold (docs/map-format.md, "Ranges"). Each is
// wider than anything physical, so that no real map is refused, yet narrow enough that no
// product of them (volume, CFL number, ledger totals over a run) overflows a double or a float.
namespace ranges {

inline constexpr double kMaxElevation = 1e5;   // m: |bed| and depth; ten times the deepest ocean trench
inline constexpr double kMaxFlow = 1e15;       // m³/s through one pipe: 1e5 m deep × 1e5 m wide × 1e5 m/s
inline constexpr double kMaxSpeed = 1e5;       // m/s of a face velocity (momentum model): the same bound
inline constexpr double kMinCellSize = 1e-3;   // m: a millimetre lattice is already a lab flume
inline constexpr double kMaxCellSize = 1e5;    // m: 100 km cells cover a continent at 16384 cells
inline constexpr double kMinDt = 1e-6;         // s: below this a run advances nothing measurable
inline constexpr double kMaxDt = 1e4;          // s: under three hours per step
inline constexpr double kMinCflTarget = 0.01;  // automatic dt: below this a run crawls for nothing
inline constexpr double kMaxCflTarget = 1.0;   // the schemes' stability limit
inline constexpr double kMinGravity = 0.01;    // m/s²: below the pull of any moon with water (Enceladus 0.11)
inline constexpr double kMaxGravity = 100.0;   // m/s²: four times Jupiter's
inline constexpr double kMaxSeaLevel = 1e5;    // m: |sea level|, the same bound as the bed
inline constexpr double kMaxRate = 1e9;        // m³/s: inflow, spring, drain; 5000 Amazons
inline constexpr double kMaxRain = 1.0;        // m/s: rain and evaporation; a metre per second
inline constexpr double kMaxViscosity = 1e6;   // m²/s: viscosity and eddy viscosity; lava is about 1e3, river eddies about 1
inline constexpr double kMaxCurrentSpeed = 1e3; // m/s: a stored steady current; far beyond any sea
inline constexpr double kMaxSideCurrent = 100.0; // m/s: a current prescribed across a side; the fastest tidal races run 10
inline constexpr double kMaxLedger = 1e24;     // m³: |total|; 4× the most water the largest map can hold
inline constexpr double kMaxTime = 1e12;       // s: 31 700 years of simulated time
inline constexpr std::int64_t kMaxSteps = std::int64_t{1} << 62; // leaves room for any step(count) without overflow
inline constexpr int kMaxThreads = 1024;       // beyond any machine the solver or generator runs on

} // namespace ranges

// Short text of a number for messages: "1e-6", "10000", "5e-324" (shortest round trip).
std::string rangeNumberText(double value);

// Three significant digits, for estimates: "127", "6.25e5".
std::string roughNumberText(double value);

// Empty when lowest ≤ value ≤ highest (NaN fails), else "NAME must lie in [LOWEST, HIGHEST] UNIT
// (got VALUE)".
std::string checkRange(std::string_view name, double value, double lowest, double highest, std::string_view unit);
// The same for a float field's value, shown as the float's own shortest text.
std::string checkRange(std::string_view name, float value, double lowest, double highest, std::string_view unit);

// checkRange over [−limit, limit].
std::string checkMagnitude(std::string_view name, double value, double limit, std::string_view unit);

} // namespace rb
