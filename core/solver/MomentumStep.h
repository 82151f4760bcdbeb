#pragma once

#include "grid/BoundaryEdges.h"
#include "grid/SourceCells.h"
#include "lattice/Lattice.h"
#include "model/MapState.h"
#include "model/SimParams.h"
#include "solver/StepTrace.h"

#include <array>
#include <vector>

namespace rb {

// The numbers one momentum step needs, derived once from the parameters.
struct MomentumConstants {
    float dt = 0.0f;
    double dtSeconds = 0.0;
    float gravity = 0.0f;
    float frictionFactor = 1.0f; // (1 − friction)^dt, when Manning's n is 0
    float manningTerm = 0.0f;    // g·n²: Manning friction, semi-implicit
    float eddyViscosity = 0.0f;  // ν (m²/s)
    float cellArea = 0.0f;
    float dtOverArea = 0.0f;
    float rainDepth = 0.0f;
    float evaporationDepth = 0.0f;
    float speedLimit = 0.0f; // |u| ≤ kSpeedLimitCourant·l/dt (Chentanez & Müller's clamp)

    static MomentumConstants from(const SimParams& params, const Lattice& lattice);
};

// Where the step reads and writes: the solver's arrays, in the map's layout (docs/solver.md).
struct MomentumFields {
    const float* bed = nullptr;                          // W×H
    float* depth = nullptr;                              // W×H
    std::array<float*, Lattice::kMaxFamilies> flows{};   // discharge (m³/s), padded, at the head cell
    std::array<float*, Lattice::kMaxFamilies> speeds{};  // face velocity (m/s) along the family
};

// One step of the shallow-water equations with momentum on a staggered lattice, written once over
// edge families so it serves the square and the triangular lattice (docs/solver.md, "Momentum").
// Depths live on cells, velocities on faces (one component per face, along its family).
// The order reads like the method:
//   1. cell discharges: q at every cell from its faces' discharges (Perot's reconstruction);
//   2. interior faces: momentum advection (upwind, Stelling & Duinmeijer 2003: momentum-conserving,
//      energy-head-conserving where the flow accelerates), the surface gradient, eddy viscosity,
//      bed friction (Manning, semi-implicit);
//   3. boundary faces from their conditions (an inflow brings its momentum in);
//   4. face discharges: velocity × the water above the higher bed on the upwind side (no flow
//      without water there: wet/dry fronts and sills, no siphoning), speed clamp;
//   5. no cell gives more than it holds (outflow scaling, velocities scaled alike);
//   6. continuity: depths from the discharges, rain, evaporation; then springs and drains.
// This is the plain reference step: every stage a loop over the whole map.
class MomentumStep {
public:
    // `edges`: the boundary in force (its walls are where the flow slips along the map's edge).
    MomentumStep(const Lattice& lattice, const MomentumConstants& constants, const std::vector<BoundaryEdge>& edges, int threadCount = 1);

    void run(const MomentumFields& fields, const std::vector<BoundaryEdge>& edges, const std::vector<SourceCell>& sources,
             VolumeLedger& ledger);

    // Below this the water on a face carries no speed (m): a film's "velocity" means nothing.
    // 0.01 mm: at 0.1 mm the thin tip of a front over dry land stopped too early (Ritter's 1 mm
    // front 0.02 further back, docs/solver.md).
    static constexpr float kDryDepth = 1e-5f;
    static constexpr float kSpeedLimitCourant = 0.5f;

    // Face velocities that match a state's discharges (the pipes model's, or a saved map without
    // velocities): U = Q / (w · water over the higher bed upwind), 0 where that is dry, and at most
    // kSeedFroude·√(g·h) where a film carries more than its depth can: the pipes' films reach
    // hundreds of m/s that way, which no momentum step could take.
    static std::vector<FloatField> velocitiesFromFlows(const MapState& state, double gravity);
    static constexpr float kSeedFroude = 2.0f;

    // The depth of the water a face moves, for its advection rate and its friction: its two cells'
    // mean, but no more than the water over the higher bed below the higher surface. Over a cliff's
    // edge the cells' mean is metres of sea while a film pours over: with that depth neither the
    // advection nor the friction held the face, which ran to the speed limit (and on the triangle
    // lattice the sea below it blew up). Written as selects (std::min and std::max's results), so
    // the fused step's loops vectorise.
    static float movingDepth(float hHead, float hTail, float bHead, float bTail)
    {
        const float mean = 0.5f * (hHead + hTail);
        const float surfaceHead = bHead + hHead, surfaceTail = bTail + hTail;
        const float higherSurface = surfaceHead < surfaceTail ? surfaceTail : surfaceHead;
        const float higherBed = bHead < bTail ? bTail : bHead;
        const float overHigherBed = higherSurface - higherBed;
        return mean < overHigherBed ? mean : overHigherBed; // std::min(overHigherBed, mean)
    }

