// The momentum model on the device: ClSolver's side of the kernels reconstructCellDischarges,
// accelerateInteriorFaces, setBoundaryFaces, limitOutflows, scaleOutflowsAndUpdateDepths and
// scanFaceSpeeds (opencl/kernels/, each named after the MomentumStep or CpuSolver function it
// mirrors). Every constant comes from the CPU step's own functions (MomentumConstants::from,
// MomentumStep's neighbour table and inflow shares), so both round alike.
#include "ClSolverImpl.h"

#include "solver/MomentumFusedStep.h"

#include <cmath>
#include <sstream>

namespace rb::opencl {

std::string momentumHeader(const Lattice& lattice)
{
    const MomentumStep step(lattice, MomentumConstants{}, {});
    const int count = static_cast<int>(step.neighbourTable(0).size());
    std::ostringstream out;
    out << "#define NEIGHBOUR_COUNT " << count << "\n";
    // The fast interior's upwind shares (MomentumFusedStep::coneShape): 1 axis cones, 2 60° cones,
    // 0 none (the kernels then take the general path everywhere).
    const MomentumFusedStep::ConeShape shape = MomentumFusedStep::coneShape(step.neighbourTable(0));
    const bool sameShape = shape == MomentumFusedStep::coneShape(step.neighbourTable(1));
    out << "#define MOMENTUM_CONE " << (!sameShape ? 0 : shape == MomentumFusedStep::ConeShape::Axis ? 1 : shape == MomentumFusedStep::ConeShape::Wide ? 2 : 0)
        << "\n";
    const auto table = [&](const char* type, const char* name, auto pick) {
        out << "__constant " << type << ' ' << name << "[2][" << count << "] = {";
        for (int parity = 0; parity < 2; ++parity) {
            out << (parity ? ", {" : "{");
            for (int k = 0; k < count; ++k) out << (k ? ", " : "") << pick(step.neighbourTable(parity)[static_cast<std::size_t>(k)]);
            out << "}";
        }
        out << "};\n";
    };
    using N = MomentumStep::Neighbour;
    const auto literal = [](float value) { return contract::kernelFloatLiteral(value); };
    table("int", "NEIGHBOUR_DX", [](const N& n) { return std::to_string(n.offset.dx); });
    table("int", "NEIGHBOUR_DY", [](const N& n) { return std::to_string(n.offset.dy); });
    table("int", "NEIGHBOUR_NEXT", [](const N& n) { return std::to_string(n.nextInAngle); });
    table("int", "NEIGHBOUR_PREVIOUS", [](const N& n) { return std::to_string(n.previousInAngle); });
    table("float", "NEIGHBOUR_DIRECTION_X", [&](const N& n) { return literal(n.directionX); });
    table("float", "NEIGHBOUR_DIRECTION_Y", [&](const N& n) { return literal(n.directionY); });
    table("float", "NEIGHBOUR_INVERSE_CROSS_TO_NEXT", [&](const N& n) { return literal(n.inverseCrossToNext); });
    table("float", "NEIGHBOUR_INVERSE_CROSS_FROM_PREVIOUS", [&](const N& n) { return literal(n.inverseCrossFromPrevious); });
    // The families' directions as the CPU step converts them (static_cast<float>).
    for (const char* axis : {"X", "Y"}) {
        out << "__constant float FAMILY_DIRECTION_" << axis << "[" << lattice.familyCount() << "] = {";
        for (int f = 0; f < lattice.familyCount(); ++f) {
            const EdgeFamily& family = lattice.family(f);
            out << (f ? ", " : "") << literal(static_cast<float>(axis[0] == 'X' ? family.directionX : family.directionY));
        }
        out << "};\n";
    }
    return out.str();
}

void ClSolver::Impl::createMomentumKernels()
{
    reconstructCellDischarges = cl::Kernel(program, "reconstructCellDischarges");
    accelerateInteriorFaces = cl::Kernel(program, "accelerateInteriorFaces");
    setBoundaryFaces = cl::Kernel(program, "setBoundaryFaces");
    limitOutflows = cl::Kernel(program, "limitOutflows");
    scaleOutflowsAndUpdateDepths = cl::Kernel(program, "scaleOutflowsAndUpdateDepths");
    scanFaceSpeeds = cl::Kernel(program, "scanFaceSpeeds");
}

// Every padded position, rows −1..H too.
cl::NDRange ClSolver::Impl::faceScanRange() const
{
    return {roundUp(static_cast<std::size_t>(lattice.width()) + 2, kGroupX), roundUp(static_cast<std::size_t>(lattice.height()) + 2, kGroupY)};
}

// The buffers only the momentum model needs, made when a map or a switch first asks for them.
void ClSolver::Impl::allocateMomentum()
{
    if (speedSets[0]()) return;
    std::vector<float> zeros(layout.plane * static_cast<std::size_t>(lattice.familyCount()), 0.0f);
    for (cl::Buffer& set : speedSets) set = cl::Buffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, flowBytes(), zeros.data());
    newSpeeds = cl::Buffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, flowBytes(), zeros.data());
    // Four cell planes between two guard rows (cellVectorIndex in momentumCommon.cl).
    std::vector<float> cellZeros(layout.plane * 4 + 2 * static_cast<std::size_t>(layout.pitch), 0.0f);
    cellVectors = cl::Buffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, cellZeros.size() * sizeof(float), cellZeros.data());
    speedSums = cl::Buffer(context, CL_MEM_READ_WRITE, 4 * sizeof(float));
}

