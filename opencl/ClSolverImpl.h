#pragma once

#include "erosion/ErosionStage.h"
#include "transport/DyeCarrier.h"

// ClSolver's insides, shared by its two source files: ClSolver.cpp (device, program, pipes step,
// diagnostics, edits) and ClSolverMomentum.cpp (the momentum step). Not part of the interface.
#include "ClSolver.h"

#include "ClDevices.h"
#include "ClHeaders.h"
#include "FieldLayout.h"
#include "KernelArgs.h"

#include "grid/BoundaryEdges.h"
#include "solver/MeanFlowRecorder.h"
#include "solver/MomentumStep.h"
#include "solver/PipeStages.h"
#include "solver/StepContract.h"

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace rb::opencl {

// Work-groups of the per-cell kernels: 64 work-items along a row by 4 rows, kReductionSize in all
// as the group sums assume. Along a row that is 64 cells on GPUs and 1024 on CPU devices (VEC 16
// per work-item): a CPU device runs a group's work-items in order on one thread, and long runs of
// each row are what its prefetchers follow (groups 128 cells wide ran the kernels 2–3× slower).
constexpr int kGroupX = 64;
constexpr int kGroupY = 4;
using contract::kLedgerSlots;
using contract::kReductionSize;
static_assert(kGroupX * kGroupY == kReductionSize);
constexpr int kStepsPerBatch = 1024;  // per-step ledger rows kept on the device between read-backs


// Scratch of the group sums: one value per work-item and one per strip (sumLocal in common.cl).
constexpr std::size_t kScratchValues = kReductionSize + contract::kReductionStrips;

inline std::size_t roundUp(std::size_t value, std::size_t multiple) { return (value + multiple - 1) / multiple * multiple; }
std::string describe(const cl::Error& e);

// The momentum step's tables for the kernels' header (NEIGHBOUR_*, FAMILY_DIRECTION_*), taken
// from MomentumStep itself.
std::string momentumHeader(const Lattice& lattice);

struct ClSolver::Impl {
    ClOptions options;
    DeviceInfo info;
    cl::Context context;
    cl::Device device;
    cl::CommandQueue queue;
    cl::Program program;
    cl::Kernel setBoundaryFlows, accelerateFlowsAndScales, scaleFlowsAndUpdateDepths, recordBoundaryFlows, sumGroupLedger,
        applyPointSources, refreshDiagnostics, foldDiagnostics;

    // Model mirrors kept on the host: what the device cannot change.
    Lattice lattice;
    std::vector<float> bed;
    SimParams params;
    StepConstants pipeConstants; // StepConstants::from(params, lattice), as the CPU solver's
    std::vector<BoundarySegment> segments;
    std::vector<PointSource> sources;
    double time = 0.0;
    std::int64_t steps = 0;
    VolumeLedger ledger;
    Diagnostics diagnostics;
    int edgeCount = 0;
    int sourceCount = 0;
    std::size_t cellGroups = 0, updateGroups = 0;

    // Device state, every field in the padded FieldLayout. Three sets of depths and flows: a step
    // reads one set and writes `acceleratedBuffer` and `scaleBuffer` (accelerate, outflow scales),
    // then reads those and writes another set (scaling, update), so no work-item reads what
    // another writes in the same launch. A call's first step writes a set other than the one the
    // call started from and the rest alternate between the other two, so a refused call returns
    // to a state that is still there, with no copy made. Edges no kernel writes (between ghost
    // cells) hold the same value in every flow buffer.
    std::array<cl::Buffer, 3> depthSets, flowSets;
    int current = 0;
    const cl::Buffer& depthBuffer() const { return depthSets[static_cast<std::size_t>(current)]; }
    const cl::Buffer& flowBuffer() const { return flowSets[static_cast<std::size_t>(current)]; }
    cl::Buffer bedBuffer, acceleratedBuffer, scaleBuffer, edgeBuffer, sourceBuffer, stepLedger, groupSums, diagnosticSums;
    FieldLayout layout;
    int vectorWidth = 1; // VEC: cells per work-item
    std::size_t flowBytes() const { return layout.bytes() * static_cast<std::size_t>(lattice.familyCount()); }
    std::size_t fieldBytes() const { return layout.bytes(); }

    // RIVERBED_OPENCL_PROFILE set: every launch is timed and a per-kernel summary is printed to
    // stderr when the solver is destroyed (for tuning on a new device).
    bool profiling = false;
    std::map<std::string, std::pair<double, long>> kernelTimes; // name → (seconds, launches)
    void launch(cl::Kernel& kernel, const cl::NDRange& global, const cl::NDRange& local);
    void printProfile() const;

    void createContext();
    int builtForFamilies = 0;
    void buildProgram(const Lattice& forLattice);
    std::string buildOptions() const;
    void allocate(const Map& map);
    GridArgs grid() const;
    PipeArgs pipes() const;
    cl::NDRange cellRange() const;
    cl::NDRange updateRange() const;
    void enqueueStep(int stepInBatch, int from, int to);
    void enqueueDiagnostics();
    void readBatchLedger(int stepsInBatch);
    void readDiagnostics();
    void writeRegion(const cl::Buffer& buffer, const CellRegion& rect, const std::vector<float>& values) const;
    std::vector<float> readRegion(const cl::Buffer& buffer, const CellRegion& rect) const;
    std::string refuse(const Diagnostics& atStart, const char* what) const;
    void rollBack(int startSet, const Diagnostics& atStart);

    // Dye (docs/solver.md, "Dye"; ClSolverDye.cpp). The channels live on the device while a call
    // steps: three sets beside the depths, rotating with them (a refused call returns to its start
    // set), moved by the dye kernels after each water step (the transport, then the drift on the
    // map's stored currents), ledgers booked in double on the device.
    // `dye` (the CPU solver's carrier) is the host's mirror: pushed when a call starts if an edit
    // changed it, read back when the call ends (the diagnostics sum the channels in the CPU's order),
    // and the call's restore point. On a device without doubles the host carries the dye: every
    // step's water read back and DyeCarrier::carry run on it.
    enum class DyeMode { None, Device, DeviceWithHostDiffusion, Host };
    DyeCarrier dye;
    std::vector<FloatField> currents, currentFlows; // the map's steady current, handed back as set
    cl::Kernel replayWaterForDye, computeDyeConcentrations, advectAndEvaporateDye, crossDyeBoundary, applyDyeSources,
        decayAndKeepDyeWithinWater, sumDyeRows, bookDyeRows;
    bool dyeKernels = false;      // the program has them (the device does doubles)
    std::array<cl::Buffer, 3> dyeSets; // channels × plane each, in the depth sets' rotation
    // Per channel: concentrations at the step's start (ghost ring 0), the per-cell terms of the
    // ledger's evaporated, clipped and decayed dye, and their row sums (sumDyeRows).
    cl::Buffer dyeConcentrations, evaporatedTerms, clippedTerms, decayedTerms, rowEvaporated, rowClipped, rowDecayed;
    cl::Buffer sourceDepths, dyeLedgerBuffer, dyeEdgeBuffer, dyeSourceBuffer;
    int deviceDyeChannels = 0;    // channels the dye buffers hold
    bool dyeEditedOnHost = true;  // the mirror changed since the device last had it
    int dyeEdgeCount = 0, dyeSourceCount = 0;
    // CurrentDrift on the device (kernels named after its functions): the current's face fluxes
    // in the flows' layout, the faces through open sides in the CPU's order, the cells' outflow
    // over a step and the substeps it needs (read back each step: the host enqueues that many).
    cl::Kernel planCurrentSubsteps, countCurrentSubsteps, driftDyeOnCurrent, bookCurrentOutflow, keepDriftedDyeWithinWater,
        bookDriftClamps;
    cl::Buffer currentFlowBuffer, currentSideFaces, currentOutflow, rowWorst, substepCount, driftTerms, rowClamped;
    int currentSideFaceCount = 0;
    bool currentsOnDevice = false; // currentFlowBuffer holds `currentFlows`
    void uploadCurrents();
    void enqueueCurrentDrift(int to);
    DyeMode dyeMode() const;
    void createDyeKernels();
    void startDeviceDyeCall();    // the mirror's channels (when edited), ledgers and tables onto the device
    void uploadDyeTables();
    void pushDyeChannels();
    void allocateDyeBuffers();
    void pushDyeLedgers();
    void pullDyeChannels();
    void pullDyeLedgers();
    void enqueueDyeStep(int from, int to);
    void enqueueDyeBooks(std::size_t channels);
    void diffuseDyeOnHost();      // after a device step, when the diffusivity is positive
    std::vector<float> dyeDepthBefore, dyeDepthAfter;
    std::vector<std::vector<float>> dyeFlows; // padded host layout, one per family
    void readWater(std::vector<float>& depth, std::vector<std::vector<float>>* flows) const; // the current set
    void carryOnHost(std::int64_t stepNumber); // after a step: its water read back, the host's dye (and a due bed update) moved with it
    void updateBedOnHost();      // a bed update on the water as it stands, the new bed sent back
    // Erosion (docs/erosion.md) runs on the host, as the CPU solver runs it: every step's water is
    // read back, ErosionStage moves the host's bed mirror and the bed goes back onto the device.
    ErosionStage erosion;
    void uploadBed();
    void refreshDyeDiagnostics();
    const char* unstableWhat() const;
    double ledgerCellArea() const; // the area the model's step books source and weather volumes with

    // The momentum model (MomentumStep on the device, ClSolverMomentum.cpp). Face velocities live
    // in three sets beside the depths and flows and follow the same set rotation; a step writes
    // the new, not yet limited, faces to `acceleratedBuffer` and `newSpeeds`, the cell vectors to
    // `cellVectors`, and the scales to `scaleBuffer`. Positions no kernel writes (no face) hold
    // the same value in every set.
    cl::Kernel reconstructCellDischarges, accelerateInteriorFaces, setBoundaryFaces, limitOutflows, scaleOutflowsAndUpdateDepths,
        scanFaceSpeeds;
    std::array<cl::Buffer, 3> speedSets;
    cl::Buffer newSpeeds, cellVectors, wallBuffer, inflowBuffer, acrossFaceBuffer, speedSums;
    bool hasVelocities = false;                // the speed sets hold the state's velocities
    MomentumConstants momentumConstants;       // MomentumConstants::from(params, lattice), as the CPU step's
    std::vector<BoundaryEdge> boundaryEdges;   // the boundary in force, as the CPU step sees it
    std::vector<float> inflowShares;           // MomentumStep::inflowShares() for boundaryEdges
    float laplacianWeight = 0.0f;              // MomentumStep::laplacianWeight() on this lattice
    std::size_t faceScanGroups = 0;
    bool momentum() const { return params.model == FlowModel::Momentum; }
    const cl::Buffer& speedBuffer() const { return speedSets[static_cast<std::size_t>(current)]; }
    void createMomentumKernels();
    void allocateMomentum();
    void uploadVelocities(const std::vector<FloatField>& velocities);
    void matchVelocitiesToModel(const ClSolver& solver);
    void enqueueLedgerKernels(int stepInBatch, const cl::Buffer& flowsOut, const cl::Buffer& depthOut, bool weather, std::size_t weatherGroups);
    void setMomentumBoundary(const std::vector<BoundaryEdge>& edges);
    void uploadInflows();
    MomentumArgs momentumArgs() const;
    cl::NDRange faceScanRange() const;
    void enqueueMomentumStep(int stepInBatch, int from, int to);
    void enqueueFaceSpeedScan();
    std::vector<FloatField> readVelocities() const;

    // The time-mean flow (docs/solver.md, "Time-mean flow"; ClSolverMean.cpp). `mean` keeps the
    // window (and the sums on a device without doubles, where every recorded step's water is read
    // back); on a device with doubles the sums live on the device, the faces' in the flows'
    // layout and the cells' in the depth's, added to by accumulateMeanFlow after each recorded
    // step, with a copy taken at a call's start to return to if the call is refused.
    MeanFlowRecorder mean;
    cl::Kernel accumulateMeanFlow;
    cl::Buffer meanFlowSums, meanDepthSums, keptMeanFlowSums, keptMeanDepthSums;
    bool meanOnDevice() const { return dyeKernels; } // the device does doubles
    void createMeanKernel();
    void allocateMeanSums();         // the device's sums and their copies, the host's sums uploaded (zeros for none)
    void recordMeanStep(double stepStart, double stepEnd); // after a step: its sums added if it is recorded
    void beginMeanCall();
    void restoreMeanCall();
    MeanFlow readMean() const;       // the mean held, its sums read back from the device
};

} // namespace rb::opencl
