#include "solver/MomentumFusedStep.h"

#include "grid/VectorClones.h"
#include "solver/CubeRoot.h"
#include "solver/StepContract.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <limits>
#include <array>
#include <cmath>
#include <utility>

namespace rb {
namespace {

using contract::kScaleMargin; // a limited cell keeps this fraction back (StepContract.h)

// Rows are handed to the threads in chunks of this many as each thread comes free, not in halves
// fixed beforehand: on a shared machine one thread is often descheduled for a while, and with fixed
// halves the other then waits for it at the end of every stage. Each row's results do not depend
// on which thread computes it, and the ledger's sums are kept per row and added in row order, so
// the answers stay bitwise those of any other split.
constexpr int kRowsPerChunk = 8;

// MomentumStep::upwindShare of an upstream vector for one neighbour direction, with fewer
// operations than the reference where the cone's shape allows, for the same bits.
//
// AxisCone: the neighbour and both its cone partners are axis directions (the square lattice). a
// and c of upwindShare are then both v·n, exactly (products with 0 and ±1, inverse crosses of 1),
// and a neighbour is upstream where v·n > 0. The two agree for every finite v (a NaN gives 0 in
// both); an infinite one can differ, but a call whose state turned infinite is refused.
struct AxisCone {
    static constexpr bool kAxesKnown = false;
    float nx = 0.0f, ny = 0.0f;

    __attribute__((always_inline)) float upstream(float vx, float vy) const
    {
        const float along = vx * nx + vy * ny;
        return along > 0.0f ? along : 0.0f;
    }
    template <int K>
    __attribute__((always_inline)) float upstreamOf(float vx, float vy) const
    {
        return upstream(vx, vy);
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
    static AxisCone of(const MomentumStep::Neighbour& n, const MomentumStep::Neighbour&, const MomentumStep::Neighbour&)
    {
        return {n.directionX, n.directionY};
    }
};

// SquareCone: AxisCone with the square lattice's neighbour table known when compiled (k = 0..3
// along −x, +x, −y, +y, MomentumStep::buildNeighbours' order). v·n is then ±vx or ±vy exactly
// where it is not zero (the other product is a zero, which leaves a nonzero sum as it is), and a
// zero gives a share of +0 either way; so the loop needs only the one component of each
// neighbour's upstream vector that its direction reads, and no products at all.
struct SquareCone {
    static constexpr bool kAxesKnown = true;
    static constexpr std::array<int, 4> kAxis{0, 0, 1, 1}; // 0: x, 1: y
    static constexpr std::array<bool, 4> kNegative{true, false, true, false};

    static bool fits(const std::vector<MomentumStep::Neighbour>& table)
    {
        if (table.size() != 4) return false;
        for (std::size_t k = 0; k < 4; ++k) {
            const MomentumStep::Neighbour& n = table[k];
            const float sign = kNegative[k] ? -1.0f : 1.0f;
            const float along = kAxis[k] == 0 ? n.directionX : n.directionY, across = kAxis[k] == 0 ? n.directionY : n.directionX;
            if (along != sign || across != 0.0f) return false;
            if (!AxisCone::fits(n, table[static_cast<std::size_t>(n.nextInAngle)], table[static_cast<std::size_t>(n.previousInAngle)])) return false;
        }
        return true;
    }
    static SquareCone of(const MomentumStep::Neighbour&, const MomentumStep::Neighbour&, const MomentumStep::Neighbour&) { return {}; }
    // The share from the upstream vector's component along neighbour k's axis.
    template <int K>
    __attribute__((always_inline)) static float upstream(float component)
    {
        const float along = kNegative[K] ? -component : component;
        return along > 0.0f ? along : 0.0f;
    }
};

// WideCone: both inverse crosses are at least 1 (the triangle lattice's 60° cones: 2/√3). Then b
// and d of upwindShare cannot underflow to a zero of the wrong sign, and since vx·ny − vy·nx is
// exactly −(nx·vy − ny·vx) (or both +0), b ≥ 0 is nx·vy − ny·vx ≥ 0 and d ≥ 0 is that cross ≤ 0:
// one cross product instead of two and two products fewer. The reference's chain of selects then
// comes down to one choice: a where the cross is positive, or zero with a ≥ 0 (the next cone
// takes v), else c; the share is that where positive. The same for every finite v (a call whose
// state turns infinite or NaN is refused).
struct WideCone {
    static constexpr bool kAxesKnown = false;
    float nx = 0.0f, ny = 0.0f, toNext = 0.0f, fromPrevious = 0.0f, nextX = 0.0f, nextY = 0.0f, previousX = 0.0f, previousY = 0.0f;

    __attribute__((always_inline)) float upstream(float vx, float vy) const
    {
        const float a = (vx * nextY - vy * nextX) * toNext;
        const float cross = nx * vy - ny * vx;
        const float c = (previousX * vy - previousY * vx) * fromPrevious;
        const bool inNextCone = cross > 0.0f || (cross == 0.0f && a >= 0.0f);
        const float share = inNextCone ? a : c;
        return share > 0.0f ? share : 0.0f;
    }
    template <int K>
    __attribute__((always_inline)) float upstreamOf(float vx, float vy) const
    {
        return upstream(vx, vy);
    }
    static bool fits(const MomentumStep::Neighbour& n, const MomentumStep::Neighbour&, const MomentumStep::Neighbour&)
    {
        return n.inverseCrossToNext >= 1.0f && n.inverseCrossFromPrevious >= 1.0f;
    }
    static WideCone of(const MomentumStep::Neighbour& n, const MomentumStep::Neighbour& next, const MomentumStep::Neighbour& previous)
    {
        return {n.directionX, n.directionY,   n.inverseCrossToNext, n.inverseCrossFromPrevious,
                next.directionX, next.directionY, previous.directionX, previous.directionY};
    }
};

// TriangleCone: WideCone with the triangle lattice's neighbour table known when compiled
// (MomentumStep::buildNeighbours: −x, +x, −y, +y, −z, +z with y = (0.5, s), z = (−0.5, s), s the
// float nearest √3/2; each cone's partners and its one inverse cross t). A product by a zero
// component is left out (it is a zero, which leaves a nonzero difference as it is), one by ±1
// taken as ±v, and a − (−b) as a + b: the same values but for zeros' signs, which WideCone never
// looks at. Fewer products, and two constants (s, t) where WideCone holds eight per neighbour.
struct TriangleCone {
    static constexpr bool kAxesKnown = false;
    // Direction components as codes: 0, ±1, ±2 (±0.5), ±3 (±s).
    static constexpr std::array<std::array<int, 2>, 6> kDirection{{{-1, 0}, {1, 0}, {-2, -3}, {2, 3}, {2, -3}, {-2, 3}}};
    static constexpr std::array<int, 6> kNext{2, 3, 4, 5, 1, 0}, kPrevious{5, 4, 0, 1, 2, 3};
    float s = 0.0f, t = 0.0f;

