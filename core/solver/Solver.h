#pragma once

#include "model/Map.h"
#include "solver/Diagnostics.h"

#include <string>
#include <vector>

namespace rb {

struct StepResult {
    int stepsDone = 0;
    std::string error; // empty on success; on failure the state is as it was before the call

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

    virtual Diagnostics diagnostics() const = 0;
    virtual const SimParams& params() const = 0;
    virtual MapState readState() const = 0;
    Map readMap() const; // state plus the parameters, boundary and sources in force
    virtual const std::vector<BoundarySegment>& boundary() const = 0;
    virtual const std::vector<PointSource>& sources() const = 0;
};

} // namespace rb
