#pragma once

#include "solver/Solver.h"

#include <memory>
#include <optional>
#include <stdexcept>
#include <string>

namespace rb::opencl {

// Why the OpenCL backend could not start; the message is meant for the user (one line, plus the
// build log where there is one).
class Unavailable : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// Faults the tests inject to exercise the fallback paths without breaking the machine.
enum class InjectedFault { None, NoDevice, KernelBuildFailure, AllocationFailure };

struct ClOptions {
    std::string device;                        // see chooseDevice(): "", an index or a name
    InjectedFault fault = InjectedFault::None;
    // Cells per work-item (VEC in the kernels): 1, 8 or 16, or 0 for the device's choice (16 on
    // CPU devices, which then emit vector instructions whatever they make of the work-item loop;
    // 1 on GPUs). Any choice gives the same answers; the tests run them all.
    int vectorWidth = 0;
    // The OpenCL compiler's warnings. Off in use: PoCL's compiler prints "N warnings generated."
    // straight to stderr on every cold-cache build, past the build log, so the kernels are built
    // with -w. On (a test), they are built with warnings and kernelBuildLog() holds them.
    bool kernelWarnings = false;
};

// The virtual-pipes step as OpenCL kernels (opencl/kernels/, each named after the CpuSolver
// functions it does: a step is setBoundaryFlows, accelerateFlowsAndScales, scaleFlowsAndUpdateDepths,
// recordBoundaryFlows, and with weather or sources sumGroupLedger and applyPointSources), and the
// momentum step as kernels named after MomentumStep's stages (ClSolverMomentum.cpp), the dye's
// transport and drift as kernels named after DyeTransport's and CurrentDrift's functions
// (ClSolverDye.cpp). The state
// (velocities too) lives on the device between calls; fields are read back only when asked, but
// for the dye, whose host mirror is read back at the end of each call (docs/solver.md, "Dye").
// The constructor and load() throw Unavailable when the device, the program or an allocation fails.
class ClSolver : public Solver {
public:
    explicit ClSolver(const ClOptions& options = {});
    ~ClSolver() override;

    std::string name() const override;
    void load(const Map& map) override;
    void setParams(const SimParams& params) override;
    void setBoundary(const std::vector<BoundarySegment>& segments) override;
    void setSources(const std::vector<PointSource>& sources) override;
    StepResult step(int count) override;

    void setBed(const CellRegion& rect, const std::vector<float>& bed) override;
    void setDepth(const CellRegion& rect, const std::vector<float>& depth) override;
    void restoreDepth(const CellRegion& rect, const std::vector<float>& depth, double edited) override;
    std::vector<float> readBed(const CellRegion& rect) const override;
    std::vector<float> readDepth(const CellRegion& rect) const override;
    void setDye(int channel, const CellRegion& rect, const std::vector<float>& dyed) override;
    std::vector<float> readDye(int channel, const CellRegion& rect) const override;
    void setCurrents(const std::vector<FloatField>& cells, const std::vector<FloatField>& flows) override;
    void setErodibility(const CellRegion& rect, const std::vector<float>& values) override;
    std::vector<float> readErodibility(const CellRegion& rect) const override;
    std::vector<float> readSediment(const CellRegion& rect) const override;
    std::vector<float> readDeposition(const CellRegion& rect) const override;
    void restoreErosion(const CellRegion& rect, const std::vector<float>& bed, const std::vector<float>& sediment,
                        const std::vector<float>& deposition, const std::vector<float>& bedRemainder, const SedimentLedger& ledger) override;

    void startMean(double from) override;
    void resumeMean() override;

    Diagnostics diagnostics() const override;
    const SimParams& params() const override;
    MapState readState() const override;
    const std::vector<BoundarySegment>& boundary() const override;
    const std::vector<PointSource>& sources() const override;

    // The build log of the program in use (what the compiler said, warnings included when
    // ClOptions::kernelWarnings is on).
    std::string kernelBuildLog() const;

    // Whether the next call moves the dye on the device (the transport's and the current drift's
    // kernels; diffusion runs on the host either way) rather than on the host from every step's
    // water read back (a device without doubles). False without dye.
    bool carriesDyeOnDevice() const;

private:
    // Both depth edits: `edited` replaces the ledger's figure if given, otherwise the change is added.
    void writeDepth(const CellRegion& rect, const std::vector<float>& depth, std::optional<double> edited);

    struct Impl;
    std::unique_ptr<Impl> impl_;
};

} // namespace rb::opencl