// The state's velocities into every set, so positions no step writes agree in all of them.
void ClSolver::Impl::uploadVelocities(const std::vector<FloatField>& velocities)
{
    allocateMomentum();
    std::vector<float> speeds(layout.plane * static_cast<std::size_t>(lattice.familyCount()), 0.0f);
    for (int f = 0; f < lattice.familyCount(); ++f)
        layout.fromPadded(velocities[static_cast<std::size_t>(f)].data(), speeds.data() + static_cast<std::size_t>(f) * layout.plane);
    for (const cl::Buffer& set : speedSets) queue.enqueueWriteBuffer(set, CL_TRUE, 0, flowBytes(), speeds.data());
    hasVelocities = true;
}

std::vector<FloatField> ClSolver::Impl::readVelocities() const
{
    std::vector<FloatField> velocities;
    std::vector<float> field(layout.plane);
    for (int f = 0; f < lattice.familyCount(); ++f) {
        velocities.emplace_back(lattice.paddedWidth(), lattice.paddedHeight());
        queue.enqueueReadBuffer(speedBuffer(), CL_TRUE, static_cast<std::size_t>(f) * fieldBytes(), fieldBytes(), field.data());
        layout.toPadded(field.data(), velocities.back().data());
    }
    return velocities;
}

// As CpuSolver::matchVelocitiesToModel: switching to momentum keeps the water moving (velocities
// from the flows in force); the pipes model keeps none.
void ClSolver::Impl::matchVelocitiesToModel(const ClSolver& solver)
{
    if (!momentum()) {
        hasVelocities = false;
        return;
    }
    if (!hasVelocities) uploadVelocities(MomentumStep::velocitiesFromFlows(solver.readState(), params.gravity));
}

// Walls (where the step's cell vectors and neighbours leave faces out), each edge's face across its
// cell, and the inflows' shares, as MomentumStep derives them from the boundary edges.
void ClSolver::Impl::setMomentumBoundary(const std::vector<BoundaryEdge>& edges)
{
    boundaryEdges = edges;
    const MomentumStep step(lattice, momentumConstants, edges);
    inflowShares = step.inflowShares();
    laplacianWeight = step.laplacianWeight();
    std::vector<cl_uchar> walls(layout.plane * static_cast<std::size_t>(lattice.familyCount()), 0);
    for (const BoundaryEdge& e : edges)
        if (e.type == BoundaryType::Wall) walls[static_cast<std::size_t>(e.family) * layout.plane + layout.fromPaddedIndex(e.flowIndex)] = 1;
    wallBuffer = cl::Buffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, walls.size(), walls.data());
    std::vector<cl_uint> across(std::max<std::size_t>(1, edges.size()), 0);
    for (std::size_t i = 0; i < edges.size(); ++i)
        across[i] = static_cast<cl_uint>(static_cast<std::size_t>(edges[i].family) * layout.plane + layout.fromPaddedIndex(step.acrossFaces()[i]));
    acrossFaceBuffer = cl::Buffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, across.size() * sizeof(cl_uint), across.data());
    uploadInflows();
}

// Per boundary edge: its inflow share and the critical depth (q²/g)^(1/3) of that share, in the
// CPU step's float operations with the host's cbrtf (setBoundaryFaces).
void ClSolver::Impl::uploadInflows()
{
    std::vector<cl_float2> inflows(std::max<std::size_t>(1, boundaryEdges.size()), cl_float2{{0.0f, 0.0f}});
    for (std::size_t i = 0; i < boundaryEdges.size() && i < inflowShares.size(); ++i) {
        if (boundaryEdges[i].type != BoundaryType::Inflow) continue;
        const float perWidth = inflowShares[i] / static_cast<float>(lattice.family(boundaryEdges[i].family).faceWidth);
        inflows[i] = cl_float2{{inflowShares[i], std::cbrt(perWidth * perWidth / momentumConstants.gravity)}};
    }
    inflowBuffer = cl::Buffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, inflows.size() * sizeof(cl_float2), inflows.data());
}

MomentumArgs ClSolver::Impl::momentumArgs() const
{
    const MomentumConstants& c = momentumConstants;
    MomentumArgs m{};
    m.dt = c.dt;
    m.gravity = c.gravity;
    m.frictionFactor = c.frictionFactor;
    m.manningTerm = c.manningTerm;
    m.eddyViscosity = c.eddyViscosity;
    m.cellArea = c.cellArea;
    m.dtOverArea = c.dtOverArea;
    m.rainDepth = c.rainDepth;
    m.evaporationDepth = c.evaporationDepth;
    m.speedLimit = c.speedLimit;
    m.laplacian = laplacianWeight;
    for (int f = 0; f < lattice.familyCount(); ++f) {
        m.pipeLength[f] = static_cast<float>(lattice.family(f).pipeLength);
        m.faceWidth[f] = static_cast<float>(lattice.family(f).faceWidth);
    }
    return m;
}