    template <int K>
    __attribute__((always_inline)) float upstreamOf(float vx, float vy) const
    {
        constexpr std::array<int, 2> n = kDirection[K], next = kDirection[kNext[K]], previous = kDirection[kPrevious[K]];
        // WideCone's a and c are these times t; t > 1 keeps each product's sign and never rounds a
        // nonzero to zero, so the tests can read the factors, and the one chosen is multiplied.
        const float toNext = crossWith<next[0], next[1]>(vx, vy);
        const float cross = -crossWith<n[0], n[1]>(vx, vy); // n × v
        const float fromPrevious = -crossWith<previous[0], previous[1]>(vx, vy);
        const bool inNextCone = cross > 0.0f || (cross == 0.0f && toNext >= 0.0f);
        const float chosen = inNextCone ? toNext : fromPrevious;
        const float share = chosen * t;
        return chosen > 0.0f ? share : 0.0f;
    }
    // v × a = vx·ay − vy·ax for a direction a given by codes.
    template <int AX, int AY>
    __attribute__((always_inline)) float crossWith(float vx, float vy) const
    {
        if constexpr (AX == 0) return times<AY>(vx);
        else if constexpr (AY == 0) return -times<AX>(vy);
        else return times<AY>(vx) - times<AX>(vy);
    }
    // v × the component coded C, exactly as the product (v·(−x) is −(v·x)).
    template <int C>
    __attribute__((always_inline)) float times(float v) const
    {
        if constexpr (C < 0) return -times<-C>(v);
        else if constexpr (C == 1) return v;
        else if constexpr (C == 2) return v * 0.5f;
        else return v * s;
    }
    static float component(int code, float s)
    {
        const float magnitude = std::abs(code) == 1 ? 1.0f : std::abs(code) == 2 ? 0.5f : std::abs(code) == 3 ? s : 0.0f;
        return code < 0 ? -magnitude : magnitude;
    }
    static bool fits(const std::vector<MomentumStep::Neighbour>& table)
    {
        if (table.size() != 6) return false;
        const float s = table[3].directionY, t = table[0].inverseCrossToNext;
        for (std::size_t k = 0; k < 6; ++k) {
            const MomentumStep::Neighbour& n = table[k];
            if (n.directionX != component(kDirection[k][0], s) || n.directionY != component(kDirection[k][1], s)) return false;
            if (n.nextInAngle != kNext[k] || n.previousInAngle != kPrevious[k]) return false;
            if (n.inverseCrossToNext != t || n.inverseCrossFromPrevious != t || !(t > 1.0f)) return false;
            if (!WideCone::fits(n, table[static_cast<std::size_t>(n.nextInAngle)], table[static_cast<std::size_t>(n.previousInAngle)])) return false;
        }
        return true;
    }
    static TriangleCone of(const MomentumStep::Neighbour& n, const MomentumStep::Neighbour& next, const MomentumStep::Neighbour&)
    {
        // n and next are 60° apart: |n × next| is s (n.inverseCrossToNext = 1/s).
        return {std::fabs(n.directionX * next.directionY - n.directionY * next.directionX), n.inverseCrossToNext};
    }
};

// std::min and std::max as the reference calls them ((b < a) ? b : a, (a < b) ? b : a), written
// as plain selects so the loops that use them vectorise.
float smaller(float a, float b) { return b < a ? b : a; }
float larger(float a, float b) { return a < b ? b : a; }

// MomentumStep::dischargesFromVelocities for one face (std::clamp as libstdc++ computes it): the
// clamped velocity and Q = U·(water over the higher bed upwind)·w, both 0 where that is dry.
struct FaceFlow {
    float speed, discharge;
};

__attribute__((always_inline)) inline FaceFlow faceFlow(float accelerated, float hHead, float hTail, float bHead, float bTail, float limit,
                                                        float width, float dryDepth)
{
    const float atLeast = accelerated < -limit ? -limit : accelerated;
    const float u = limit < accelerated ? limit : atLeast;
    const bool fromTail = u > 0.0f;
    const float upwindBed = fromTail ? bTail : bHead, upwindDepth = fromTail ? hTail : hHead;
    const float faceDepth = (upwindBed + upwindDepth) - larger(bHead, bTail);
    const float discharge = u * faceDepth * width;
    const bool carries = faceDepth > dryDepth;
    return {carries ? u : 0.0f, carries ? discharge : 0.0f};
}

// One row of interior faces of one family: the face velocities before this step, the two cells'
// rows (depth, bed and the reconstructed discharges and velocities), and where the tail cell is.
struct FaceRow {
    float* __restrict flows; // written: the faces' new discharges
    const float* __restrict speeds;
    const float* __restrict depth;
    const float* __restrict bed;
    const float* __restrict qx;
    const float* __restrict qy;
    const float* __restrict ux;
    const float* __restrict uy;
    std::ptrdiff_t tail;
};

// A family's N same-family neighbours, in the reference's order. SharedTail is the one whose head
// is our tail, SharedTail + 1 the one whose tail is our head (the two along the family); the others
// lie across it and take the mean of four cells (ours and theirs).
template <int N, class Cone>
struct FaceNeighbours {
    std::array<std::ptrdiff_t, N> slot{};      // their padded slots − ours
    std::array<std::ptrdiff_t, N> headCell{};  // their head cell − our head cell
    std::array<std::ptrdiff_t, N> tailCell{};  // their tail cell − our head cell
    std::array<Cone, N> cone{};
};

struct FaceConstants {
    float dt, gOverL, pipeLength, dryDepth;
    float eddyWeight;       // eddy viscosity × the Laplacian's weight
    float frictionFactor;   // (1 − f)^dt
    float dtManning;        // dt·g·n²
    float directionX, directionY;
    float speedLimit, faceWidth;
};

// Σ s_k and Σ s_k·(U − U_k) over a face's upstream neighbours, by discharge and by velocity
// (MomentumStep::advectionChange), and Σ (U_k − U) for the eddy viscosity. A neighbour that is not
// upstream adds exact zeros: the sums start at +0 and can never become −0.
struct NeighbourSums {
    float weights = 0.0f, weighted = 0.0f, velocityWeights = 0.0f, velocityWeighted = 0.0f, differences = 0.0f;
};

// Where accelerateFaceRun leaves each face's NeighbourSums (indexed by column), so a face beside a
// free overfall can take the rule's change to them and be finished again (no redo of its sums).
struct KeptSums {
    float* __restrict weights;
    float* __restrict weighted;
    float* __restrict velocityWeights;
    float* __restrict velocityWeighted;
    float* __restrict differences;
};

// −(the mean of four cells' values) in advectionChange's order of summation, the face's own two
// already summed: −((((0 + c₀) + c₁) + c₂) + c₃)/4.
__attribute__((always_inline)) inline float negatedMean(float faceSum, float theirHead, float theirTail)
{
    return -((faceSum + theirHead) + theirTail) / 4.0f;
}

// MomentumStep::advectionChange from the sums: the momentum form, or the energy-head form where
// the flow accelerates; then the surface gradient (acceleratedSpeed), the velocity before eddy
// viscosity and friction.
__attribute__((always_inline)) inline float acceleratedAndAdvected(const NeighbourSums& sums, float speed, float hHead, float hTail,
                                                                 float bHead, float bTail, const FaceConstants& c)
{
    const float surfaceDrop = (bTail + hTail) - (bHead + hHead);
    const float faceDepth = MomentumStep::movingDepth(hHead, hTail, bHead, bTail);
    const float u = speed + c.dt * c.gOverL * surfaceDrop;
    const float rate = c.dt / (faceDepth * c.pipeLength);
    const float energyRate = c.dt / c.pipeLength;
    const float momentumChange = -smaller(rate, 1.0f / sums.weights) * sums.weighted;
    const float energyChange = -smaller(energyRate, 1.0f / sums.velocityWeights) * sums.velocityWeighted;
    const float upstreamMean = speed - sums.velocityWeighted / sums.velocityWeights; // the energy-head form's (unused where no weights)
    const bool energyForm = sums.velocityWeights > 0.0f && sums.velocityWeighted * speed > 0.0f && !(upstreamMean * speed < 0.0f); // accelerating
    const float momentumForm = sums.weights > 0.0f ? momentumChange : 0.0f;
    const float advection = energyForm ? energyChange : momentumForm;
    return faceDepth > c.dryDepth ? u + advection : u;
}

// MomentumStep::applyFriction under Manning's friction, with faceSpeed: the face's own component
// and, across it, the mean of its two cells' velocities. glibc's cube root inline, so this vectorises.
__attribute__((always_inline)) inline float slowedByManning(float along, float hHead, float hTail, float bHead, float bTail, float uxHead,
                                                            float uxTail, float uyHead, float uyTail, const FaceConstants& c)
{
    const float cellX = 0.5f * (uxTail + uxHead), cellY = 0.5f * (uyTail + uyHead);
    const float across = -c.directionY * cellX + c.directionX * cellY;
    const float fullSpeed = std::sqrt(along * along + across * across);
    const float h = std::max(MomentumStep::movingDepth(hHead, hTail, bHead, bTail), c.dryDepth); // h^(4/3) below: a positive normal float
    return RB_MANNING_SLOWED(along, c.dtManning, fullSpeed, h, cubeRootOfPositiveNormal);
}

// MomentumStep::upwindShare of v for neighbour K where positive, else +0: the cone's shortcut, the
// same bits for finite vectors (as the one-pass loop takes it).
template <int K, class Cone>
__attribute__((always_inline)) inline float upstreamShare(const Cone& cone, float vx, float vy)
{
    if constexpr (Cone::kAxesKnown) return Cone::template upstream<K>(Cone::kAxis[K] == 0 ? vx : vy);
    else return cone.template upstreamOf<K>(vx, vy);
}

// MomentumStep::addOverfallChange for neighbour K, a free overfall whose discharge was `theirFlow`
// as the step began: the same operations, with the cone's shares (upwindShare's where positive, +0
// elsewhere: the capped share's sign test and the usual share's come out alike). Says whether the
// sums may have changed: a zero change (neither share upstream, or both alike) leaves their bits
// (they are never −0: they start at +0 and only add), and the loop's answer stands.
template <int K, class Cone>
inline bool overfallChange(const Cone& cone, float vx, float vy, float theirFlow, float difference, const FaceConstants& c, float& weights,
                           float& weighted)
{
    const float usual = upstreamShare<K>(cone, vx, vy);
    const float perWidth = theirFlow / c.faceWidth;
    const float along = -perWidth - (vx * c.directionX + vy * c.directionY); // v = −q̃: its along component becomes −Q/w
    const float share = upstreamShare<K>(cone, vx + along * c.directionX, vy + along * c.directionY);
    const float own = std::fabs(perWidth);
    const float replaced = share < own ? share : own;
    const float change = (replaced > 0.0f ? replaced : 0.0f) - usual;
    weights = weights + change;
    weighted = weighted + change * difference;
    return change != 0.0f;
}

// The rest of MomentumStep::acceleratedSpeed from a face's neighbour sums (advection, eddy
// viscosity, friction; 0 where both cells are dry), then dischargesFromVelocities: the clamped
// velocity into next[x], the discharge into row.flows[x].
template <bool Eddy, bool Manning>
__attribute__((always_inline)) inline void finishFace(float* __restrict next, const FaceRow& row, const NeighbourSums& sums, float speed,
                                                      const FaceConstants& c, int x)
{
    const float hHead = row.depth[x], hTail = row.depth[x + row.tail], bHead = row.bed[x], bTail = row.bed[x + row.tail];
    float moved = acceleratedAndAdvected(sums, speed, hHead, hTail, bHead, bTail, c);
    if constexpr (Eddy) moved += c.dt * (c.eddyWeight * sums.differences);
    float slowed;
    if constexpr (Manning)
        slowed = slowedByManning(moved, hHead, hTail, bHead, bTail, row.ux[x], row.ux[x + row.tail], row.uy[x], row.uy[x + row.tail], c);
    else slowed = moved * c.frictionFactor;
    const float accelerated = larger(hHead, hTail) <= c.dryDepth ? 0.0f : slowed;
    const FaceFlow flow = faceFlow(accelerated, hHead, hTail, bHead, bTail, c.speedLimit, c.faceWidth, c.dryDepth);
    next[x] = flow.speed;
    row.flows[x] = flow.discharge;
}

// finishFace with eddy viscosity and Manning's friction chosen at run time (one face at a time).
inline void finishFaceAnyway(bool eddy, bool manning, float* next, const FaceRow& row, const NeighbourSums& sums, float speed,
                             const FaceConstants& c, int x)
{
    if (eddy && manning) finishFace<true, true>(next, row, sums, speed, c, x);
    else if (eddy) finishFace<true, false>(next, row, sums, speed, c, x);
    else if (manning) finishFace<false, true>(next, row, sums, speed, c, x);
    else finishFace<false, false>(next, row, sums, speed, c, x);
}

// MomentumStep::acceleratedSpeed, then dischargesFromVelocities, for a run of interior faces in one
// pass (next: the clamped velocity, row.flows: the discharge): each face's neighbours
// are visited in the reference's order with the same float operations, and every partial sum
// stays in registers. The neighbour loop is unrolled at compile time (K), so the loop over x
// vectorises.
template <int N, int SharedTail, class Cone, bool Eddy, bool Manning>
RB_VECTOR_CLONES void accelerateFaceRun(float* __restrict next, FaceRow row, KeptSums kept, const FaceNeighbours<N, Cone>& neighbours,
                                        FaceConstants c, int x0, int x1)
{
    for (int x = x0; x < x1; ++x) {
        const float speed = row.speeds[x];
        const float qxHead = row.qx[x], qyHead = row.qy[x], uxHead = row.ux[x], uyHead = row.uy[x];
        const float qxTail = row.qx[x + row.tail], qyTail = row.qy[x + row.tail], uxTail = row.ux[x + row.tail], uyTail = row.uy[x + row.tail];
        const float qxFace = (0.0f + qxHead) + qxTail, qyFace = (0.0f + qyHead) + qyTail;
        const float uxFace = (0.0f + uxHead) + uxTail, uyFace = (0.0f + uyHead) + uyTail;
        NeighbourSums sums;
        [&]<int... K>(std::integer_sequence<int, K...>) __attribute__((always_inline)) {
            (
                [&]() __attribute__((always_inline)) {
                    float byDischarge, byVelocity; // the upwind shares of the upstream discharge and velocity
                    if constexpr (Cone::kAxesKnown) {
                        constexpr bool alongX = Cone::kAxis[K] == 0;
                        float q, u; // −(their component along the neighbour's axis); −c where the reference has −(0 + c): the same but for a zero's sign
                        if constexpr (K == SharedTail) {
                            q = -(alongX ? qxTail : qyTail), u = -(alongX ? uxTail : uyTail);
                        } else if constexpr (K == SharedTail + 1) {
                            q = -(alongX ? qxHead : qyHead), u = -(alongX ? uxHead : uyHead);
                        } else {
                            const std::ptrdiff_t head = x + neighbours.headCell[K], tail = x + neighbours.tailCell[K];
                            const float* __restrict cq = alongX ? row.qx : row.qy;
                            const float* __restrict cu = alongX ? row.ux : row.uy;
                            q = negatedMean(alongX ? qxFace : qyFace, cq[head], cq[tail]);
                            u = negatedMean(alongX ? uxFace : uyFace, cu[head], cu[tail]);
                        }
                        byDischarge = Cone::template upstream<K>(q), byVelocity = Cone::template upstream<K>(u);
                    } else {
                        float qx, qy, ux, uy; // −(the upstream discharge and velocity between the two faces)
                        if constexpr (K == SharedTail) {
                            qx = -(0.0f + qxTail), qy = -(0.0f + qyTail), ux = -(0.0f + uxTail), uy = -(0.0f + uyTail);
                        } else if constexpr (K == SharedTail + 1) {
                            qx = -(0.0f + qxHead), qy = -(0.0f + qyHead), ux = -(0.0f + uxHead), uy = -(0.0f + uyHead);
                        } else {
                            const std::ptrdiff_t head = x + neighbours.headCell[K], tail = x + neighbours.tailCell[K];
                            qx = negatedMean(qxFace, row.qx[head], row.qx[tail]), qy = negatedMean(qyFace, row.qy[head], row.qy[tail]);
                            ux = negatedMean(uxFace, row.ux[head], row.ux[tail]), uy = negatedMean(uyFace, row.uy[head], row.uy[tail]);
                        }
                        byDischarge = neighbours.cone[K].template upstreamOf<K>(qx, qy);
                        byVelocity = neighbours.cone[K].template upstreamOf<K>(ux, uy);
                    }
                    const float theirSpeed = row.speeds[x + neighbours.slot[K]];
                    const float difference = speed - theirSpeed;
                    sums.weights = sums.weights + byDischarge;
                    sums.weighted = sums.weighted + byDischarge * difference;
                    sums.velocityWeights = sums.velocityWeights + byVelocity;
                    sums.velocityWeighted = sums.velocityWeighted + byVelocity * difference;
                    if constexpr (Eddy) sums.differences += theirSpeed - speed;
                }(),
                ...);
        }(std::make_integer_sequence<int, N>{});
        kept.weights[x] = sums.weights, kept.weighted[x] = sums.weighted;
        kept.velocityWeights[x] = sums.velocityWeights, kept.velocityWeighted[x] = sums.velocityWeighted;
        kept.differences[x] = sums.differences;
        finishFace<Eddy, Manning>(next, row, sums, speed, c, x);
    }
}

// accelerateFaceRun for the family whose along-family neighbours sit at 2·family and 2·family + 1
// in the neighbour table, with or without eddy viscosity and Manning's friction.
template <int N, class Cone>
void accelerateFaceRow(int family, bool eddy, bool manning, float* next, const FaceRow& row, const KeptSums& kept,
                       const FaceNeighbours<N, Cone>& neighbours, const FaceConstants& c, int x0, int x1)
{
    const auto forFamily = [&]<int F>() {
        if (eddy && manning) accelerateFaceRun<N, 2 * F, Cone, true, true>(next, row, kept, neighbours, c, x0, x1);
        else if (eddy) accelerateFaceRun<N, 2 * F, Cone, true, false>(next, row, kept, neighbours, c, x0, x1);
        else if (manning) accelerateFaceRun<N, 2 * F, Cone, false, true>(next, row, kept, neighbours, c, x0, x1);
        else accelerateFaceRun<N, 2 * F, Cone, false, false>(next, row, kept, neighbours, c, x0, x1);
    };
    if (family == 0) forFamily.template operator()<0>();
    else if (family == 1) forFamily.template operator()<1>();
    else if constexpr (N >= 6) forFamily.template operator()<2>();
}

// Dry land is looked for in blocks of this many cells of a row (markDryBlocks).
constexpr int kDryBlock = 64;

// Over cells [x0, x1) of a row: the lowest water surface (bed + depth, as the overfall test adds
// them) and the highest bed of a cell holding more than `dryDepth`. A free overfall among faces
// whose cells all lie there needs lowest < highest (its lower cell's surface below its wet higher
// cell's bed). Eight running extremes, one per lane, so the loop vectorises without reordering a
// reduction; a NaN takes part in neither.
struct Levels {
    float lowestSurface, highestWetBed;
};
RB_VECTOR_CLONES Levels levelsOf(const float* __restrict bed, const float* __restrict depth, float dryDepth, int x0, int x1)
{
    typedef float Lanes __attribute__((vector_size(32))); // eight running extremes (GCC's vector extension)
    constexpr float kInfinity = std::numeric_limits<float>::infinity();
    Lanes lowest, highest;
    for (int j = 0; j < 8; ++j) lowest[j] = kInfinity, highest[j] = -kInfinity;
    const Lanes none = highest;
    int x = x0;
    for (; x + 8 <= x1; x += 8) {
        Lanes b, d;
        std::memcpy(&b, bed + x, sizeof b);
        std::memcpy(&d, depth + x, sizeof d);
        const Lanes surface = b + d, wetBed = d > dryDepth ? b : none;
        lowest = surface < lowest ? surface : lowest;
        highest = highest < wetBed ? wetBed : highest;
    }
    Levels levels{kInfinity, -kInfinity};
    for (int j = 0; j < 8; ++j) {
        levels.lowestSurface = lowest[j] < levels.lowestSurface ? lowest[j] : levels.lowestSurface;
        levels.highestWetBed = levels.highestWetBed < highest[j] ? highest[j] : levels.highestWetBed;
    }
    for (; x < x1; ++x) {
        const float surface = bed[x] + depth[x], wetBed = depth[x] > dryDepth ? bed[x] : -kInfinity;
        levels.lowestSurface = surface < levels.lowestSurface ? surface : levels.lowestSurface;
        levels.highestWetBed = levels.highestWetBed < wetBed ? wetBed : levels.highestWetBed;
    }
    return levels;
}

// Whether cells [x0, x1) of a row all hold at most `dryDepth` (a NaN depth is not dry).
bool allDry(const float* depth, float dryDepth, int x0, int x1)
{
    for (int x = x0; x < x1; ++x)
        if (!(depth[x] <= dryDepth)) return false; // wet water: most blocks stop at their first cell
    return true;
}

// A row of cells' F face families: the face each cell is the head of (at the cell's slot) and the
// one it is the tail of (ahead), with the family's direction and 1/face width.
template <int F>
struct CellFaces {
    std::array<const float*, F> flows{}, speeds{};
    std::array<std::ptrdiff_t, F> ahead{};
    std::array<float, F> dx{}, dy{}, perWidth{};
};

// MomentumStep::cellVector for a run of cells with all their faces, for discharges and velocities
// at once: Σ_faces d·component summed in its order (family by family, the tail-side face first),
// then the least-squares solve with the matrix every such cell shares. ByInverse: the determinant
// is a power of two (4 on the square lattice), so dividing by it is multiplying by its inverse,
// exactly, and four divisions per cell become products.
template <int F, bool ByInverse>
RB_VECTOR_CLONES void reconstructRun(float* __restrict qxOut, float* __restrict qyOut, float* __restrict uxOut, float* __restrict uyOut,
                                     const CellFaces<F>& faces, float mxx, float mxy, float myy, float determinant, int x0, int x1)
{
    const float inverse = 1.0f / determinant;
    const auto solved = [&](float value) __attribute__((always_inline)) { return ByInverse ? value * inverse : value / determinant; };
    for (int x = x0; x < x1; ++x) {
        float qx = 0.0f, qy = 0.0f, ux = 0.0f, uy = 0.0f;
#pragma GCC unroll 3
        for (int f = 0; f < F; ++f) {
            const float dx = faces.dx[f], dy = faces.dy[f];
            const float firstQ = faces.flows[f][x] * faces.perWidth[f], secondQ = faces.flows[f][x + faces.ahead[f]] * faces.perWidth[f];
            qx = (qx + dx * firstQ) + dx * secondQ;
            qy = (qy + dy * firstQ) + dy * secondQ;
            const float firstU = faces.speeds[f][x] * 1.0f, secondU = faces.speeds[f][x + faces.ahead[f]] * 1.0f;
            ux = (ux + dx * firstU) + dx * secondU;
            uy = (uy + dy * firstU) + dy * secondU;
        }
        qxOut[x] = solved(myy * qx - mxy * qy);
        qyOut[x] = solved(mxx * qy - mxy * qx);
        uxOut[x] = solved(myy * ux - mxy * uy);
        uyOut[x] = solved(mxx * uy - mxy * ux);
    }
}

// MomentumStep::limitOutflows' first half for a run of cells: what leaves each cell (summed family
// by family, the tail-side face first), and the scale that keeps it within the water it has.
template <int F>
RB_VECTOR_CLONES void scaleRun(float* __restrict scale, const float* __restrict depth, const CellRowFlows& faces, float cellArea, float dt, int x0,
                               int x1)
{
    for (int x = x0; x < x1; ++x) {
        float leaving = 0.0f;
#pragma GCC unroll 3
        for (int f = 0; f < F; ++f) leaving += larger(0.0f, -faces.flows[f][x]) + larger(0.0f, faces.flows[f][x + faces.ahead[f]]);
        const float available = depth[x] * cellArea;
        const float wanted = leaving * dt;
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

// scaleFacesRun for interior faces, whose new velocities are still in `next` (the velocities of
// the step before stay in `speeds` until every face has been accelerated).
RB_VECTOR_CLONES void scaleInteriorFacesRun(float* __restrict flows, float* __restrict speeds, const float* __restrict next,
                                            const float* __restrict scale, const float* __restrict tailScale, int x0, int x1)
{
    for (int x = x0; x < x1; ++x) {
        const float fromTail = tailScale[x], fromHead = scale[x];
        const float factor = flows[x] > 0.0f ? fromTail : fromHead;
        flows[x] *= factor;
        speeds[x] = next[x] * factor;
    }
}

// Continuity, rain and evaporation for a run of cells (MomentumStep::updateDepths); what rain and
// evaporation did to each float depth is kept for the ledger. Says whether any of that is not zero:
// a row of zeros adds +0 to the ledger, so its sum can be skipped.
template <int F>
RB_VECTOR_CLONES bool depthRun(float* __restrict depth, float* __restrict rained, float* __restrict evaporated, const CellRowFlows& faces,
                               float dtOverArea, float rainDepth, float evaporationDepth, int x0, int x1)
{
    int booked = 0;
    for (int x = x0; x < x1; ++x) {
        float net = 0.0f; // what enters minus what leaves, m³/s
#pragma GCC unroll 3
        for (int f = 0; f < F; ++f) net += faces.flows[f][x] - faces.flows[f][x + faces.ahead[f]];
        const float moved = depth[x] + dtOverArea * net;
        const float wetted = moved + rainDepth;
        const float updated = wetted - smaller(wetted, evaporationDepth);
        depth[x] = updated;
        rained[x] = wetted - moved;
        evaporated[x] = wetted - updated;
        booked |= static_cast<int>(rained[x] != 0.0f) | static_cast<int>(evaporated[x] != 0.0f);
    }
    return booked != 0;
}

} // namespace

MomentumFusedStep::MomentumFusedStep(const Lattice& lattice, const MomentumConstants& constants, const std::vector<BoundaryEdge>& edges,
                                     int threadCount)
    : MomentumStep(lattice, constants, edges, threadCount)
{
    buildStencils();
    collectEdgeFaces();
    cellQx_.assign(lattice.cellCount(), 0.0f);
    cellQy_.assign(lattice.cellCount(), 0.0f);
    cellUx_.assign(lattice.cellCount(), 0.0f);
    cellUy_.assign(lattice.cellCount(), 0.0f);
    for (int f = 0; f < lattice.familyCount(); ++f) accelerated_[static_cast<std::size_t>(f)].assign(lattice.paddedCount(), 0.0f);
    scale_.assign(lattice.paddedCount(), 1.0f); // the ghost ring stays 1: unlimited reservoirs
    dryBlocksPerRow_ = (lattice.width() + kDryBlock - 1) / kDryBlock;
    dryBlocks_.assign(static_cast<std::size_t>(dryBlocksPerRow_) * static_cast<std::size_t>(lattice.height()), 0);
    blockLevels_.resize(dryBlocks_.size());
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
                face.headCell = o.dy * width + o.dx;
                face.tailCell = (o.dy + nt.dy) * width + (o.dx + nt.dx);
                if (o.dx == t.dx && o.dy == t.dy) face.sharedCell = 1;           // its head is our tail
                else if (o.dx + nt.dx == 0 && o.dy + nt.dy == 0) face.sharedCell = 0; // its tail is our head
                s.neighbours.push_back(face);
            }
            s.pass = facePass(f, parity);
        }
}

MomentumFusedStep::ConeShape MomentumFusedStep::coneShape(const std::vector<Neighbour>& table)
{
    const auto all = [&](auto fits) {
        for (const Neighbour& n : table)
            if (!fits(n, table[static_cast<std::size_t>(n.nextInAngle)], table[static_cast<std::size_t>(n.previousInAngle)])) return false;
        return true;
    };
    if (table.size() == 4 && all(AxisCone::fits)) return ConeShape::Axis;
    if (table.size() == 6 && all(WideCone::fits)) return ConeShape::Wide;
    return ConeShape::General;
}

// Which one-pass loop the family's interior faces can take: accelerateFaceRun knows the along-family
// neighbours at 2f (sharing our tail) and 2f + 1 (sharing our head), and one cone shape for all.
MomentumFusedStep::FacePass MomentumFusedStep::facePass(int f, int parity) const
{
    const std::vector<Neighbour>& table = neighbours_[static_cast<std::size_t>(parity)];
    const std::vector<NeighbourFace>& faces = stencils_[static_cast<std::size_t>(parity)][static_cast<std::size_t>(f)].neighbours;
    for (std::size_t k = 0; k < table.size(); ++k) {
        const int shared = k == static_cast<std::size_t>(2 * f) ? 1 : k == static_cast<std::size_t>(2 * f + 1) ? 0 : -1;
        if (faces[k].sharedCell != shared) return FacePass::PerFace;
    }
    switch (coneShape(table)) {
    case ConeShape::Axis: return SquareCone::fits(table) ? FacePass::Square : FacePass::Axis;
    case ConeShape::Wide: return TriangleCone::fits(table) ? FacePass::Triangle : FacePass::Wide;
    case ConeShape::General: break;
    }
    return FacePass::PerFace;
}

void MomentumFusedStep::run(const MomentumFields& fields, const std::vector<BoundaryEdge>& edges, const std::vector<SourceCell>& sources,
                            VolumeLedger& ledger)
{
    reconstructCells(fields);
    accelerateFaces(fields); // and the interior faces' discharges (the reference's stage 4)
    setBoundaryFaces(fields, edges);
    limitOutflowsFast(fields); // and the interior faces' new velocities into place
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
#pragma omp parallel for schedule(dynamic, kRowsPerChunk) num_threads(threadCount_) if (threadCount_ > 1)
    for (int y = 0; y < height; ++y) {
        const bool interior = y >= 1 && y < height - 1 && width > 2;
        markDryBlocks(fields.bed, fields.depth, y);
        if (interior) reconstructInteriorRow(fields, y);
        for (int x = 0; x < width; x += interior ? width - 1 : 1) {
            const std::size_t cell = lattice_.index(x, y);
            cellVector(flows, true, x, y, cellQx_[cell], cellQy_[cell]);
            cellVector(speeds, false, x, y, cellUx_[cell], cellUy_[cell]);
        }
    }
}

void MomentumFusedStep::reconstructInteriorRow(const MomentumFields& fields, int y)
{
    if (lattice_.familyCount() == 2) reconstructInteriorRowWith<2>(fields, y);
    else reconstructInteriorRowWith<3>(fields, y);
}

template <int F>
void MomentumFusedStep::reconstructInteriorRowWith(const MomentumFields& fields, int y)
{
    const std::size_t rowCell = lattice_.index(0, y), rowSlot = lattice_.paddedIndex(0, y);
    CellFaces<F> faces;
    for (int f = 0; f < F; ++f) {
        const EdgeFamily& family = lattice_.family(f);
        const auto k = static_cast<std::size_t>(f);
        faces.flows[k] = fields.flows[k] + rowSlot;
        faces.speeds[k] = fields.speeds[k] + rowSlot;
        faces.ahead[k] = stencil(y, f).headSlot;
        faces.dx[k] = static_cast<float>(family.directionX);
        faces.dy[k] = static_cast<float>(family.directionY);
        faces.perWidth[k] = 1.0f / static_cast<float>(family.faceWidth);
    }
    const float mxx = interiorMxx_, mxy = interiorMxy_, myy = interiorMyy_;
    const float determinant = mxx * myy - mxy * mxy;
    int exponent = 0;
    const bool powerOfTwo = std::frexp(determinant, &exponent) == 0.5f && std::isnormal(1.0f / determinant);
    const auto run = powerOfTwo ? reconstructRun<F, true> : reconstructRun<F, false>;
    run(cellQx_.data() + rowCell, cellQy_.data() + rowCell, cellUx_.data() + rowCell, cellUy_.data() + rowCell, faces, mxx, mxy, myy, determinant, 1,
        lattice_.width() - 1);
}

// Stage 2, interior faces. Rows at least kMargin from the edge take the fast path in their middle.
void MomentumFusedStep::accelerateFaces(const MomentumFields& fields)
{
    const int height = lattice_.height();
    for (int f = 0; f < lattice_.familyCount(); ++f) previousSpeeds_[static_cast<std::size_t>(f)] = fields.speeds[static_cast<std::size_t>(f)];
    markOverfalls(fields);
#pragma omp parallel num_threads(threadCount_) if (threadCount_ > 1)
    {
        FaceSums kept(lattice_.width());
#pragma omp for schedule(dynamic, kRowsPerChunk)
        for (int y = 0; y < height; ++y)
            for (int f = 0; f < lattice_.familyCount(); ++f) {
                if (fastRow(f, y)) accelerateInteriorRow(fields, f, y, kMargin, lattice_.width() - kMargin, kept);
                const EdgeFaces& edge = edgeFaces_[static_cast<std::size_t>(f)];
                for (std::size_t i = edge.runStart[static_cast<std::size_t>(y)]; i < edge.runStart[static_cast<std::size_t>(y) + 1]; ++i)
                    accelerateInteriorRow(fields, f, y, edge.runs[i].x0, edge.runs[i].x1, kept);
                for (std::size_t i = edge.rowStart[static_cast<std::size_t>(y)]; i < edge.rowStart[static_cast<std::size_t>(y) + 1]; ++i)
                    accelerateEdgeFace(fields, f, edge.faces[i], y);
            }
    }
}

// The faces accelerateInteriorRow leaves out, row by row: the map's first and last kMargin rows
// and columns (all of a row whose family has no one-pass loop), boundary faces excepted. Those
// whose stencil is whole all the same (no wall and no cell off the map in it: most of the second
// row and column from the edge) are gathered in runs for the one-pass loop; the rest are taken
// face by face with the reference's functions.
void MomentumFusedStep::collectEdgeFaces()
{
    const int width = lattice_.width(), height = lattice_.height();
    for (int f = 0; f < lattice_.familyCount(); ++f) {
        EdgeFaces& edge = edgeFaces_[static_cast<std::size_t>(f)];
        edge.rowStart.assign(1, 0);
        edge.runStart.assign(1, 0);
        for (int y = 0; y < height; ++y) {
            const bool fast = fastRow(f, y);
            for (int x = 0; x < width; ++x) {
                if (fast && x == kMargin) x = width - kMargin; // the one-pass loop's
                const CellOffset t = lattice_.family(f).tailOffset(y);
                if (!lattice_.contains(x + t.dx, y + t.dy)) continue; // a boundary face
                FaceStencil around = faceStencil(f, x, y);
                if (!wholeStencil(f, x, y, around)) {
                    edge.faces.push_back({x, around});
                    continue;
                }
                const bool extends = edge.runs.size() > edge.runStart.back() && edge.runs.back().x1 == x;
                if (extends) ++edge.runs.back().x1;
                else edge.runs.push_back({x, x + 1});
            }
            edge.rowStart.push_back(edge.faces.size());
            edge.runStart.push_back(edge.runs.size());
        }
    }
}

// Whether the one-pass loop computes face (f, x, y) as the reference does: its family and row
// parity have one, and the face's open neighbours and their cells are all of the stencil's, at
// the stencil's offsets and in its order (the two along the family with their one shared cell,
// the others with four cells).
bool MomentumFusedStep::wholeStencil(int f, int x, int y, const FaceStencil& stencil) const
{
    const FamilyStencil& s = this->stencil(y, f);
    if (s.pass == FacePass::PerFace || stencil.count != static_cast<int>(s.neighbours.size())) return false;
    const auto head = static_cast<std::ptrdiff_t>(lattice_.index(x, y));
    const auto slot = static_cast<std::ptrdiff_t>(lattice_.paddedIndex(x, y));
    const auto at = [](std::ptrdiff_t index) { return static_cast<std::size_t>(index); };
    for (int k = 0; k < stencil.count; ++k) {
        const OpenNeighbour& open = stencil.open[static_cast<std::size_t>(k)];
        const NeighbourFace& n = s.neighbours[static_cast<std::size_t>(k)];
        if (open.index != k || open.slot != at(slot + n.slot)) return false;
        if (n.sharedCell >= 0) {
            const std::size_t shared = n.sharedCell == 0 ? at(head) : at(head + s.tailCell);
            if (open.cellCount != 1 || open.cells[0] != shared) return false;
        } else {
            const std::array<std::size_t, 4> cells{at(head), at(head + s.tailCell), at(head + n.headCell), at(head + n.tailCell)};
            if (open.cellCount != 4 || open.cells != cells) return false;
        }
    }
    return true;
}

// acceleratedSpeed and the discharge (MomentumStep::dischargesFromVelocities) for one face near the
// map's edge, its neighbours and cells looked up once when the step was built.
void MomentumFusedStep::accelerateEdgeFace(const MomentumFields& fields, int f, const EdgeFace& face, int y)
{
    const int x = face.x;
    const CellOffset t = lattice_.family(f).tailOffset(y);
    const std::size_t head = lattice_.index(x, y), tail = lattice_.index(x + t.dx, y + t.dy), slot = lattice_.paddedIndex(x, y);
    const FaceFlow flow = faceFlow(acceleratedSpeed(fields, f, x, y, face.stencil), fields.depth[head], fields.depth[tail], fields.bed[head],
                                   fields.bed[tail], c_.speedLimit, static_cast<float>(lattice_.family(f).faceWidth), kDryDepth);
    accelerated_[static_cast<std::size_t>(f)][slot] = flow.speed;
    fields.flows[static_cast<std::size_t>(f)][slot] = flow.discharge;
}

// MomentumStep::acceleratedSpeed for the faces of row y from kMargin to width − kMargin, where
// every face, cell and neighbour of the stencils is on the map and no wall is near.
void MomentumFusedStep::accelerateInteriorRow(const MomentumFields& fields, int f, int y, int x0, int x1, FaceSums& kept)
{
    const FamilyStencil& s = stencil(y, f);
    if (s.pass == FacePass::Square) accelerateInteriorRowWith<4, SquareCone>(fields, f, y, x0, x1, kept);
    else if (s.pass == FacePass::Axis) accelerateInteriorRowWith<4, AxisCone>(fields, f, y, x0, x1, kept);
    else if (s.pass == FacePass::Triangle) accelerateInteriorRowWith<6, TriangleCone>(fields, f, y, x0, x1, kept);
    else accelerateInteriorRowWith<6, WideCone>(fields, f, y, x0, x1, kept);
}

// The faces that are free overfalls, and their discharges as the step begins, for the reference's
// overfall rule (MomentumStep::overfallShare), which reads them after the one-pass loop has
// written the new ones. Faces off the map or with a cell off it are never overfalls (the
// reference asks only of neighbours with both cells on the map).
void MomentumFusedStep::markOverfalls(const MomentumFields& fields)
{
    const int height = lattice_.height();
    stepBed_ = fields.bed;
    stepDepth_ = fields.depth;
    if (overfallRows_.size() != static_cast<std::size_t>(height)) { // the first step: no row flagged yet
        overfallRows_.assign(static_cast<std::size_t>(height), 0);
        for (int f = 0; f < lattice_.familyCount(); ++f) {
            overfall_[static_cast<std::size_t>(f)].assign(lattice_.paddedCount(), 0);
            overfallColumns_[static_cast<std::size_t>(f)].assign(static_cast<std::size_t>(height), {});
            // Read only at the faces flagged, each written when flagged: left unset (no pass over the map).
            overfallFlows_[static_cast<std::size_t>(f)].reset(new float[lattice_.paddedCount()]);
        }
    }
    for (int f = 0; f < lattice_.familyCount(); ++f) previousFlows_[static_cast<std::size_t>(f)] = overfallFlows_[static_cast<std::size_t>(f)].get();
#pragma omp parallel for schedule(dynamic, kRowsPerChunk) num_threads(threadCount_) if (threadCount_ > 1)
    for (int y = 0; y < height; ++y) {
        bool found = false;
        for (int f = 0; f < lattice_.familyCount(); ++f) found = markOverfallRow(fields, f, y) || found;
        overfallRows_[static_cast<std::size_t>(y)] = found ? 1 : 0;
    }
}

// RB_IS_OVERFALL (StepContract.h; the reference's MomentumStep::isOverfall) as 1 or 0, both water
// surfaces added before the selects: the macro adds one in each arm, and GCC then leaves the loop
// unvectorised. The same sums and comparisons, so the same answer (the fused tests compare bitwise).
static inline int overfallFlag(float bHead, float hHead, float bTail, float hTail)
{
    const bool headLower = bHead < bTail;
    const float surfaceHead = bHead + hHead, surfaceTail = bTail + hTail;
    const float lowSurface = headLower ? surfaceHead : surfaceTail, highBed = headLower ? bTail : bHead;
    const float highDepth = headLower ? hTail : hHead;
    return static_cast<int>(lowSurface < highBed) & static_cast<int>(highDepth > MomentumStep::kDryDepth);
}

// The flags of faces [x0, x1) of a row (head cells at bed, depth; tail cells at bedTail,
// depthTail), and whether any is set.
static RB_VECTOR_CLONES int markOverfallRun(unsigned char* __restrict flags, const float* __restrict bed, const float* __restrict depth,
                                     const float* __restrict bedTail, const float* __restrict depthTail, int x0, int x1)
{
    int any = 0;
    for (int x = x0; x < x1; ++x) {
        const int flag = overfallFlag(bed[x], depth[x], bedTail[x], depthTail[x]);
        flags[x] = static_cast<unsigned char>(flag);
        any |= flag;
    }
    return any;
}

// The n ≤ 8 flags from `flags` as the bytes of a word, zeros beyond n: nonzero where any is set.
static std::uint64_t flagWord(const unsigned char* flags, int n)
{
    std::uint64_t word = 0;
    if (n == 8) std::memcpy(&word, flags, 8); // one load: every chunk but a row's last
    else std::memcpy(&word, flags, static_cast<std::size_t>(n));
    return word;
}

// One row of one family's faces: the flags in branch-free passes the compiler vectorises over the
// blocks that hold water (every flag there rewritten, so none is left from the step before), then,
// only in a row that has an overfall, their columns and discharges. Two passes over every face, a
// count and then the flags, cost 0.36 G of a river run's 2.80 G instructions (callgrind,
// docs/solver.md "Cures tried").
bool MomentumFusedStep::markOverfallRow(const MomentumFields& fields, int f, int y)
{
    const auto fi = static_cast<std::size_t>(f);
    std::vector<int>& columns = overfallColumns_[fi][static_cast<std::size_t>(y)];
    const bool flaggedBefore = !columns.empty(); // the step before left flags in this row
    columns.clear();
    const auto [x0, x1] = interiorFaces(f, y);
    if (x0 >= x1) return false;
    const CellOffset t = lattice_.family(f).tailOffset(y);
    const auto tail = static_cast<std::ptrdiff_t>(lattice_.index(x0 + t.dx, y + t.dy)) - static_cast<std::ptrdiff_t>(lattice_.index(x0, y));
    const float* __restrict bed = fields.bed + lattice_.index(0, y);
    const float* __restrict depth = fields.depth + lattice_.index(0, y);
    unsigned char* __restrict flags = overfall_[fi].data() + lattice_.paddedIndex(0, y);
    // A block of faces whose cells show no water surface below a wet cell's bed (markDryBlocks; dry
    // land, a sea or lake over its bed) has no overfall: it is not looked at, only cleared where the
    // step before flagged some.
    int any = 0, from = x0;
    const auto mark = [&](int a, int b) {
        if (a < b) any |= markOverfallRun(flags, bed, depth, bed + tail, depth + tail, a, b);
    };
    for (int block = x0 / kDryBlock; block * kDryBlock < x1; ++block) {
        if (dropPossible(y, y + t.dy, block)) continue;
        const int a = std::max(x0, block * kDryBlock), b = std::min(x1, (block + 1) * kDryBlock);
        mark(from, a);
        if (flaggedBefore) std::fill(flags + a, flags + b, static_cast<unsigned char>(0));
        from = b;
    }
    mark(from, x1);
    if (any == 0) return false;
    const float* flows = fields.flows[fi] + lattice_.paddedIndex(0, y);
    float* kept = overfallFlows_[fi].get() + lattice_.paddedIndex(0, y);
    for (int x = x0; x < x1; x += 8) // a flag is a byte 0 or 1: one bit of the word each
        for (std::uint64_t word = flagWord(flags + x, std::min(8, x1 - x)); word != 0; word &= word - 1) {
            const int i = x + std::countr_zero(word) / 8;
            columns.push_back(i), kept[i] = flows[i];
        }
    return true;
}

// Whether a face of row y may have an overfall among its neighbours (theirs lie within a row).
bool MomentumFusedStep::overfallNear(int y) const
{
    const int height = lattice_.height();
    for (int r = std::max(0, y - 1); r <= std::min(height - 1, y + 1); ++r)
        if (overfallRows_[static_cast<std::size_t>(r)]) return true;
    return false;
}


// Whether the reference adds advection at the face headed at (x, y): a face with both cells dry, or
// too thin to move, gets none, so the rule cannot change it (every dry slope is an "overfall"
// by the test, and such faces are most of the ones beside one on a map with dry land).
bool MomentumFusedStep::advects(const MomentumFields& fields, int x, int y, std::ptrdiff_t tailCell) const
{
    const auto head = static_cast<std::ptrdiff_t>(lattice_.index(x, y)), tail = head + tailCell;
    const float hHead = fields.depth[head], hTail = fields.depth[tail];
    if (std::max(hHead, hTail) <= kDryDepth) return false;
    return movingDepth(hHead, hTail, fields.bed[head], fields.bed[tail]) > kDryDepth;
}

template <int N, class Cone>
void MomentumFusedStep::accelerateInteriorRowWith(const MomentumFields& fields, int f, int y, int x0, int x1, FaceSums& keptRow)
{
    const EdgeFamily& family = lattice_.family(f);
    const FamilyStencil& s = stencil(y, f);
    const std::vector<Neighbour>& table = neighbours(y);
    FaceNeighbours<N, Cone> around;
    for (std::size_t k = 0; k < static_cast<std::size_t>(N); ++k) {
        const Neighbour& n = table[k];
        around.slot[k] = s.neighbours[k].slot;
        around.headCell[k] = s.neighbours[k].headCell;
        around.tailCell[k] = s.neighbours[k].tailCell;
        around.cone[k] = Cone::of(n, table[static_cast<std::size_t>(n.nextInAngle)], table[static_cast<std::size_t>(n.previousInAngle)]);
    }
    const std::size_t rowCell = lattice_.index(0, y);
    const FaceRow row{fields.flows[static_cast<std::size_t>(f)] + lattice_.paddedIndex(0, y),
                      fields.speeds[static_cast<std::size_t>(f)] + lattice_.paddedIndex(0, y),
                      fields.depth + rowCell,
                      fields.bed + rowCell,
                      cellQx_.data() + rowCell,
                      cellQy_.data() + rowCell,
                      cellUx_.data() + rowCell,
                      cellUy_.data() + rowCell,
                      s.tailCell};
    const auto pipeLength = static_cast<float>(family.pipeLength);
    const FaceConstants constants{c_.dt,
                                  c_.gravity / pipeLength,
                                  pipeLength,
                                  kDryDepth,
                                  c_.eddyViscosity * laplacian_,
                                  c_.frictionFactor,
                                  c_.dt * c_.manningTerm,
                                  static_cast<float>(family.directionX),
                                  static_cast<float>(family.directionY),
                                  c_.speedLimit,
                                  static_cast<float>(family.faceWidth)};
    float* next = accelerated_[static_cast<std::size_t>(f)].data() + lattice_.paddedIndex(0, y);
    const KeptSums kept{keptRow.weights.data(), keptRow.weighted.data(), keptRow.velocityWeights.data(), keptRow.velocityWeighted.data(),
                        keptRow.differences.data()};
    const auto accelerate = [&](int from, int to) {
        accelerateFaceRow(f, c_.eddyViscosity > 0.0f, c_.manningTerm > 0.0f, next, row, kept, around, constants, from, to);
    };
    // Faces whose two cells both hold at most the dry depth (dry land: much of an island's map)
    // come out of accelerateFaceRun as speed +0 and discharge +0: their velocity is 0 (larger(hHead,
    // hTail) ≤ dryDepth), clamped +0, and 0 times any depth is ±0, written +0 either way (a face
    // over a negative depth does not carry). Blocks of them are written so without the loop's work.
    const int tailRow = y + lattice_.family(f).tailOffset(y).dy;
    int wetFrom = x0;
    for (int block = x0 / kDryBlock; block * kDryBlock < x1; ++block) {
        if (!dryBlock(y, block) || !dryBlock(tailRow, block)) continue;
        const int from = std::max(x0, block * kDryBlock), to = std::min(x1, (block + 1) * kDryBlock);
        if (wetFrom < from) accelerate(wetFrom, from);
        std::fill(next + from, next + to, 0.0f);
        std::fill(row.flows + from, row.flows + to, 0.0f);
        wetFrom = to;
    }
    if (wetFrom < x1) accelerate(wetFrom, x1);
    if (!overfallNear(y)) return;
    // The free-overfall rule (a) (MomentumStep::advectionChange): after the usual sums, which the
    // loop kept, each overfall neighbour's change of share, neighbour by neighbour in the table's
    // order (so a face beside two takes them in the reference's order), found from the overfalls'
    // columns; then the faces whose sums changed are finished again. A face that takes no
    // advection keeps the loop's answer, as in the reference.
    const auto rowSlot = static_cast<std::ptrdiff_t>(lattice_.paddedIndex(0, y));
    const float* theirFlows = overfallFlows_[static_cast<std::size_t>(f)].get() + rowSlot;
    std::vector<int>& changed = keptRow.beside;
    changed.clear();
    [&]<int... K>(std::integer_sequence<int, K...>) {
        (
            [&]() {
                const int theirRow = y + table[K].offset.dy, dx = table[K].offset.dx;
                if (theirRow < 0 || theirRow >= lattice_.height()) return;
                const NeighbourFace& n = s.neighbours[static_cast<std::size_t>(K)];
                for (const int column : overfallColumns_[static_cast<std::size_t>(f)][static_cast<std::size_t>(theirRow)]) {
                    const int x = column - dx;
                    if (x < x0 || x >= x1 || !advects(fields, x, y, s.tailCell)) continue;
                    float qx = 0.0f, qy = 0.0f, count = 0.0f; // the discharge between the faces, summed as advectionChange does
                    const auto add = [&](std::ptrdiff_t cell) { qx += row.qx[cell], qy += row.qy[cell], count += 1.0f; };
                    if (n.sharedCell >= 0) add(n.sharedCell == 0 ? x : x + row.tail);
                    else add(x), add(x + row.tail), add(x + n.headCell), add(x + n.tailCell);
                    const bool moved = overfallChange<K>(around.cone[static_cast<std::size_t>(K)], -qx / count, -qy / count, theirFlows[x + n.slot],
                                                         row.speeds[x] - row.speeds[x + n.slot], constants, kept.weights[x], kept.weighted[x]);
                    if (moved && !keptRow.marked[static_cast<std::size_t>(x)]) keptRow.marked[static_cast<std::size_t>(x)] = 1, changed.push_back(x);
                }
            }(),
            ...);
    }(std::make_integer_sequence<int, N>{});
    for (const int x : changed) { // each face once, whatever the order: no face reads another's result
        keptRow.marked[static_cast<std::size_t>(x)] = 0;
        const NeighbourSums sums{kept.weights[x], kept.weighted[x], kept.velocityWeights[x], kept.velocityWeighted[x], kept.differences[x]};
        finishFaceAnyway(c_.eddyViscosity > 0.0f, c_.manningTerm > 0.0f, next, row, sums, row.speeds[x], constants, x);
    }
}

// Per block of kDryBlock cells of row y: whether the block and the cell on either side of it are
// dry, so that every face of the block whose head or tail lies in that row has a dry cell there;
// and over the same cells the levels that say whether a free overfall may be among them (levelsOf).
void MomentumFusedStep::markDryBlocks(const float* bed, const float* depth, int y)
{
    const int width = lattice_.width();
    const std::size_t first = static_cast<std::size_t>(y) * static_cast<std::size_t>(dryBlocksPerRow_);
    unsigned char* flags = dryBlocks_.data() + first;
    for (int block = 0; block < dryBlocksPerRow_; ++block) {
        const int x0 = std::max(0, block * kDryBlock - 1), x1 = std::min(width, (block + 1) * kDryBlock + 1);
        flags[block] = allDry(depth + lattice_.index(0, y), kDryDepth, x0, x1) ? 1 : 0;
        const Levels levels = levelsOf(bed + lattice_.index(0, y), depth + lattice_.index(0, y), kDryDepth, x0, x1);
        blockLevels_[first + static_cast<std::size_t>(block)] = {levels.lowestSurface, levels.highestWetBed};
    }
}

// The faces of row y with both cells on the map: [x0, x1), empty where the tail row is off it.
std::pair<int, int> MomentumFusedStep::interiorFaces(int f, int y) const
{
    const CellOffset t = lattice_.family(f).tailOffset(y);
    const int width = lattice_.width();
    if (y + t.dy < 0 || y + t.dy >= lattice_.height()) return {0, 0};
    return {std::max(0, -t.dx), std::min(width, width - t.dx)};
}

// Stage 5: every cell's scale, then every face scaled by its giving cell's.
void MomentumFusedStep::limitOutflowsFast(const MomentumFields& fields)
{
    const int width = lattice_.width(), height = lattice_.height(), families = lattice_.familyCount();
#pragma omp parallel for schedule(dynamic, kRowsPerChunk) num_threads(threadCount_) if (threadCount_ > 1)
    for (int y = 0; y < height; ++y) {
        const std::size_t rowSlot = lattice_.paddedIndex(0, y);
        const float* depth = fields.depth + lattice_.index(0, y);
        if (families == 2) scaleRun<2>(scale_.data() + rowSlot, depth, cellRowFlows(fields, y), c_.cellArea, c_.dt, 0, width);
        else scaleRun<3>(scale_.data() + rowSlot, depth, cellRowFlows(fields, y), c_.cellArea, c_.dt, 0, width);
    }
#pragma omp parallel for schedule(dynamic, kRowsPerChunk) num_threads(threadCount_) if (threadCount_ > 1)
    for (int y = 0; y < height; ++y)
        for (int f = 0; f < families; ++f) {
            const std::size_t rowSlot = lattice_.paddedIndex(0, y);
            const float* scale = scale_.data() + rowSlot;
            const float* tailScale = scale + stencil(y, f).tailSlot;
            float* flows = fields.flows[static_cast<std::size_t>(f)] + rowSlot;
            float* speeds = fields.speeds[static_cast<std::size_t>(f)] + rowSlot;
            const float* next = accelerated_[static_cast<std::size_t>(f)].data() + rowSlot;
            const auto [x0, x1] = interiorFaces(f, y); // the rest of the row: boundary faces, set in place
            scaleFacesRun(flows, speeds, scale, tailScale, 0, x0);
            scaleInteriorFacesRun(flows, speeds, next, scale, tailScale, x0, x1);
            scaleFacesRun(flows, speeds, scale, tailScale, x1, width);
        }
    for (int f = 0; f < families; ++f) {
        for (int x = -1; x <= width; ++x) scaleFace(fields, f, x, -1), scaleFace(fields, f, x, height); // the ghost ring
        for (int y = 0; y < height; ++y) scaleFace(fields, f, -1, y), scaleFace(fields, f, width, y);
    }
}

CellRowFlows MomentumFusedStep::cellRowFlows(const MomentumFields& fields, int y) const
{
    CellRowFlows faces;
    const std::size_t rowSlot = lattice_.paddedIndex(0, y);
    for (int f = 0; f < lattice_.familyCount(); ++f) {
        faces.flows[static_cast<std::size_t>(f)] = fields.flows[static_cast<std::size_t>(f)] + rowSlot;
        faces.ahead[static_cast<std::size_t>(f)] = stencil(y, f).headSlot;
    }
    return faces;
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
#pragma omp for schedule(dynamic, kRowsPerChunk)
        for (int y = 0; y < height; ++y) {
            float* depth = fields.depth + lattice_.index(0, y);
            const float* rainRow = scratch.b.data();
            const float* evaporationRow = scratch.c.data();
            const bool booked = families == 2 ? depthRun<2>(depth, scratch.b.data(), scratch.c.data(), cellRowFlows(fields, y), c_.dtOverArea,
                                                            c_.rainDepth, c_.evaporationDepth, 0, width)
                                              : depthRun<3>(depth, scratch.b.data(), scratch.c.data(), cellRowFlows(fields, y), c_.dtOverArea,
                                                            c_.rainDepth, c_.evaporationDepth, 0, width);
            double rain = 0.0, evaporation = 0.0;
            for (int x = 0; booked && x < width; ++x) {
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
    if (trace_) {
        trace_->rowRain.assign(rowRain_.begin(), rowRain_.begin() + height);
        trace_->rowEvaporation.assign(rowEvaporation_.begin(), rowEvaporation_.begin() + height);
    }
}

} // namespace rb
