#include "solver/MomentumFusedStep.h"

#include "solver/CubeRoot.h"
#include "solver/StepContract.h"
#include "solver/VectorClones.h"

#include <algorithm>
#include <cmath>

namespace rb {
namespace {

using contract::kScaleMargin; // a limited cell keeps this fraction back (StepContract.h)

// MomentumStep::upwindShare of the upstream vector (vx, vy) for one neighbour direction, as
// selects so that the loops using it vectorise.
struct UpwindCone {
    float nx, ny, toNext, fromPrevious, nextX, nextY, previousX, previousY;

    UpwindCone(const MomentumStep::Neighbour& n, const MomentumStep::Neighbour& next, const MomentumStep::Neighbour& previous)
        : nx(n.directionX), ny(n.directionY), toNext(n.inverseCrossToNext), fromPrevious(n.inverseCrossFromPrevious),
          nextX(next.directionX), nextY(next.directionY), previousX(previous.directionX), previousY(previous.directionY) {}

    // The share where positive, else +0.
    __attribute__((always_inline)) float upstream(float vx, float vy) const
    {
        const float a = (vx * nextY - vy * nextX) * toNext;
        const float b = (nx * vy - ny * vx) * toNext;
        const float c = (previousX * vy - previousY * vx) * fromPrevious;
        const float d = (vx * ny - vy * nx) * fromPrevious;
        // upwindShare's cones (−1: not in the next cone).
        const float inNextCone = b >= 0.0f ? (a >= 0.0f ? a : -1.0f) : -1.0f;
        const float inPreviousCone = d >= 0.0f ? (c >= 0.0f ? c : 0.0f) : 0.0f;
        const float share = inNextCone >= 0.0f ? inNextCone : inPreviousCone;
        return share > 0.0f ? share : 0.0f;
    }
};

// The same share where the neighbour and both its cone partners are axis directions (the square
// lattice): a and c of UpwindCone are then both v·n, exactly (products with 0 and ±1, inverse
// crosses of 1), and a neighbour is upstream where v·n > 0. The two agree for every finite v (a NaN
// gives 0 in both); an infinite one can differ, but a call whose state turned infinite is refused.
struct AxisCone {
    float nx, ny;

    __attribute__((always_inline)) float upstream(float vx, float vy) const
    {
        const float along = vx * nx + vy * ny;
        return along > 0.0f ? along : 0.0f;
    }
    static bool fits(const MomentumStep::Neighbour& n, const MomentumStep::Neighbour& next, const MomentumStep::Neighbour& previous)
    {
        const auto unitAxis = [](const MomentumStep::Neighbour& m) {
            const float ax = std::fabs(m.directionX), ay = std::fabs(m.directionY);
            return (ax == 1.0f && ay == 0.0f) || (ax == 0.0f && ay == 1.0f);
        };
        const auto perpendicular = [&](const MomentumStep::Neighbour& m) { return m.directionX * n.directionX + m.directionY * n.directionY == 0.0f; };
        return unitAxis(n) && unitAxis(next) && unitAxis(previous) && perpendicular(next) && perpendicular(previous) &&
               n.inverseCrossToNext == 1.0f && n.inverseCrossFromPrevious == 1.0f;
    }
};

// UpwindCone where both inverse crosses are at least 1 (the triangle lattice's 60° cones: 2/√3).
// Then b and d cannot underflow to a zero of the wrong sign, and since vx·ny − vy·nx is exactly
// −(nx·vy − ny·vx) (or both +0), b ≥ 0 is nx·vy − ny·vx ≥ 0 and d ≥ 0 is that cross ≤ 0: one cross
// product instead of two and two products fewer, for the same share bit for bit, whatever v holds.
struct WideCone {
    float nx, ny, toNext, fromPrevious, nextX, nextY, previousX, previousY;

    explicit WideCone(const UpwindCone& c)
        : nx(c.nx), ny(c.ny), toNext(c.toNext), fromPrevious(c.fromPrevious), nextX(c.nextX), nextY(c.nextY), previousX(c.previousX),
          previousY(c.previousY) {}

