#pragma once

#include "model/CellRegion.h"
#include "model/Map.h"
#include "solver/Diagnostics.h"

#include <string>
#include <vector>

namespace rb {

struct StepResult {
    int stepsDone = 0;
    std::string error; // empty on success; on failure the state is as it was before the call
    std::vector<std::string> notes = {}; // what a user should hear of a call that succeeded (a dt halved)

    bool ok() const { return error.empty(); }
};

// One simulator of the virtual-pipes method. Backends (CPU, OpenCL) keep their state in their own
// layout and hand it back only when asked.
class Solver {
public:
    virtual ~Solver() = default;

    virtual std::string name() const = 0;

    // Takes over a whole map. Throws std::invalid_argument naming the problem if the map is invalid.
    virtual void load(const Map& map) = 0;

    // Live changes, applied before the next step. Throw std::invalid_argument on invalid input.
    virtual void setParams(const SimParams& params) = 0;
    virtual void setBoundary(const std::vector<BoundarySegment>& segments) = 0;
    virtual void setSources(const std::vector<PointSource>& sources) = 0;

    // Advances `count` steps. If any value becomes NaN/Inf the whole call is refused: the state
    // returns to what it was before the call and the error says which parameter to lower.
    virtual StepResult step(int count) = 0;

    // Edits between steps (the editor's brushes). `values` are row-major over `rect`, which must lie
    // inside the map; a bad rectangle, a size mismatch, a non-finite value or a negative depth
    // throws std::invalid_argument and changes nothing.
    // The bed changes under the water: every cell keeps its depth, so no water is created or
    // destroyed (the surface moves with the bed; where it now stands higher, it flows away).
    virtual void setBed(const CellRegion& rect, const std::vector<float>& bed) = 0;
    // Replaces depths; the change in volume is booked in the ledger's `edited`.
    virtual void setDepth(const CellRegion& rect, const std::vector<float>& depth) = 0;
    // Undo/redo of depth edits: replaces depths and sets the ledger's `edited` to `edited`, a value
    // it held before, instead of booking the change (which would drift from it by rounding). Only
    // for putting back an earlier state exactly, when nothing but that edit moved the water since.
    virtual void restoreDepth(const CellRegion& rect, const std::vector<float>& depth, double edited) = 0;
    // Reads only the cells asked for (on a device: a rectangle transfer, not the whole field).
    virtual std::vector<float> readBed(const CellRegion& rect) const = 0;
    virtual std::vector<float> readDepth(const CellRegion& rect) const = 0;
    // Dye edits (the editor's dye brush): a channel's dyed depth over `rect` (0 ≤ d ≤ the depth
    // there; else std::invalid_argument and nothing changes), the change booked in the channel's
    // ledger as edited; a channel the map does not have yet is created. readDye gives zeros for a
    // channel the map lacks.
    virtual void setDye(int channel, const CellRegion& rect, const std::vector<float>& dyed) = 0;
    virtual std::vector<float> readDye(int channel, const CellRegion& rect) const = 0;
    // The map's steady current (core/currents/StoredCurrents.h): the cells' velocities, handed
    // back in readState(), and the faces' fluxes the dye rides on from the next step (both empty:
    // no current). Sizes that do not fit the map: std::invalid_argument and nothing changes.
    virtual void setCurrents(const std::vector<FloatField>& cells, const std::vector<FloatField>& flows) = 0;
    // The erodibility (docs/erosion.md): 0 bedrock … 1 loose soil over `rect` (else
    // std::invalid_argument and nothing changes); a map without it reads 1 everywhere.
    virtual void setErodibility(const CellRegion& rect, const std::vector<float>& values) = 0;
    virtual std::vector<float> readErodibility(const CellRegion& rect) const = 0;
    // The erosion state over `rect` (zeros on a map that never eroded), and the editor's undo of an
    // erosion period: bed, suspended load and net deposition over `rect` and the whole sediment
    // ledger put back exactly as read before (nothing booked; the water keeps its depth). Values
    // that do not fit `rect`, or a negative load: std::invalid_argument and nothing changes. An
    // empty `rect` puts back the ledger only.
    virtual std::vector<float> readSediment(const CellRegion& rect) const = 0;
    virtual std::vector<float> readDeposition(const CellRegion& rect) const = 0;
    virtual void restoreErosion(const CellRegion& rect, const std::vector<float>& bed, const std::vector<float>& sediment,
                                const std::vector<float>& deposition, const std::vector<float>& bedRemainder, const SedimentLedger& ledger) = 0;

    // The time-mean flow (docs/solver.md, "Time-mean flow"; MeanFlowRecorder), handed back in
    // readState(). startMean: from the next call on, every step that begins at or after `from`
    // (s) adds its discharges and depths, times its dt; the mean held is dropped. resumeMean: the
    // steps from now on are added to the mean held (the map's, loaded), which must end at the
    // solver's time (else std::invalid_argument). A loaded map's mean is kept but not added to.
    virtual void startMean(double from) = 0;
    virtual void resumeMean() = 0;

    virtual Diagnostics diagnostics() const = 0;
    virtual const SimParams& params() const = 0;
    virtual MapState readState() const = 0;
    Map readMap() const; // state plus the parameters, boundary and sources in force
    virtual const std::vector<BoundarySegment>& boundary() const = 0;
    virtual const std::vector<PointSource>& sources() const = 0;
};

} // namespace rb