    struct Neighbour {          // a face of the same family next to this one
        CellOffset offset;      // head of the neighbour face − head of this face
        float directionX = 0.0f; // unit vector of that offset in world space
        float directionY = 0.0f;
        int previousInAngle = 0; // the neighbours on either side of this one's direction
        int nextInAngle = 0;
        float inverseCrossToNext = 0.0f;       // 1 / (o × o_next)
        float inverseCrossFromPrevious = 0.0f; // 1 / (o_previous × o)
    };
    // What the OpenCL kernels take from this step, so both use the same numbers: the neighbour
    // table of a row parity, the Laplacian's weight per neighbour, each boundary edge's inflow.
    const std::vector<Neighbour>& neighbourTable(int parity) const { return neighbours_[static_cast<std::size_t>(parity & 1)]; }
    float laplacianWeight() const { return laplacian_; }
    const std::vector<float>& inflowShares() const { return inflow_; }
    const std::vector<std::size_t>& acrossFaces() const { return acrossFace_; }

protected: // MomentumFusedStep computes the same, faster, and falls back to these near the map's edge
    void reconstructCellDischarges(const MomentumFields& fields);
    void accelerateInteriorFaces(const MomentumFields& fields);
    void setBoundaryFaces(const MomentumFields& fields, const std::vector<BoundaryEdge>& edges);
    void dischargesFromVelocities(const MomentumFields& fields);
    void limitOutflows(const MomentumFields& fields);
    void updateDepths(const MomentumFields& fields, double& rained, double& evaporated);
    void recordBoundary(const MomentumFields& fields, const std::vector<BoundaryEdge>& edges, VolumeLedger& ledger) const;
    void applySources(const MomentumFields& fields, const std::vector<SourceCell>& sources, VolumeLedger& ledger) const;

public:
    // A distributed run's record of the next run()'s edge flows and source changes (StepTrace.h);
    // null (the default): nothing is recorded.
    void setTrace(StepTrace* trace) { trace_ = trace; }

protected:
    StepTrace* trace_ = nullptr;

    // A face's same-family neighbour that can carry flow, and the cells between the two faces.
    struct OpenNeighbour {
        int index = 0;                      // in neighbours(y)
        std::size_t slot = 0;               // its padded slot
        std::array<std::size_t, 4> cells{}; // cell indices, in advectionChange's order of summation
        int cellCount = 0;
        bool inside = false;                // both of the neighbour face's own cells on the map
        std::size_t ownHead = 0, ownTail = 0; // ... and those cells (when inside)
    };
    struct FaceStencil {
        std::array<OpenNeighbour, 2 * Lattice::kMaxFamilies> open{};
        int count = 0;
        unsigned missing = 0; // bit k: neighbour k of the table is a wall's face or off the map
        std::size_t head = 0, tail = 0; // this face's cells
    };
    FaceStencil faceStencil(int family, int x, int y) const;
    float acceleratedSpeed(const MomentumFields& fields, int family, int x, int y) const;
    float acceleratedSpeed(const MomentumFields& fields, int family, int x, int y, const FaceStencil& stencil) const;
    float advectionChange(const FaceStencil& stencil, int family, int y, float speed, float faceDepth) const;
    float upwindShare(const Neighbour& n, float vx, float vy, int y) const;
    bool isOverfall(std::size_t head, std::size_t tail) const;
    float overfallShare(int family, const Neighbour& n, std::size_t slot, float vx, float vy, int y) const;
    void addOverfallChange(int family, const Neighbour& n, std::size_t slot, float vx, float vy, float difference, int y, float& weights,
                           float& weighted) const;
    float eddyDiffusion(const FaceStencil& stencil, int family, float speed) const;
    float applyFriction(float speed, float fullSpeed, float faceDepth) const;
    static float upwindFaceDepth(const MomentumFields& fields, std::size_t tail, std::size_t head, float direction);
    void buildNeighbours();
    static void linkByAngle(std::vector<Neighbour>& list);
    void shareInflows(const std::vector<BoundaryEdge>& edges);
    void findAcrossFaces(const std::vector<BoundaryEdge>& edges);
    float boundaryAdvection(float previous, float across, float pipeLength) const;
    double crossing(const BoundaryEdge& e) const;
    bool isFace(int family, int x, int y) const;     // a face with at least one end on the map
    bool isOpenFace(int family, int x, int y) const; // ... that is not a wall
    void reconstructCellVectors(const std::array<const float*, Lattice::kMaxFamilies>& components, bool perWidth,
                                std::vector<float>& outX, std::vector<float>& outY) const;
    void cellVector(const std::array<const float*, Lattice::kMaxFamilies>& components, bool perWidth, int x, int y,
                    float& outX, float& outY) const;
    float faceSpeed(int family, std::size_t tail, std::size_t head, float along) const; // |u| at a face
    const std::vector<Neighbour>& neighbours(int y) const { return neighbours_[static_cast<std::size_t>(y & 1)]; }

    const Lattice& lattice_;
    MomentumConstants c_;
    int threadCount_;
    std::array<std::vector<Neighbour>, 2> neighbours_; // by row parity
    float laplacian_ = 1.0f; // 4 / (N·l²): the lattice Laplacian's weight per neighbour
    std::array<std::vector<unsigned char>, Lattice::kMaxFamilies> wall_; // per padded face: a wall
    std::vector<float> cellQx_, cellQy_; // discharge per width (m²/s) at every cell
    std::vector<float> cellUx_, cellUy_; // velocity (m/s) at every cell
    std::array<const float*, Lattice::kMaxFamilies> previousSpeeds_{}; // the step's starting velocities
    std::array<const float*, Lattice::kMaxFamilies> previousFlows_{};  // ... and discharges
    const float* stepBed_ = nullptr;   // the bed and the step's starting depths, for overfallShare
    const float* stepDepth_ = nullptr;
    std::array<std::vector<float>, Lattice::kMaxFamilies> accelerated_; // new face velocities
    std::vector<float> scale_;           // per padded cell
    std::vector<float> inflow_;          // per boundary edge: its discharge into the map (m³/s), inflows only
    std::vector<std::size_t> acrossFace_; // per boundary edge: the padded slot of its family's face across the cell
    std::vector<float> boundarySpeeds_, boundaryFlows_; // per boundary edge, set before any is written
};

} // namespace rb
