#pragma once

#include "ClHeaders.h"

#include "lattice/Lattice.h"
#include "model/MapState.h"

#include <string>

// The host's mirrors of the structs the kernels take as arguments (common.cl, momentumCommon.cl,
// applyPointSources.cl, dyeCommon.cl, bookCurrentOutflow.cl): the host fills them and the kernels
// read them byte for byte, so the two must agree field by field. Sizes are checked here when
// compiled; kernelArgLayoutChecks() makes the kernels' compiler check each field's offset too.
namespace rb::opencl {

// Host mirrors of the structs in common.cl (all 4-byte fields, no padding).
struct BoundaryEdgeArgs {
    cl_uint flowIndex, cell;
    cl_float inward;
    cl_int type;
    cl_float value;
    cl_int family;
};
struct GridArgs {
    cl_int width, height, pitch, plane;
    cl_float cellArea;
};
struct PipeArgs {
    cl_float gdtOverLength[Lattice::kMaxFamilies], pipeLength[Lattice::kMaxFamilies], faceWidth[Lattice::kMaxFamilies];
    cl_float dt, gravity, frictionFactor, viscosityTerm, constantArea;
    cl_int depthPipes;
};
struct SourceCellArgs {
    cl_uint cell;
    cl_int kind;
    cl_float depthPerStep;
    cl_int drainAll;
};
static_assert(sizeof(BoundaryEdgeArgs) == 24 && sizeof(GridArgs) == 20 && sizeof(PipeArgs) == 60 && sizeof(SourceCellArgs) == 16);

// Host mirror of Momentum in momentumCommon.cl, filled from MomentumConstants::from.
struct MomentumArgs {
    cl_float dt, gravity, frictionFactor, manningTerm, eddyViscosity, cellArea, dtOverArea, rainDepth, evaporationDepth, speedLimit, laplacian;
    cl_float pipeLength[Lattice::kMaxFamilies], faceWidth[Lattice::kMaxFamilies];
};
static_assert(sizeof(MomentumArgs) == 68);

// Host mirrors of the structs in dyeCommon.cl (no padding).
struct DyeStepArgs {
    cl_double cellArea, dtSeconds;
    cl_float dtOverArea, rainDepth, evaporationDepth, decayFactor;
};
struct DyeEdgeArgs {
    cl_uint flow, cell;
    cl_float inward;
    cl_float concentration[kMaxDyeChannels];
};
struct DyeSourceArgs {
    cl_uint cell;
    cl_int kind;
    cl_float amount;
    cl_int drainAll, channel;
};
struct CurrentSideFaceArgs {
    cl_uint flow;
    cl_int tail, head; // padded indices, −1 beyond the map
};
static_assert(sizeof(CurrentSideFaceArgs) == 12);
static_assert(sizeof(DyeStepArgs) == 32 && sizeof(DyeEdgeArgs) == 12 + 4 * kMaxDyeChannels && sizeof(DyeSourceArgs) == 20);

// OpenCL C appended to the program after every kernel source: one _Static_assert per field,
// that the kernel struct's field lies at the host mirror's offset (__builtin_offsetof). Two fields
// of one type swapped on one side keep the sizes but fail here, so the program does not build.
// The dye structs are checked where the program has them (DYE_KERNELS).
std::string kernelArgLayoutChecks();

} // namespace rb::opencl
