#include "KernelArgs.h"

#include <cstddef>
#include <sstream>

namespace rb::opencl {
namespace {

// The checks of one struct: each field's offset in the kernel struct against the host's.
class StructChecks {
public:
    StructChecks(std::ostringstream& out, const char* kernelStruct) : out_(out), kernelStruct_(kernelStruct) {}
    void field(const char* name, std::size_t hostOffset)
    {
        out_ << "_Static_assert(__builtin_offsetof(" << kernelStruct_ << ", " << name << ") == " << hostOffset << ", \""
             << kernelStruct_ << "." << name << " is not where the host's mirror has it\");\n";
    }

private:
    std::ostringstream& out_;
    const char* kernelStruct_;
};

// The field's name written once: the kernel's is the host's.
#define RB_CHECK_FIELD(checks, Host, name) checks.field(#name, offsetof(Host, name))

void checkWaterStructs(std::ostringstream& out)
{
    StructChecks edge(out, "BoundaryEdge");
    RB_CHECK_FIELD(edge, BoundaryEdgeArgs, flowIndex);
    RB_CHECK_FIELD(edge, BoundaryEdgeArgs, cell);
    RB_CHECK_FIELD(edge, BoundaryEdgeArgs, inward);
    RB_CHECK_FIELD(edge, BoundaryEdgeArgs, type);
    RB_CHECK_FIELD(edge, BoundaryEdgeArgs, value);
    RB_CHECK_FIELD(edge, BoundaryEdgeArgs, family);
    StructChecks grid(out, "Grid");
    RB_CHECK_FIELD(grid, GridArgs, width);
    RB_CHECK_FIELD(grid, GridArgs, height);
    RB_CHECK_FIELD(grid, GridArgs, pitch);
    RB_CHECK_FIELD(grid, GridArgs, plane);
    RB_CHECK_FIELD(grid, GridArgs, cellArea);
    StructChecks pipes(out, "Pipes");
    RB_CHECK_FIELD(pipes, PipeArgs, gdtOverLength);
    RB_CHECK_FIELD(pipes, PipeArgs, pipeLength);
    RB_CHECK_FIELD(pipes, PipeArgs, faceWidth);
    RB_CHECK_FIELD(pipes, PipeArgs, dt);
    RB_CHECK_FIELD(pipes, PipeArgs, gravity);
    RB_CHECK_FIELD(pipes, PipeArgs, frictionFactor);
    RB_CHECK_FIELD(pipes, PipeArgs, viscosityTerm);
    RB_CHECK_FIELD(pipes, PipeArgs, constantArea);
    RB_CHECK_FIELD(pipes, PipeArgs, depthPipes);
    StructChecks source(out, "SourceCell");
    RB_CHECK_FIELD(source, SourceCellArgs, cell);
    RB_CHECK_FIELD(source, SourceCellArgs, kind);
    RB_CHECK_FIELD(source, SourceCellArgs, depthPerStep);
    RB_CHECK_FIELD(source, SourceCellArgs, drainAll);
}

void checkMomentumStruct(std::ostringstream& out)
{
    StructChecks momentum(out, "Momentum");
    RB_CHECK_FIELD(momentum, MomentumArgs, dt);
    RB_CHECK_FIELD(momentum, MomentumArgs, gravity);
    RB_CHECK_FIELD(momentum, MomentumArgs, frictionFactor);
    RB_CHECK_FIELD(momentum, MomentumArgs, manningTerm);
    RB_CHECK_FIELD(momentum, MomentumArgs, eddyViscosity);
    RB_CHECK_FIELD(momentum, MomentumArgs, cellArea);
    RB_CHECK_FIELD(momentum, MomentumArgs, dtOverArea);
    RB_CHECK_FIELD(momentum, MomentumArgs, rainDepth);
    RB_CHECK_FIELD(momentum, MomentumArgs, evaporationDepth);
    RB_CHECK_FIELD(momentum, MomentumArgs, speedLimit);
    RB_CHECK_FIELD(momentum, MomentumArgs, laplacian);
    RB_CHECK_FIELD(momentum, MomentumArgs, pipeLength);
    RB_CHECK_FIELD(momentum, MomentumArgs, faceWidth);
}

void checkDyeStructs(std::ostringstream& out)
{
    StructChecks step(out, "DyeStep");
    RB_CHECK_FIELD(step, DyeStepArgs, cellArea);
    RB_CHECK_FIELD(step, DyeStepArgs, dtSeconds);
    RB_CHECK_FIELD(step, DyeStepArgs, dtOverArea);
    RB_CHECK_FIELD(step, DyeStepArgs, rainDepth);
    RB_CHECK_FIELD(step, DyeStepArgs, evaporationDepth);
    RB_CHECK_FIELD(step, DyeStepArgs, decayFactor);
    StructChecks edge(out, "DyeEdge");
    RB_CHECK_FIELD(edge, DyeEdgeArgs, flow);
    RB_CHECK_FIELD(edge, DyeEdgeArgs, cell);
    RB_CHECK_FIELD(edge, DyeEdgeArgs, inward);
    RB_CHECK_FIELD(edge, DyeEdgeArgs, concentration);
    StructChecks source(out, "DyeSource");
    RB_CHECK_FIELD(source, DyeSourceArgs, cell);
    RB_CHECK_FIELD(source, DyeSourceArgs, kind);
    RB_CHECK_FIELD(source, DyeSourceArgs, amount);
    RB_CHECK_FIELD(source, DyeSourceArgs, drainAll);
    RB_CHECK_FIELD(source, DyeSourceArgs, channel);
    StructChecks face(out, "CurrentSideFace");
    RB_CHECK_FIELD(face, CurrentSideFaceArgs, flow);
    RB_CHECK_FIELD(face, CurrentSideFaceArgs, tail);
    RB_CHECK_FIELD(face, CurrentSideFaceArgs, head);
}

#undef RB_CHECK_FIELD

} // namespace

std::string kernelArgLayoutChecks()
{
    std::ostringstream out;
    out << "\n// Host mirrors' field offsets (opencl/KernelArgs.cpp)\n";
    checkWaterStructs(out);
    checkMomentumStruct(out);
    out << "#ifdef DYE_KERNELS\n";
    checkDyeStructs(out);
    out << "#endif\n";
    return out.str();
}

} // namespace rb::opencl