// One momentum step from set `from` into set `to`, in MomentumStep::run's order, no host sync.
void ClSolver::Impl::enqueueMomentumStep(int stepInBatch, int from, int to)
{
    const GridArgs g = grid();
    const MomentumArgs m = momentumArgs();
    const auto set = [](const std::array<cl::Buffer, 3>& sets, int i) -> const cl::Buffer& { return sets[static_cast<std::size_t>(i)]; };
    const cl::Buffer &depthIn = set(depthSets, from), &flowsIn = set(flowSets, from), &speedsIn = set(speedSets, from);
    const cl::Buffer &depthOut = set(depthSets, to), &flowsOut = set(flowSets, to), &speedsOut = set(speedSets, to);
    const cl::NDRange group(kGroupX, kGroupY);

    cl::Kernel& reconstruct = reconstructCellDischarges;
    reconstruct.setArg(0, cellVectors), reconstruct.setArg(1, flowsIn), reconstruct.setArg(2, speedsIn), reconstruct.setArg(3, wallBuffer);
    reconstruct.setArg(4, g), reconstruct.setArg(5, m);
    launch(reconstruct, cellRange(), group);

    cl::Kernel& accelerate = accelerateInteriorFaces;
    accelerate.setArg(0, acceleratedBuffer), accelerate.setArg(1, newSpeeds), accelerate.setArg(2, speedsIn), accelerate.setArg(3, bedBuffer);
    accelerate.setArg(4, depthIn), accelerate.setArg(5, cellVectors), accelerate.setArg(6, wallBuffer), accelerate.setArg(7, g);
    accelerate.setArg(8, m), accelerate.setArg(9, flowsIn); // the step's starting discharges: the overfall rule's
    launch(accelerate, cellRange(), group); // VEC cells per work-item

    cl::Kernel& boundary = setBoundaryFaces;
    boundary.setArg(0, acceleratedBuffer), boundary.setArg(1, newSpeeds), boundary.setArg(2, speedsIn), boundary.setArg(3, bedBuffer);
    boundary.setArg(4, depthIn), boundary.setArg(5, edgeBuffer), boundary.setArg(6, inflowBuffer), boundary.setArg(7, acrossFaceBuffer);
    boundary.setArg(8, edgeCount), boundary.setArg(9, m);
    launch(boundary, cl::NDRange(roundUp(static_cast<std::size_t>(edgeCount), 64)), cl::NDRange(64));

    limitOutflows.setArg(0, scaleBuffer), limitOutflows.setArg(1, acceleratedBuffer), limitOutflows.setArg(2, depthIn);
    limitOutflows.setArg(3, g), limitOutflows.setArg(4, m);
    launch(limitOutflows, cellRange(), group);

    cl::Kernel& update = scaleOutflowsAndUpdateDepths;
    update.setArg(0, flowsOut), update.setArg(1, speedsOut), update.setArg(2, depthOut), update.setArg(3, depthIn);
    update.setArg(4, acceleratedBuffer), update.setArg(5, newSpeeds), update.setArg(6, scaleBuffer), update.setArg(7, g);
    update.setArg(8, m), update.setArg(9, groupSums), update.setArg(10, cl::Local(kScratchValues * sizeof(float)));
    launch(update, updateRange(), group);

    enqueueLedgerKernels(stepInBatch, flowsOut, depthOut, m.rainDepth != 0.0f || m.evaporationDepth != 0.0f, updateGroups);
}

// The fastest face and signal (CpuSolver::scanFaceSpeeds), folded into speedSums.
void ClSolver::Impl::enqueueFaceSpeedScan()
{
    scanFaceSpeeds.setArg(0, speedBuffer()), scanFaceSpeeds.setArg(1, depthBuffer()), scanFaceSpeeds.setArg(2, grid());
    scanFaceSpeeds.setArg(3, momentumConstants.gravity), scanFaceSpeeds.setArg(4, groupSums);
    scanFaceSpeeds.setArg(5, cl::Local(kReductionSize * sizeof(float)));
    launch(scanFaceSpeeds, faceScanRange(), cl::NDRange(kGroupX, kGroupY));
    foldDiagnostics.setArg(0, speedSums), foldDiagnostics.setArg(1, groupSums), foldDiagnostics.setArg(2, static_cast<cl_int>(faceScanGroups));
    foldDiagnostics.setArg(3, cl::Local(kReductionSize * sizeof(float)));
    launch(foldDiagnostics, cl::NDRange(kReductionSize), cl::NDRange(kReductionSize));
}

} // namespace rb::opencl