    __attribute__((always_inline)) float upstream(float vx, float vy) const
    {
        const float a = (vx * nextY - vy * nextX) * toNext;
        const float cross = nx * vy - ny * vx;
        const float c = (previousX * vy - previousY * vx) * fromPrevious;
        const float inNextCone = cross >= 0.0f ? (a >= 0.0f ? a : -1.0f) : -1.0f;
        const float inPreviousCone = cross <= 0.0f ? (c >= 0.0f ? c : 0.0f) : 0.0f;
        const float share = inNextCone >= 0.0f ? inNextCone : inPreviousCone;
        return share > 0.0f ? share : 0.0f;
    }
    static bool fits(const MomentumStep::Neighbour& n) { return n.inverseCrossToNext >= 1.0f && n.inverseCrossFromPrevious >= 1.0f; }
};

// std::min and std::max as the reference calls them ((b < a) ? b : a, (a < b) ? b : a), written
// as plain selects so the loops that use them vectorise.
float smaller(float a, float b) { return b < a ? b : a; }
float larger(float a, float b) { return a < b ? b : a; }

// Σ_faces d·(component·scale) for the two faces of one family at a run of cells, added to the
// row sums in cellVector's order (this family's tail-side face, then its head-side face).
RB_VECTOR_CLONES void addFaceComponents(float* __restrict sumX, float* __restrict sumY, const float* __restrict entering,
                       const float* __restrict leaving, float dx, float dy, float scale, int x0, int x1)
{
    for (int x = x0; x < x1; ++x) {
        const float first = entering[x] * scale, second = leaving[x] * scale;
        sumX[x] = (sumX[x] + dx * first) + dx * second;
        sumY[x] = (sumY[x] + dy * first) + dy * second;
    }
}

RB_VECTOR_CLONES void solveLeastSquares(float* __restrict outX, float* __restrict outY, const float* __restrict rx, const float* __restrict ry, float mxx,
                       float mxy, float myy, float determinant, int x0, int x1)
{
    for (int x = x0; x < x1; ++x) {
        outX[x] = (myy * rx[x] - mxy * ry[x]) / determinant;
        outY[x] = (mxx * ry[x] - mxy * rx[x]) / determinant;
    }
}

// MomentumStep::acceleratedSpeed before eddy viscosity and friction: the surface gradient and
// the (limited) advection, for a run of interior faces. Advection in the momentum form from the
// upstream sums by discharge (weights, weighted), in the energy-head form from those by velocity
// where the flow accelerates (MomentumStep::advectionChange).
RB_VECTOR_CLONES void accelerateRun(float* __restrict moved, const float* __restrict depth, const float* __restrict tailDepth, const float* __restrict bed,
                   const float* __restrict tailBed, const float* __restrict speeds, const float* __restrict weights,
                   const float* __restrict weighted, const float* __restrict velocityWeights, const float* __restrict velocityWeighted,
                   float dt, float gOverL, float pipeLength, float dryDepth, int x0, int x1)
{
    const float energyRate = dt / pipeLength;
    for (int x = x0; x < x1; ++x) {
        const float hHead = depth[x], hTail = tailDepth[x];
        const float surfaceDrop = (tailBed[x] + hTail) - (bed[x] + hHead);
        const float faceDepth = 0.5f * (hHead + hTail);
        const float u = speeds[x] + dt * gOverL * surfaceDrop;
        const float rate = dt / (faceDepth * pipeLength);
        const float momentumChange = -smaller(rate, 1.0f / weights[x]) * weighted[x];
        const float energyChange = -smaller(energyRate, 1.0f / velocityWeights[x]) * velocityWeighted[x];
        const bool energyForm = weighted[x] * speeds[x] > 0.0f && velocityWeights[x] > 0.0f; // accelerating
        const float momentumForm = weights[x] > 0.0f ? momentumChange : 0.0f;
        const float advection = energyForm ? energyChange : momentumForm;
        moved[x] = faceDepth > dryDepth ? u + advection : u;
    }
}

RB_VECTOR_CLONES void addDifferences(float* __restrict sum, const float* __restrict neighbour, const float* __restrict own, int x0, int x1)
{
    for (int x = x0; x < x1; ++x) sum[x] += neighbour[x] - own[x];
}

RB_VECTOR_CLONES void addDiffusion(float* __restrict moved, const float* __restrict sum, float dt, float weight, int x0, int x1)
{
    for (int x = x0; x < x1; ++x) moved[x] += dt * (weight * sum[x]);
}

RB_VECTOR_CLONES void slowRun(float* __restrict next, const float* __restrict depth, const float* __restrict tailDepth, const float* __restrict moved,
             float factor, float dryDepth, int x0, int x1)
{
    for (int x = x0; x < x1; ++x) {
        const float slowed = moved[x] * factor;
        next[x] = larger(depth[x], tailDepth[x]) <= dryDepth ? 0.0f : slowed;
    }
}

// MomentumStep::applyFriction under Manning's friction, with faceSpeed, for a run of faces: the same
// float operations in the same order, and glibc's cube root inline so that the run vectorises.
RB_VECTOR_CLONES void manningRun(float* __restrict next, const float* __restrict moved, const float* __restrict depth, const float* __restrict tailDepth,
                                 const float* __restrict ux, const float* __restrict tailUx, const float* __restrict uy,
                                 const float* __restrict tailUy, float directionX, float directionY, float dtManning, float dryDepth, int x0, int x1)
{
    for (int x = x0; x < x1; ++x) {
        const float along = moved[x];
        const float cellX = 0.5f * (tailUx[x] + ux[x]), cellY = 0.5f * (tailUy[x] + uy[x]);
        const float across = -directionY * cellX + directionX * cellY;
        const float fullSpeed = std::sqrt(along * along + across * across);
        const float h = std::max(0.5f * (depth[x] + tailDepth[x]), dryDepth); // h^(4/3) below: h is a positive normal float
        const float slowed = along / (1.0f + dtManning * fullSpeed / (h * cubeRootOfPositiveNormal(h)));
        next[x] = larger(depth[x], tailDepth[x]) <= dryDepth ? 0.0f : slowed;
    }
}

// MomentumStep::dischargesFromVelocities for a run of faces (std::clamp as libstdc++ computes it).
RB_VECTOR_CLONES void dischargeRun(float* __restrict speeds, float* __restrict flows, const float* __restrict next, const float* __restrict depth,
                  const float* __restrict tailDepth, const float* __restrict bed, const float* __restrict tailBed, float limit,
                  float width, float dryDepth, int x0, int x1)
{
    for (int x = x0; x < x1; ++x) {
        const float v = next[x];
        const float atLeast = v < -limit ? -limit : v;
        const float u = limit < v ? limit : atLeast;
        // Every load first, then selects of operands (not of sums), stores last: GCC vectorises.
        const float headBed = bed[x], tailBedHere = tailBed[x], headDepth = depth[x], tailDepthHere = tailDepth[x];
        const bool fromTail = u > 0.0f;
        const float upwindBed = fromTail ? tailBedHere : headBed, upwindDepth = fromTail ? tailDepthHere : headDepth;
        const float faceDepth = (upwindBed + upwindDepth) - larger(headBed, tailBedHere);
        const float discharge = u * faceDepth * width;
        const bool carries = faceDepth > dryDepth;
        const float keptSpeed = carries ? u : 0.0f, keptDischarge = carries ? discharge : 0.0f;
        speeds[x] = keptSpeed;
        flows[x] = keptDischarge;
    }
}

RB_VECTOR_CLONES void addLeaving(float* __restrict leaving, const float* __restrict entering, const float* __restrict exiting, int x0, int x1)
{
    for (int x = x0; x < x1; ++x) leaving[x] += larger(0.0f, -entering[x]) + larger(0.0f, exiting[x]);
}

RB_VECTOR_CLONES void scaleRun(float* __restrict scale, const float* __restrict depth, const float* __restrict leaving, float cellArea, float dt, int x0,
              int x1)
{
    for (int x = x0; x < x1; ++x) {
        const float available = depth[x] * cellArea;
        const float wanted = leaving[x] * dt;
        scale[x] = wanted > available ? available / wanted * kScaleMargin : 1.0f;
    }
}

RB_VECTOR_CLONES void scaleFacesRun(float* __restrict flows, float* __restrict speeds, const float* __restrict scale, const float* __restrict tailScale, int x0,
                   int x1)
{
    for (int x = x0; x < x1; ++x) {
        const float fromTail = tailScale[x], fromHead = scale[x]; // both loaded: a select, not a branch
        const float factor = flows[x] > 0.0f ? fromTail : fromHead;
        flows[x] *= factor;
        speeds[x] *= factor;
    }
}

RB_VECTOR_CLONES void addNet(float* __restrict net, const float* __restrict entering, const float* __restrict exiting, int x0, int x1)
{
    for (int x = x0; x < x1; ++x) net[x] += entering[x] - exiting[x];
}

// Continuity, rain and evaporation; what rain and evaporation did to each float depth is kept for
// the ledger.
RB_VECTOR_CLONES void depthRun(float* __restrict depth, float* __restrict rained, float* __restrict evaporated, const float* __restrict net, float dtOverArea,
              float rainDepth, float evaporationDepth, int x0, int x1)
{
    for (int x = x0; x < x1; ++x) {
        const float moved = depth[x] + dtOverArea * net[x];
        const float wetted = moved + rainDepth;
        const float updated = wetted - smaller(wetted, evaporationDepth);
        depth[x] = updated;
        rained[x] = wetted - moved;
        evaporated[x] = wetted - updated;
    }
}

} // namespace

MomentumFusedStep::MomentumFusedStep(const Lattice& lattice, const MomentumConstants& constants, const std::vector<BoundaryEdge>& edges,
                                     int threadCount)
    : MomentumStep(lattice, constants, edges, threadCount)
{
    buildStencils();
    cellQx_.assign(lattice.cellCount(), 0.0f);
    cellQy_.assign(lattice.cellCount(), 0.0f);
    cellUx_.assign(lattice.cellCount(), 0.0f);
    cellUy_.assign(lattice.cellCount(), 0.0f);
    for (int f = 0; f < lattice.familyCount(); ++f) accelerated_[static_cast<std::size_t>(f)].assign(lattice.paddedCount(), 0.0f);
    scale_.assign(lattice.paddedCount(), 1.0f); // the ghost ring stays 1: unlimited reservoirs
    rowRain_.assign(static_cast<std::size_t>(lattice.height()), 0.0);
    rowEvaporation_.assign(static_cast<std::size_t>(lattice.height()), 0.0);
    // Σ d·dᵀ over all of a cell's faces, summed in the order cellVector sums it.
    for (int f = 0; f < lattice.familyCount(); ++f)
        for (int side = 0; side < 2; ++side) {
            const auto dx = static_cast<float>(lattice.family(f).directionX), dy = static_cast<float>(lattice.family(f).directionY);
            interiorMxx_ += dx * dx;
            interiorMxy_ += dx * dy;
            interiorMyy_ += dy * dy;
        }
}

void MomentumFusedStep::buildStencils()
{
    const auto width = static_cast<std::ptrdiff_t>(lattice_.width());
    const auto paddedWidth = static_cast<std::ptrdiff_t>(lattice_.paddedWidth());
    for (int parity = 0; parity < 2; ++parity)
        for (int f = 0; f < lattice_.familyCount(); ++f) {
            const EdgeFamily& family = lattice_.family(f);
            const CellOffset t = family.tailOffset(parity), h = family.headOffset(parity);
            FamilyStencil& s = stencils_[static_cast<std::size_t>(parity)][static_cast<std::size_t>(f)];
            s.tailCell = t.dy * width + t.dx;
            s.tailSlot = t.dy * paddedWidth + t.dx;
            s.headSlot = h.dy * paddedWidth + h.dx;
            s.neighbours.clear();
            for (const Neighbour& n : neighbours_[static_cast<std::size_t>(parity)]) {
                const CellOffset o = n.offset;
                const CellOffset nt = family.tailOffset((parity + o.dy) & 1);
                NeighbourFace face;
                face.slot = o.dy * paddedWidth + o.dx;
                face.cells[0] = 0;
                face.cells[1] = s.tailCell;
                face.cells[2] = o.dy * width + o.dx;
                face.cells[3] = (o.dy + nt.dy) * width + (o.dx + nt.dx);
                if (o.dx == t.dx && o.dy == t.dy) face.sharedCell = 1;           // its head is our tail
                else if (o.dx + nt.dx == 0 && o.dy + nt.dy == 0) face.sharedCell = 0; // its tail is our head
                face.upwind = &n;
                const std::vector<Neighbour>& table = neighbours_[static_cast<std::size_t>(parity)];
                face.cone = AxisCone::fits(n, table[static_cast<std::size_t>(n.nextInAngle)], table[static_cast<std::size_t>(n.previousInAngle)])
                                ? ConeKind::Axis
                                : WideCone::fits(n) ? ConeKind::Wide : ConeKind::General;
                s.neighbours.push_back(face);
            }
        }
}

void MomentumFusedStep::run(const MomentumFields& fields, const std::vector<BoundaryEdge>& edges, const std::vector<SourceCell>& sources,
                            VolumeLedger& ledger)
{
    reconstructCells(fields);
    accelerateFaces(fields);
    setBoundaryFaces(fields, edges);
    dischargesFromVelocitiesFast(fields);
    limitOutflowsFast(fields);
    recordBoundary(fields, edges, ledger);
    double rained = 0.0, evaporated = 0.0;
    updateDepthsFast(fields, rained, evaporated);
    ledger.rain += rained * c_.cellArea;
    ledger.evaporation += evaporated * c_.cellArea;
    applySources(fields, sources, ledger);
}

// Stage 1, cell discharges and velocities. A cell off the map's edge has all its faces, so its
// least-squares matrix is the same everywhere (summed once, in the same order).
void MomentumFusedStep::reconstructCells(const MomentumFields& fields)
{
    std::array<const float*, Lattice::kMaxFamilies> flows{}, speeds{};
    for (std::size_t f = 0; f < flows.size(); ++f) flows[f] = fields.flows[f], speeds[f] = fields.speeds[f];
    const int width = lattice_.width(), height = lattice_.height();
#pragma omp parallel num_threads(threadCount_) if (threadCount_ > 1)
    {
        RowScratch scratch(width);
#pragma omp for schedule(static)
        for (int y = 0; y < height; ++y) {
            const bool interior = y >= 1 && y < height - 1 && width > 2;
            if (interior) reconstructInteriorRow(fields, y, scratch);
            for (int x = 0; x < width; x += interior ? width - 1 : 1) {
                const std::size_t cell = lattice_.index(x, y);
                cellVector(flows, true, x, y, cellQx_[cell], cellQy_[cell]);
                cellVector(speeds, false, x, y, cellUx_[cell], cellUy_[cell]);
            }
        }
    }
}

void MomentumFusedStep::reconstructInteriorRow(const MomentumFields& fields, int y, RowScratch& scratch)
{
    const int x0 = 1, x1 = lattice_.width() - 1;
    const std::size_t rowCell = lattice_.index(0, y), rowSlot = lattice_.paddedIndex(0, y);
    float* qx = scratch.a.data();
    float* qy = scratch.b.data();
    float* ux = scratch.c.data();
    float* uy = scratch.d.data();
    for (float* row : {qx, qy, ux, uy}) std::fill(row + x0, row + x1, 0.0f);
    for (int f = 0; f < lattice_.familyCount(); ++f) {
        const EdgeFamily& family = lattice_.family(f);
        const auto dx = static_cast<float>(family.directionX), dy = static_cast<float>(family.directionY);
        const float perWidth = 1.0f / static_cast<float>(family.faceWidth);
        const float* q = fields.flows[static_cast<std::size_t>(f)] + rowSlot;
        const float* u = fields.speeds[static_cast<std::size_t>(f)] + rowSlot;
        const std::ptrdiff_t ahead = stencil(y, f).headSlot;
        addFaceComponents(qx, qy, q, q + ahead, dx, dy, perWidth, x0, x1);
        addFaceComponents(ux, uy, u, u + ahead, dx, dy, 1.0f, x0, x1);
    }
    const float mxx = interiorMxx_, mxy = interiorMxy_, myy = interiorMyy_;
    const float determinant = mxx * myy - mxy * mxy;
    solveLeastSquares(cellQx_.data() + rowCell, cellQy_.data() + rowCell, qx, qy, mxx, mxy, myy, determinant, x0, x1);
    solveLeastSquares(cellUx_.data() + rowCell, cellUy_.data() + rowCell, ux, uy, mxx, mxy, myy, determinant, x0, x1);
}

// Stage 2, interior faces. Rows at least kMargin from the edge take the fast path in their middle.
void MomentumFusedStep::accelerateFaces(const MomentumFields& fields)
{
    const int width = lattice_.width(), height = lattice_.height();
    for (int f = 0; f < lattice_.familyCount(); ++f) previousSpeeds_[static_cast<std::size_t>(f)] = fields.speeds[static_cast<std::size_t>(f)];
#pragma omp parallel num_threads(threadCount_) if (threadCount_ > 1)
    {
        RowScratch scratch(width);
#pragma omp for schedule(static)
        for (int y = 0; y < height; ++y)
            for (int f = 0; f < lattice_.familyCount(); ++f) {
                float* next = accelerated_[static_cast<std::size_t>(f)].data();
                const bool fast = interiorRow(y) && width > 2 * kMargin;
                if (fast) accelerateInteriorRow(fields, f, y, scratch);
                for (int x = 0; x < width; ++x) {
                    if (fast && x == kMargin) x = width - kMargin; // done above
                    const CellOffset t = lattice_.family(f).tailOffset(y);
                    if (!lattice_.contains(x + t.dx, y + t.dy)) continue; // a boundary face
                    next[lattice_.paddedIndex(x, y)] = acceleratedSpeed(fields, f, x, y);
                }
            }
    }
}

namespace {

// Σ s_k and Σ s_k·(U − U_k) by discharge and by velocity, for one neighbour along a run.
struct UpstreamSumRows {
    float* __restrict weights;
    float* __restrict weighted;
    float* __restrict velocityWeights;
    float* __restrict velocityWeighted;
};

// A neighbour that is not upstream adds exact zeros: the sums start at +0 and can never become −0,
// so adding +0 or a finite ±0 product leaves them as they are.
__attribute__((always_inline)) inline void addShares(const UpstreamSumRows& sums, int x, float byDischarge, float byVelocity,
                                                     float difference)
{
    sums.weights[x] = sums.weights[x] + byDischarge;
    sums.weighted[x] = sums.weighted[x] + byDischarge * difference;
    sums.velocityWeights[x] = sums.velocityWeights[x] + byVelocity;
    sums.velocityWeighted[x] = sums.velocityWeighted[x] + byVelocity * difference;
}

// The four cell fields the upstream vectors come from, at one row.
struct CellRows {
    const float* __restrict qx;
    const float* __restrict qy;
    const float* __restrict ux;
    const float* __restrict uy;
};

// A neighbour along the family, sharing one cell with the face: the upstream vectors are −(that
// cell's discharge) and −(its velocity), as MomentumStep::advectionChange sums them (0 + v).
template <class Cone>
RB_VECTOR_CLONES void addUpstreamThroughSharedCell(UpstreamSumRows sums, CellRows cells, std::ptrdiff_t shared, const float* __restrict own,
                                                   const float* __restrict neighbourSpeeds, Cone cone, int x0, int x1)
{
    for (int x = x0; x < x1; ++x) {
        const std::ptrdiff_t i = x + shared;
        const float byDischarge = cone.upstream(-(0.0f + cells.qx[i]), -(0.0f + cells.qy[i]));
        const float byVelocity = cone.upstream(-(0.0f + cells.ux[i]), -(0.0f + cells.uy[i]));
        addShares(sums, x, byDischarge, byVelocity, own[x] - neighbourSpeeds[x]);
    }
}

// The face's own two cells summed, (0 + head) + tail: the first half of every four-cell mean
// below, the same for all its neighbours across the family, so summed once.
struct FaceSumRows {
    float* __restrict qx;
    float* __restrict qy;
    float* __restrict ux;
    float* __restrict uy;
};

RB_VECTOR_CLONES void sumFaceCells(FaceSumRows out, CellRows cells, std::ptrdiff_t tail, int x0, int x1)
{
    for (int x = x0; x < x1; ++x) {
        out.qx[x] = (0.0f + cells.qx[x]) + cells.qx[x + tail];
        out.qy[x] = (0.0f + cells.qy[x]) + cells.qy[x + tail];
        out.ux[x] = (0.0f + cells.ux[x]) + cells.ux[x + tail];
        out.uy[x] = (0.0f + cells.uy[x]) + cells.uy[x + tail];
    }
}

// −(the mean of four cells' values) in advectionChange's order of summation, the face's own two
// already summed: −(((0 + c₀) + c₁) + c₂) + c₃)/4.
__attribute__((always_inline)) inline float negatedMean(const float* __restrict faceSum, const float* __restrict cells,
                                                        const std::ptrdiff_t (&offsets)[4], int x)
{
    return -((faceSum[x] + cells[x + offsets[2]]) + cells[x + offsets[3]]) / 4.0f;
}

// A neighbour across the family: the upstream vectors are −(the mean of the four cells').
template <class Cone>
RB_VECTOR_CLONES void addUpstreamThroughFourCells(UpstreamSumRows sums, CellRows cells, FaceSumRows faceSums, const std::ptrdiff_t (&offsets)[4],
                                                  const float* __restrict own, const float* __restrict neighbourSpeeds, Cone cone, int x0, int x1)
{
    for (int x = x0; x < x1; ++x) {
        const float byDischarge = cone.upstream(negatedMean(faceSums.qx, cells.qx, offsets, x), negatedMean(faceSums.qy, cells.qy, offsets, x));
        const float byVelocity = cone.upstream(negatedMean(faceSums.ux, cells.ux, offsets, x), negatedMean(faceSums.uy, cells.uy, offsets, x));
        addShares(sums, x, byDischarge, byVelocity, own[x] - neighbourSpeeds[x]);
    }
}

} // namespace

// MomentumStep::advectionChange's sums for a run of faces, by discharge (scratch a, b) and by
// velocity (e, f): the upstream neighbours' Σ s_k and Σ s_k·(U − U_k), neighbour by neighbour in
// the reference's order, each along the whole run so the loops vectorise.
void MomentumFusedStep::accumulateAdvection(int f, int y, int x0, int x1, const float* speeds, RowScratch& scratch) const
{
    const FamilyStencil& s = stencil(y, f);
    const std::vector<Neighbour>& table = neighbours(y);
    const std::size_t row = lattice_.index(0, y);
    const UpstreamSumRows sums{scratch.a.data(), scratch.b.data(), scratch.e.data(), scratch.f.data()};
    for (float* sum : {sums.weights, sums.weighted, sums.velocityWeights, sums.velocityWeighted}) std::fill(sum + x0, sum + x1, 0.0f);
    const CellRows cells{cellQx_.data() + row, cellQy_.data() + row, cellUx_.data() + row, cellUy_.data() + row};
    const FaceSumRows faceSums{scratch.c.data(), scratch.d.data(), scratch.g.data(), scratch.h.data()};
    sumFaceCells(faceSums, cells, s.tailCell, x0, x1);
    for (const NeighbourFace& k : s.neighbours) {
        const Neighbour& n = *k.upwind;
        const UpwindCone general(n, table[static_cast<std::size_t>(n.nextInAngle)], table[static_cast<std::size_t>(n.previousInAngle)]);
        const auto add = [&](auto cone) {
            if (k.sharedCell >= 0) addUpstreamThroughSharedCell(sums, cells, k.cells[k.sharedCell], speeds, speeds + k.slot, cone, x0, x1);
            else addUpstreamThroughFourCells(sums, cells, faceSums, k.cells, speeds, speeds + k.slot, cone, x0, x1);
        };
        switch (k.cone) {
        case ConeKind::Axis: add(AxisCone{n.directionX, n.directionY}); break;
        case ConeKind::Wide: add(WideCone(general)); break;
        case ConeKind::General: add(general); break;
        }
    }
}

// MomentumStep::acceleratedSpeed for the faces of row y from kMargin to width − kMargin, where
// every face, cell and neighbour of the stencils is on the map and no wall is near.
void MomentumFusedStep::accelerateInteriorRow(const MomentumFields& fields, int f, int y, RowScratch& scratch)
{
    const int x0 = kMargin, x1 = lattice_.width() - kMargin;
    const EdgeFamily& family = lattice_.family(f);
    const FamilyStencil& s = stencil(y, f);
    const float* speeds = fields.speeds[static_cast<std::size_t>(f)] + lattice_.paddedIndex(0, y);
    float* next = accelerated_[static_cast<std::size_t>(f)].data() + lattice_.paddedIndex(0, y);
    const float* depth = fields.depth + lattice_.index(0, y);
    const float* bed = fields.bed + lattice_.index(0, y);
    const std::ptrdiff_t tail = s.tailCell;
    accumulateAdvection(f, y, x0, x1, speeds, scratch);
    const auto pipeLength = static_cast<float>(family.pipeLength);
    const float gOverL = c_.gravity / pipeLength;
    float* moved = scratch.c.data(); // the velocity before friction
    accelerateRun(moved, depth, depth + tail, bed, bed + tail, speeds, scratch.a.data(), scratch.b.data(), scratch.e.data(), scratch.f.data(),
                  c_.dt, gOverL, pipeLength, kDryDepth, x0, x1);
    if (c_.eddyViscosity > 0.0f) {
        float* sum = scratch.d.data();
        std::fill(sum + x0, sum + x1, 0.0f);
        for (const NeighbourFace& k : s.neighbours) addDifferences(sum, speeds + k.slot, speeds, x0, x1);
        addDiffusion(moved, sum, c_.dt, c_.eddyViscosity * laplacian_, x0, x1);
    }
    if (c_.manningTerm <= 0.0f) {
        slowRun(next, depth, depth + tail, moved, c_.frictionFactor, kDryDepth, x0, x1);
        return;
    }
    const std::size_t rowCell = lattice_.index(0, y);
    const float* ux = cellUx_.data() + rowCell;
    const float* uy = cellUy_.data() + rowCell;
    manningRun(next, moved, depth, depth + tail, ux, ux + tail, uy, uy + tail, static_cast<float>(family.directionX),
               static_cast<float>(family.directionY), c_.dt * c_.manningTerm, kDryDepth, x0, x1);
}

// Stage 4: Q = U·(water over the higher bed upwind)·w on every face with both cells on the map.
void MomentumFusedStep::dischargesFromVelocitiesFast(const MomentumFields& fields)
{
    const int width = lattice_.width(), height = lattice_.height();
    for (int f = 0; f < lattice_.familyCount(); ++f) {
        const auto w = static_cast<float>(lattice_.family(f).faceWidth);
#pragma omp parallel for schedule(static) num_threads(threadCount_) if (threadCount_ > 1)
        for (int y = 0; y < height; ++y) {
            const CellOffset t = lattice_.family(f).tailOffset(y);
            if (y + t.dy < 0 || y + t.dy >= height) continue;
            const int x0 = std::max(0, -t.dx), x1 = std::min(width, width - t.dx);
            const std::ptrdiff_t tail = stencil(y, f).tailCell;
            const std::size_t rowSlot = lattice_.paddedIndex(0, y);
            const float* depth = fields.depth + lattice_.index(0, y);
            const float* bed = fields.bed + lattice_.index(0, y);
            dischargeRun(fields.speeds[static_cast<std::size_t>(f)] + rowSlot, fields.flows[static_cast<std::size_t>(f)] + rowSlot,
                         accelerated_[static_cast<std::size_t>(f)].data() + rowSlot, depth, depth + tail, bed, bed + tail, c_.speedLimit,
                         w, kDryDepth, x0, x1);
        }
    }
}

// Stage 5: every cell's scale, then every face scaled by its giving cell's.
void MomentumFusedStep::limitOutflowsFast(const MomentumFields& fields)
{
    const int width = lattice_.width(), height = lattice_.height(), families = lattice_.familyCount();
#pragma omp parallel num_threads(threadCount_) if (threadCount_ > 1)
    {
        RowScratch scratch(width);
#pragma omp for schedule(static)
        for (int y = 0; y < height; ++y) {
            const std::size_t rowSlot = lattice_.paddedIndex(0, y);
            float* leaving = scratch.a.data();
            std::fill(leaving, leaving + width, 0.0f);
            for (int f = 0; f < families; ++f) {
                const float* q = fields.flows[static_cast<std::size_t>(f)] + rowSlot;
                addLeaving(leaving, q, q + stencil(y, f).headSlot, 0, width);
            }
            scaleRun(scale_.data() + rowSlot, fields.depth + lattice_.index(0, y), leaving, c_.cellArea, c_.dt, 0, width);
        }
    }
    for (int f = 0; f < families; ++f) {
#pragma omp parallel for schedule(static) num_threads(threadCount_) if (threadCount_ > 1)
        for (int y = 0; y < height; ++y) {
            const std::size_t rowSlot = lattice_.paddedIndex(0, y);
            const float* scale = scale_.data() + rowSlot;
            scaleFacesRun(fields.flows[static_cast<std::size_t>(f)] + rowSlot, fields.speeds[static_cast<std::size_t>(f)] + rowSlot, scale,
                          scale + stencil(y, f).tailSlot, 0, width);
        }
        for (int x = -1; x <= width; ++x) scaleFace(fields, f, x, -1), scaleFace(fields, f, x, height); // the ghost ring
        for (int y = 0; y < height; ++y) scaleFace(fields, f, -1, y), scaleFace(fields, f, width, y);
    }
}

void MomentumFusedStep::scaleFace(const MomentumFields& fields, int f, int x, int y)
{
    if (!isFace(f, x, y)) return;
    const CellOffset t = lattice_.family(f).tailOffset(y);
    const std::size_t slot = lattice_.paddedIndex(x, y);
    float* q = fields.flows[static_cast<std::size_t>(f)];
    const float factor = q[slot] > 0.0f ? scale_[lattice_.paddedIndex(x + t.dx, y + t.dy)] : scale_[slot];
    q[slot] *= factor;
    fields.speeds[static_cast<std::size_t>(f)][slot] *= factor;
}

// Stage 6, continuity, rain and evaporation; the ledger sums row by row in the reference's order.
void MomentumFusedStep::updateDepthsFast(const MomentumFields& fields, double& rained, double& evaporated)
{
    const int width = lattice_.width(), height = lattice_.height(), families = lattice_.familyCount();
#pragma omp parallel num_threads(threadCount_) if (threadCount_ > 1)
    {
        RowScratch scratch(width);
#pragma omp for schedule(static)
        for (int y = 0; y < height; ++y) {
            const std::size_t rowSlot = lattice_.paddedIndex(0, y);
            float* net = scratch.a.data();
            std::fill(net, net + width, 0.0f);
            for (int f = 0; f < families; ++f) {
                const float* q = fields.flows[static_cast<std::size_t>(f)] + rowSlot;
                addNet(net, q, q + stencil(y, f).headSlot, 0, width);
            }
            const float* rainRow = scratch.b.data();
            const float* evaporationRow = scratch.c.data();
            depthRun(fields.depth + lattice_.index(0, y), scratch.b.data(), scratch.c.data(), net, c_.dtOverArea, c_.rainDepth,
                     c_.evaporationDepth, 0, width);
            double rain = 0.0, evaporation = 0.0;
            for (int x = 0; x < width; ++x) {
                rain += static_cast<double>(rainRow[x]);
                evaporation += static_cast<double>(evaporationRow[x]);
            }
            rowRain_[static_cast<std::size_t>(y)] = rain;
            rowEvaporation_[static_cast<std::size_t>(y)] = evaporation;
        }
    }
    for (int y = 0; y < height; ++y) {
        rained += rowRain_[static_cast<std::size_t>(y)];
        evaporated += rowEvaporation_[static_cast<std::size_t>(y)];
    }
}

} // namespace rb
