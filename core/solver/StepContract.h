#pragma once

#include "model/WetDepth.h"

#include <string>

namespace rb::contract {

// What the CPU step and the OpenCL kernels must agree on, defined once. The kernels never spell
// these numbers: kernelContractHeader() writes them as #defines at the top of the program each
// time it is built, so a change here reaches both sides.

// Outflow scaling leaves this fraction of a cell's water behind, so float rounding in the depth
// update can never take a depth below zero.
inline constexpr float kScaleMargin = 1.0f - 1e-6f;

// Below this mean depth of its two cells a face counts as dry for the speed diagnostics (a film's
// "speed" means nothing): the map's wet depth.
inline constexpr float kWetDepth = water::kWetDepth;

// A cell's discharge vector is the least-squares fit to its faces' discharges; below this
// determinant of the fit's normal matrix its faces tell no direction (a cell with one open face
// or two opposite ones) and its vector is 0.
inline constexpr float kMinDischargeFitDeterminant = 1e-3f;

// Manning's friction, semi-implicit: a face's velocity `speed` becomes
// speed / (1 + dt·g·n²·|u| / h^(4/3)), with |u| the whole speed at the face (`fullSpeed`), h the
// face's depth at least the dry depth, and h^(4/3) taken as h·∛h. One text for every step: the CPU
// steps expand this macro, and kernelContractHeader() writes the same text into the kernels'
// program as MANNING_SLOWED, so both round alike. `cubeRoot` names each side's cube root, glibc's
// cbrtf bit for bit on both (std::cbrt, CubeRoot.h, momentumCommon.cl's cubeRoot).
#define RB_MANNING_SLOWED(speed, dtManning, fullSpeed, depth, cubeRoot) ((speed) / (1.0f + (dtManning) * (fullSpeed) / ((depth) * cubeRoot(depth))))

// A face is a free overfall when its higher cell holds water (deeper than `dry`) and its lower
// cell's water surface lies below the higher cell's bed: the nappe leaves the bed, and the momentum
// step's advection treats it apart (MomentumStep::overfallShare). A dry higher cell has no fall: without
// that condition every face from dry land down to a lower cell counted, and the fused step redid most
// land faces with the reference's functions (2.2× the instructions of a run on a generated river map).
// The same text on both sides, as RB_MANNING_SLOWED (the kernels' IS_OVERFALL); written with selects
// and comparisons only, so it takes OpenCL vectors too (true: −1 per lane there).
#define RB_IS_OVERFALL(bHead, hHead, bTail, hTail, dry) \
    ((((bHead) < (bTail) ? (bHead) + (hHead) : (bTail) + (hTail)) < ((bHead) < (bTail) ? (bTail) : (bHead))) && \
     (((bHead) < (bTail) ? (hTail) : (hHead)) > (dry)))

// Work-group size of the device reductions (a power of two) and the strips a group sum is cut
// into before one work-item adds them up (two barriers instead of a tree: cheap on CPU devices).
inline constexpr int kReductionSize = 256;
inline constexpr int kReductionStrips = 16;
static_assert(kReductionSize % kReductionStrips == 0);

// Per-step ledger slots the kernels fill and the host sums in double.
enum class LedgerSlot : int { BoundaryIn, BoundaryOut, Rain, Evaporation, Springs, Drains, Count };
inline constexpr int kLedgerSlots = static_cast<int>(LedgerSlot::Count);

// Per-channel dye ledger totals the dye kernels add to in double, as DyeTransport books them
// (DyeLedger's fields but `edited`, which only the host's edits book).
enum class DyeLedgerSlot : int { BoundaryIn, BoundaryOut, Springs, Drains, Evaporation, Decayed, Clipped, Count };
inline constexpr int kDyeLedgerSlots = static_cast<int>(DyeLedgerSlot::Count);

// The kernels' #defines: every constant and enum value above, BoundaryType (BOUNDARY_WALL ..
// BOUNDARY_OUTFLOW), PointSource::Kind (SOURCE_SPRING, SOURCE_DRAIN), the dye channels a map may have (DYE_CHANNELS), CurrentDrift's wet depth and most substeps
// (CURRENT_WET_DEPTH, CURRENT_MAX_SUBSTEPS) and the momentum step's
// dry depth (MOMENTUM_DRY_DEPTH), Manning's friction (MANNING_SLOWED, the text of
// RB_MANNING_SLOWED) and the free overfall's test (IS_OVERFALL, RB_IS_OVERFALL's). Floats are written in hexadecimal, so they arrive bit for bit.
std::string kernelContractHeader();

// A float as an OpenCL C literal that denotes exactly it (hexadecimal significand).
std::string kernelFloatLiteral(float value);

// RB_MANNING_SLOWED's parameters and body as the kernels' #define has them: "(speed, ...) ((speed) / ...)".
std::string manningFormulaText();

// RB_IS_OVERFALL's, likewise.
std::string overfallTestText();

} // namespace rb::contract
