#include "solver/MomentumStep.h"

#include "solver/StepContract.h"

#include <algorithm>
#include <cmath>

namespace rb {
namespace {

using contract::kScaleMargin; // a limited cell keeps this fraction back (StepContract.h)

std::size_t cellIndex(const Lattice& lattice, int x, int y)
{
    return lattice.index(x, y);
}

} // namespace

MomentumConstants MomentumConstants::from(const SimParams& params, const Lattice& lattice)
{
    MomentumConstants c;
    c.dt = static_cast<float>(params.dt);
    c.dtSeconds = params.dt;
    c.gravity = static_cast<float>(params.gravity);
    c.frictionFactor = params.manning > 0.0 ? 1.0f : static_cast<float>(std::pow(1.0 - params.friction, params.dt));
    c.manningTerm = static_cast<float>(params.gravity * params.manning * params.manning);
    c.eddyViscosity = static_cast<float>(params.eddyViscosity);
    c.cellArea = static_cast<float>(lattice.cellArea());
    c.dtOverArea = static_cast<float>(params.dt / lattice.cellArea());
    c.rainDepth = static_cast<float>(params.rain * params.dt);
    c.evaporationDepth = static_cast<float>(params.evaporation * params.dt);
    c.speedLimit = static_cast<float>(MomentumStep::kSpeedLimitCourant * lattice.family(0).pipeLength / params.dt);
    return c;
}

MomentumStep::MomentumStep(const Lattice& lattice, const MomentumConstants& constants, const std::vector<BoundaryEdge>& edges,
                           int threadCount)
    : lattice_(lattice), c_(constants), threadCount_(std::max(1, threadCount))
{
    for (int f = 0; f < lattice.familyCount(); ++f) wall_[static_cast<std::size_t>(f)].assign(lattice.paddedCount(), 0);
    for (const BoundaryEdge& e : edges)
        if (e.type == BoundaryType::Wall) wall_[static_cast<std::size_t>(e.family)][e.flowIndex] = 1;
    shareInflows(edges);
    findAcrossFaces(edges);
    buildNeighbours();
    const auto count = static_cast<float>(neighbours_[0].size());
    const auto l = static_cast<float>(lattice.family(0).pipeLength);
    laplacian_ = 4.0f / (count * l * l);
}

// A cell's neighbours, by row parity: per family, the tail side (−direction) and the head side,
// each told which neighbours lie on either side of it in angle (for the upwind cones).
void MomentumStep::buildNeighbours()
{
    for (int parity = 0; parity < 2; ++parity) {
        std::vector<Neighbour>& list = neighbours_[static_cast<std::size_t>(parity)];
        for (int g = 0; g < lattice_.familyCount(); ++g) {
            const EdgeFamily& family = lattice_.family(g);
            const auto dx = static_cast<float>(family.directionX), dy = static_cast<float>(family.directionY);
            list.push_back({family.tailOffset(parity), -dx, -dy});
            list.push_back({family.headOffset(parity), dx, dy});
        }
        linkByAngle(list);
    }
}

void MomentumStep::linkByAngle(std::vector<Neighbour>& list)
{
    const auto angle = [&](int i) { return std::atan2(list[static_cast<std::size_t>(i)].directionY, list[static_cast<std::size_t>(i)].directionX); };
    std::vector<int> order(list.size());
    for (std::size_t i = 0; i < list.size(); ++i) order[i] = static_cast<int>(i);
    std::sort(order.begin(), order.end(), [&](int i, int j) { return angle(i) < angle(j); });
    const std::size_t n = order.size();
    for (std::size_t k = 0; k < n; ++k) {
        Neighbour& m = list[static_cast<std::size_t>(order[k])];
        m.nextInAngle = order[(k + 1) % n];
        m.previousInAngle = order[(k + n - 1) % n];
    }
    for (Neighbour& m : list) { // the cone decompositions' determinants, inverted once
        const Neighbour& next = list[static_cast<std::size_t>(m.nextInAngle)];
        const Neighbour& previous = list[static_cast<std::size_t>(m.previousInAngle)];
        m.inverseCrossToNext = 1.0f / (m.directionX * next.directionY - m.directionY * next.directionX);
        m.inverseCrossFromPrevious = 1.0f / (previous.directionX * m.directionY - previous.directionY * m.directionX);
    }
}

namespace {

// The side's inward normal in world space (x east, y south).
void inwardNormal(Side side, float& nx, float& ny)
{
    nx = side == Side::West ? 1.0f : side == Side::East ? -1.0f : 0.0f;
    ny = side == Side::North ? 1.0f : side == Side::South ? -1.0f : 0.0f;
}

} // namespace

// An inflow enters straight across its side. Where faces meet the side at an angle (the triangle
// lattice's diagonals) each carries its share of the normal flow: the segment's discharge split in
// proportion to how squarely each face crosses the side, so its momentum points into the map.
void MomentumStep::shareInflows(const std::vector<BoundaryEdge>& edges)
{
    inflow_.assign(edges.size(), 0.0f);
    std::vector<double> total, weight; // per segment: discharge and Σ projections
    for (const BoundaryEdge& e : edges) {
        if (e.type != BoundaryType::Inflow || e.segment < 0) continue;
        const auto s = static_cast<std::size_t>(e.segment);
        if (total.size() <= s) total.resize(s + 1, 0.0), weight.resize(s + 1, 0.0);
        total[s] += e.value;
        weight[s] += crossing(e);
    }
    for (std::size_t i = 0; i < edges.size(); ++i) {
        const BoundaryEdge& e = edges[i];
        if (e.type != BoundaryType::Inflow || e.segment < 0) continue;
        const auto s = static_cast<std::size_t>(e.segment);
        inflow_[i] = weight[s] > 0.0 ? static_cast<float>(total[s] * crossing(e) / weight[s]) : e.value;
    }
}

// Per boundary edge, the same family's face on the far side of its cell: the face an outgoing flow
// comes through before it leaves (setBoundaryFaces' advection).
void MomentumStep::findAcrossFaces(const std::vector<BoundaryEdge>& edges)
{
    acrossFace_.assign(edges.size(), 0);
    for (std::size_t i = 0; i < edges.size(); ++i) {
        const BoundaryEdge& e = edges[i];
        const int x = static_cast<int>(e.cell % static_cast<std::uint32_t>(lattice_.width()));
        const int y = static_cast<int>(e.cell / static_cast<std::uint32_t>(lattice_.width()));
        const CellOffset h = lattice_.family(e.family).headOffset(y);
        // Entering in the family's direction, the edge's face is the cell's own (tail side): the far
        // one is where the cell is the tail. Leaving in it, the other way round.
        acrossFace_[i] = e.inward > 0.0f ? lattice_.paddedIndex(x + h.dx, y + h.dy) : lattice_.paddedIndex(x, y);
    }
}

// How squarely a boundary face crosses its side: the inward face direction · the inward normal.
double MomentumStep::crossing(const BoundaryEdge& e) const
{
    float nx = 0.0f, ny = 0.0f;
    inwardNormal(e.side, nx, ny);
    const EdgeFamily& family = lattice_.family(e.family);
    return std::max(0.0, e.inward * (family.directionX * nx + family.directionY * ny));
}

bool MomentumStep::isFace(int family, int x, int y) const
{
    if (x < -1 || y < -1 || x > lattice_.width() || y > lattice_.height()) return false;
    const CellOffset t = lattice_.family(family).tailOffset(y);
    return lattice_.contains(x, y) || lattice_.contains(x + t.dx, y + t.dy);
}

bool MomentumStep::isOpenFace(int family, int x, int y) const
{
    return isFace(family, x, y) && !wall_[static_cast<std::size_t>(family)][lattice_.paddedIndex(x, y)];
}

void MomentumStep::run(const MomentumFields& fields, const std::vector<BoundaryEdge>& edges, const std::vector<SourceCell>& sources,
                       VolumeLedger& ledger)
{
    reconstructCellDischarges(fields);
    accelerateInteriorFaces(fields);
    setBoundaryFaces(fields, edges);
    dischargesFromVelocities(fields);
    limitOutflows(fields);
    recordBoundary(fields, edges, ledger);
    double rained = 0.0, evaporated = 0.0;
    updateDepths(fields, rained, evaporated);
    ledger.rain += rained * c_.cellArea;
    ledger.evaporation += evaporated * c_.cellArea;
    applySources(fields, sources, ledger);
}

// The vector at every cell from its faces' components along their families, by least squares
// over the faces that can carry flow (a wall's face says nothing about the flow along the wall):
// v = M⁻¹·Σ d_f·c_f with M = Σ d_f·d_fᵀ. With all its faces present this is Perot's
// reconstruction, (l/2S)·Σ_f (c_ending + c_starting)·d_f, exact for a uniform field.
void MomentumStep::reconstructCellVectors(const std::array<const float*, Lattice::kMaxFamilies>& components, bool perWidth,
                                          std::vector<float>& outX, std::vector<float>& outY) const
{
    const int width = lattice_.width(), height = lattice_.height();
    outX.assign(lattice_.cellCount(), 0.0f);
    outY.assign(lattice_.cellCount(), 0.0f);
#pragma omp parallel for schedule(static) num_threads(threadCount_) if (threadCount_ > 1)
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x) {
            const std::size_t cell = cellIndex(lattice_, x, y);
            cellVector(components, perWidth, x, y, outX[cell], outY[cell]);
        }
}

// One cell's vector; (0, 0) where too few faces can carry flow to tell a direction (walled in).
void MomentumStep::cellVector(const std::array<const float*, Lattice::kMaxFamilies>& components, bool perWidth, int x, int y,
                              float& outX, float& outY) const
{
    float mxx = 0.0f, mxy = 0.0f, myy = 0.0f, rx = 0.0f, ry = 0.0f;
    for (int f = 0; f < lattice_.familyCount(); ++f) {
        const EdgeFamily& family = lattice_.family(f);
        const CellOffset h = family.headOffset(y);
        const auto dx = static_cast<float>(family.directionX), dy = static_cast<float>(family.directionY);
        const float scale = perWidth ? 1.0f / static_cast<float>(family.faceWidth) : 1.0f;
        for (const std::size_t slot : {lattice_.paddedIndex(x, y), lattice_.paddedIndex(x + h.dx, y + h.dy)}) {
            if (wall_[static_cast<std::size_t>(f)][slot]) continue;
            const float c = components[static_cast<std::size_t>(f)][slot] * scale;
            mxx += dx * dx;
            mxy += dx * dy;
            myy += dy * dy;
            rx += dx * c;
            ry += dy * c;
        }
    }
    const float determinant = mxx * myy - mxy * mxy;
    if (determinant < contract::kMinDischargeFitDeterminant) {
        outX = outY = 0.0f;
        return;
    }
    outX = (myy * rx - mxy * ry) / determinant;
    outY = (mxx * ry - mxy * rx) / determinant;
}

void MomentumStep::reconstructCellDischarges(const MomentumFields& fields)
{
    std::array<const float*, Lattice::kMaxFamilies> flows{};
    std::array<const float*, Lattice::kMaxFamilies> speeds{};
    for (int f = 0; f < lattice_.familyCount(); ++f) {
        flows[static_cast<std::size_t>(f)] = fields.flows[static_cast<std::size_t>(f)];
        speeds[static_cast<std::size_t>(f)] = fields.speeds[static_cast<std::size_t>(f)];
    }
    reconstructCellVectors(flows, true, cellQx_, cellQy_);
    reconstructCellVectors(speeds, false, cellUx_, cellUy_);
}

// How much of the upstream discharge v (= −q̃, pointing to where the water comes from) neighbour
// n's direction takes: v written in the two neighbour directions on either side of it (adjacent
// in angle), and n's coefficient if n is one of them. A flow along a lattice line then takes its
// gradient along that line alone: the triangle lattice's diagonal-behind neighbours would
// otherwise add a cross-stream diffusion of about |u|·l/2, enough to dissolve a jet. On the
// square lattice this is max(0, v·o): the usual upwind difference in x and in y.
float MomentumStep::upwindShare(const Neighbour& n, float vx, float vy, int y) const
{
    const std::vector<Neighbour>& all = neighbours(y);
    const Neighbour& next = all[static_cast<std::size_t>(n.nextInAngle)];
    const Neighbour& previous = all[static_cast<std::size_t>(n.previousInAngle)];
    const auto cross = [](float ax, float ay, float bx, float by) { return ax * by - ay * bx; };
    const float a = cross(vx, vy, next.directionX, next.directionY) * n.inverseCrossToNext;
    const float b = cross(n.directionX, n.directionY, vx, vy) * n.inverseCrossToNext;
    if (a >= 0.0f && b >= 0.0f) return a;
    const float c = cross(previous.directionX, previous.directionY, vx, vy) * n.inverseCrossFromPrevious;
    const float d = cross(vx, vy, n.directionX, n.directionY) * n.inverseCrossFromPrevious;
    return c >= 0.0f && d >= 0.0f ? c : 0.0f;
}

namespace {

// Σ s_k and Σ s_k·(U − U_k) over the neighbours k upstream of a face (s_k > 0, their shares).
struct UpstreamSums {
    float weights = 0.0f;
    float weighted = 0.0f;

    void add(float share, float difference)
    {
        if (share <= 0.0f) return; // not upstream
        weights += share;
        weighted += share * difference;
    }
    // −min(rate, 1/Σ s_k)·Σ s_k·(U − U_k): at most all the way to the upstream mean.
    float limitedChange(float rate) const { return -std::min(rate, 1.0f / weights) * weighted; }
};

} // namespace

// The neighbours of face (family, x, y) that can carry flow, in the neighbour table's order, each
// with the cells whose discharge and velocity lie between the two faces: along the family the one
// cell they share (as in Stelling & Duinmeijer), across it those of the four (ours and theirs) on
// the map. Beyond the map or at a wall there is no gradient (free slip) and no stress.
MomentumStep::FaceStencil MomentumStep::faceStencil(int family, int x, int y) const
{
    FaceStencil stencil;
    const CellOffset t = lattice_.family(family).tailOffset(y);
    const std::vector<Neighbour>& table = neighbours(y);
    stencil.head = cellIndex(lattice_, x, y);
    stencil.tail = cellIndex(lattice_, x + t.dx, y + t.dy);
    for (std::size_t k = 0; k < table.size(); ++k) {
        const int nx = x + table[k].offset.dx, ny = y + table[k].offset.dy;
        if (!isOpenFace(family, nx, ny)) {
            stencil.missing |= 1u << k;
            continue;
        }
        const CellOffset nt = lattice_.family(family).tailOffset(ny);
        const int cells[4][2] = {{x, y}, {x + t.dx, y + t.dy}, {nx, ny}, {nx + nt.dx, ny + nt.dy}};
        const bool behind = cells[2][0] == cells[1][0] && cells[2][1] == cells[1][1]; // neighbour's head is our tail
        const bool ahead = cells[3][0] == cells[0][0] && cells[3][1] == cells[0][1];  // neighbour's tail is our head
        OpenNeighbour& open = stencil.open[static_cast<std::size_t>(stencil.count++)];
        open.index = static_cast<int>(k);
        open.slot = lattice_.paddedIndex(nx, ny);
        open.inside = lattice_.contains(cells[2][0], cells[2][1]) && lattice_.contains(cells[3][0], cells[3][1]);
        if (open.inside) {
            open.ownHead = cellIndex(lattice_, cells[2][0], cells[2][1]);
            open.ownTail = cellIndex(lattice_, cells[3][0], cells[3][1]);
        }
        for (int c = 0; c < 4; ++c) {
            const int cx = cells[c][0], cy = cells[c][1];
            if (!lattice_.contains(cx, cy)) continue;
            if ((behind && c != 1) || (ahead && c != 0)) continue; // only the shared cell
            open.cells[static_cast<std::size_t>(open.cellCount++)] = cellIndex(lattice_, cx, cy);
        }
    }
    return stencil;
}

// The change of U by advection over one step, −dt·(u·∇)U, upwind over the neighbouring faces k of
// the same family, in one of Stelling & Duinmeijer's (2003) two forms:
//  - momentum-conserving, (1/h̄)·Σ_k s_k(q̃_k)·(U − U_k)/l, s_k the upwind shares of q̃_k, the
//    discharge between the two faces (the mean of their cells'). Where the flow slows down or a
//    depth jumps (a bore) this keeps momentum, not energy, so shocks travel at the right speed;
//  - energy-head-conserving, Σ_k s_k(ũ_k)·(U − U_k)/l with the cells' velocities ũ_k in place of
//    q̃_k/h̄, where U exceeds its upstream neighbours (the flow accelerates, as in a rarefaction or
//    at a thinning front). There the momentum form loses head as at a sudden expansion: it held
//    Ritter's 1 mm front at 0.86 of its distance (docs/solver.md, "The Ritter front").
// The step moves U at most all the way to the weighted mean of its upwind neighbours (a convex
// combination: no new extremes), which is what keeps the thin water at a wet/dry front, where
// q̃/h̄ is large, from overshooting.
float MomentumStep::advectionChange(const FaceStencil& stencil, int family, int y, float speed, float faceDepth) const
{
    UpstreamSums byDischarge, byVelocity;
    std::array<float, 2 * Lattice::kMaxFamilies> upstreamX{}, upstreamY{}, differences{}; // per open neighbour: −q̃ and U − U_k
    for (int i = 0; i < stencil.count; ++i) {
        const OpenNeighbour& open = stencil.open[static_cast<std::size_t>(i)];
        if (open.cellCount == 0) continue;
        float qx = 0.0f, qy = 0.0f, ux = 0.0f, uy = 0.0f, count = 0.0f;
        for (int c = 0; c < open.cellCount; ++c) {
            const std::size_t cell = open.cells[static_cast<std::size_t>(c)];
            qx += cellQx_[cell];
            qy += cellQy_[cell];
            ux += cellUx_[cell];
            uy += cellUy_[cell];
            count += 1.0f;
        }
        const Neighbour& n = neighbours(y)[static_cast<std::size_t>(open.index)];
        const float difference = speed - previousSpeeds_[static_cast<std::size_t>(family)][open.slot];
        upstreamX[static_cast<std::size_t>(i)] = -qx / count, upstreamY[static_cast<std::size_t>(i)] = -qy / count;
        differences[static_cast<std::size_t>(i)] = difference;
        byDischarge.add(upwindShare(n, -qx / count, -qy / count, y), difference);
        byVelocity.add(upwindShare(n, -ux / count, -uy / count, y), difference);
    }
    // Free overfalls among the neighbours (rule (a)): after S&D's usual sums, each one's share
    // changed to overfallShare's. Added last, so a face with none has the usual sums' bits, and the
    // fused step and the kernels add the same change to their usual sums only where one is flagged.
    for (int i = 0; i < stencil.count; ++i) {
        const OpenNeighbour& open = stencil.open[static_cast<std::size_t>(i)];
        if (open.cellCount == 0 || !open.inside || !isOverfall(open.ownHead, open.ownTail)) continue;
        const auto k = static_cast<std::size_t>(i);
        addOverfallChange(family, neighbours(y)[static_cast<std::size_t>(open.index)], open.slot, upstreamX[k], upstreamY[k], differences[k], y,
                          byDischarge.weights, byDischarge.weighted);
    }
    // A face over a free overfall beside a wall or the map's edge: the water beyond counts as at
    // rest (U_k = 0), with the shares of the tail cell's flow. Left out (free slip), a 0.2 mm film
    // at the triangle's east wall ran its cliff face at the speed limit (docs/solver.md).
    if (stencil.missing != 0 && isOverfall(stencil.head, stencil.tail))
        for (std::size_t k = 0; k < neighbours(y).size(); ++k) {
            if (!(stencil.missing & (1u << k))) continue;
            const Neighbour& n = neighbours(y)[k];
            const std::size_t cell = stencil.tail;
            byDischarge.add(upwindShare(n, -cellQx_[cell], -cellQy_[cell], y), speed);
            byVelocity.add(upwindShare(n, -cellUx_[cell], -cellUy_[cell], y), speed);
        }
    const auto l = static_cast<float>(lattice_.family(family).pipeLength);
    // Accelerating: U beyond the upstream mean the energy-head form moves it towards (its own
    // shares, of the cells' velocities), on the same side of zero. Judged by the discharges' shares
    // instead, a face could take the energy-head form towards faces that the discharge does not
    // call upstream, or against its own direction: below a waterfall the sea's faces were pulled
    // to the film's speed (docs/solver.md, "Known limits of the waterfall").
    bool accelerating = false;
    if (byVelocity.weights > 0.0f && byVelocity.weighted * speed > 0.0f) {
        const float upstreamMean = speed - byVelocity.weighted / byVelocity.weights;
        accelerating = !(upstreamMean * speed < 0.0f);
    }
    if (accelerating) return byVelocity.limitedChange(c_.dt / l);
    if (byDischarge.weights <= 0.0f) return 0.0f;
    return byDischarge.limitedChange(c_.dt / (faceDepth * l));
}

// A neighbour face over a free overfall (the lower cell's surface below the higher cell's bed: the
// nappe separates from the bed) passes on at most its own discharge per width: the momentum its
// water brings into the pool below is its own flux Q·U, not the pool cell's sloshing discharge
// paired with the fall's speed (50 times more below a 10 m cliff: a 0.76 m hole in the sea,
// docs/solver.md, "Known limits of the waterfall"). On a bed without such a drop (bores, jets,
// dam breaks) the share is S&D's centred discharge, untouched.
bool MomentumStep::isOverfall(std::size_t head, std::size_t tail) const
{
    return RB_IS_OVERFALL(stepBed_[head], stepDepth_[head], stepBed_[tail], stepDepth_[tail], kDryDepth); // StepContract.h
}

// Neighbour n, a free overfall at padded slot `slot`: its share of the upstream discharge v with
// v's component along the family replaced by the face's own −Q/w (as the step began), capped at |Q/w|.
float MomentumStep::overfallShare(int family, const Neighbour& n, std::size_t slot, float vx, float vy, int y) const
{
    const EdgeFamily& f = lattice_.family(family);
    const auto dx = static_cast<float>(f.directionX), dy = static_cast<float>(f.directionY);
    const float perWidth = previousFlows_[static_cast<std::size_t>(family)][slot] / static_cast<float>(f.faceWidth);
    const float along = -perWidth - (vx * dx + vy * dy); // v = −q̃: its along component becomes −Q/w
    const float share = upwindShare(n, vx + along * dx, vy + along * dy, y);
    const float own = std::abs(perWidth);
    return share < own ? share : own;
}

// What rule (a) changes in the momentum form's sums for one overfall neighbour: its usual share
// (where upstream) out, overfallShare's (where upstream) in, as one difference. Σ s_k and
// Σ s_k·(U − U_k) then hold, up to rounding, the shares with the overfall's in place of the usual.
// The reference, the fused step and the kernels all add it this way, after the usual sums.
void MomentumStep::addOverfallChange(int family, const Neighbour& n, std::size_t slot, float vx, float vy, float difference, int y, float& weights,
                                     float& weighted) const
{
    const float usual = upwindShare(n, vx, vy, y), replaced = overfallShare(family, n, slot, vx, vy, y);
    const float change = (replaced > 0.0f ? replaced : 0.0f) - (usual > 0.0f ? usual : 0.0f);
    weights = weights + change;
    weighted = weighted + change * difference;
}

float MomentumStep::eddyDiffusion(const FaceStencil& stencil, int family, float speed) const
{
    float sum = 0.0f;
    for (int i = 0; i < stencil.count; ++i)
        sum += previousSpeeds_[static_cast<std::size_t>(family)][stencil.open[static_cast<std::size_t>(i)].slot] - speed;
    return c_.eddyViscosity * laplacian_ * sum;
}

void MomentumStep::accelerateInteriorFaces(const MomentumFields& fields)
{
    const int width = lattice_.width(), height = lattice_.height();
    stepBed_ = fields.bed;
    stepDepth_ = fields.depth;
    for (int f = 0; f < lattice_.familyCount(); ++f) {
        previousSpeeds_[static_cast<std::size_t>(f)] = fields.speeds[static_cast<std::size_t>(f)];
        previousFlows_[static_cast<std::size_t>(f)] = fields.flows[static_cast<std::size_t>(f)];
        accelerated_[static_cast<std::size_t>(f)].assign(lattice_.paddedCount(), 0.0f);
    }
    for (int f = 0; f < lattice_.familyCount(); ++f) {
        float* next = accelerated_[static_cast<std::size_t>(f)].data();
#pragma omp parallel for schedule(static) num_threads(threadCount_) if (threadCount_ > 1)
        for (int y = 0; y < height; ++y)
            for (int x = 0; x < width; ++x) {
                const CellOffset t = lattice_.family(f).tailOffset(y);
                if (!lattice_.contains(x + t.dx, y + t.dy)) continue; // a boundary face
                next[lattice_.paddedIndex(x, y)] = acceleratedSpeed(fields, f, x, y);
            }
    }
}

// An interior face's velocity after the surface gradient, advection, eddy viscosity and friction.
float MomentumStep::acceleratedSpeed(const MomentumFields& fields, int f, int x, int y) const
{
    return acceleratedSpeed(fields, f, x, y, faceStencil(f, x, y));
}

float MomentumStep::acceleratedSpeed(const MomentumFields& fields, int f, int x, int y, const FaceStencil& stencil) const
{
    const EdgeFamily& family = lattice_.family(f);
    const CellOffset t = family.tailOffset(y);
    const std::size_t head = cellIndex(lattice_, x, y), tail = cellIndex(lattice_, x + t.dx, y + t.dy);
    const float hHead = fields.depth[head], hTail = fields.depth[tail];
    if (std::max(hHead, hTail) <= kDryDepth) return 0.0f; // nothing here to move
    const float gOverL = c_.gravity / static_cast<float>(family.pipeLength);
    const float surfaceDrop = (fields.bed[tail] + hTail) - (fields.bed[head] + hHead);
    const float speed = fields.speeds[static_cast<std::size_t>(f)][lattice_.paddedIndex(x, y)];
    const float faceDepth = movingDepth(hHead, hTail, fields.bed[head], fields.bed[tail]);
    float u = speed + c_.dt * gOverL * surfaceDrop;
    if (faceDepth > kDryDepth) u += advectionChange(stencil, f, y, speed, faceDepth);
    if (c_.eddyViscosity > 0.0f) u += c_.dt * eddyDiffusion(stencil, f, speed);
    return applyFriction(u, faceSpeed(f, tail, head, u), faceDepth);
}

// The water above the higher of the two beds on the side the flow comes from.
float MomentumStep::upwindFaceDepth(const MomentumFields& fields, std::size_t tail, std::size_t head, float direction)
{
    const std::size_t upwind = direction > 0.0f ? tail : head;
    return fields.bed[upwind] + fields.depth[upwind] - std::max(fields.bed[head], fields.bed[tail]);
}

// The speed of the water at a face: its own component along the family, and across it what the
// two cells' velocities say (the face knows only one component).
float MomentumStep::faceSpeed(int family, std::size_t tail, std::size_t head, float along) const
{
    const EdgeFamily& f = lattice_.family(family);
    const auto dx = static_cast<float>(f.directionX), dy = static_cast<float>(f.directionY);
    const float ux = 0.5f * (cellUx_[tail] + cellUx_[head]), uy = 0.5f * (cellUy_[tail] + cellUy_[head]);
    const float across = -dy * ux + dx * uy;
    return std::sqrt(along * along + across * across);
}

float MomentumStep::applyFriction(float speed, float fullSpeed, float faceDepth) const
{
    if (c_.manningTerm <= 0.0f) return speed * c_.frictionFactor;
    // Manning, semi-implicit: u ← u / (1 + dt·g·n²·|u| / h^(4/3)) with |u| the whole speed (not
    // just this face's component, or oblique flows would feel less friction): cannot reverse the
    // flow, and calms thin films instead of blowing up in them.
    const float h = std::max(faceDepth, kDryDepth);
    return RB_MANNING_SLOWED(speed, c_.dt * c_.manningTerm, fullSpeed, h, std::cbrt); // StepContract.h
}

// The outside is a ghost cell with the interior cell's bed. Inflow: the discharge is given, and the
// water enters at its speed in the cell's depth, at most the critical speed (a film cannot take
// the discharge faster than that). Sea and free outflow: the face accelerates like an interior one
// towards a ghost surface at the sea level (sea; at the bed where the sea lies below it) or at the
// bed (outflow: nothing enters), and carries its momentum upwind along its family
// (boundaryAdvection). Every face is set from the speeds of the step before.
void MomentumStep::setBoundaryFaces(const MomentumFields& fields, const std::vector<BoundaryEdge>& edges)
{
    boundarySpeeds_.resize(edges.size());
    boundaryFlows_.resize(edges.size());
    for (std::size_t i = 0; i < edges.size(); ++i) {
        const BoundaryEdge& e = edges[i];
        const EdgeFamily& family = lattice_.family(e.family);
        const auto w = static_cast<float>(family.faceWidth);
        const auto l = static_cast<float>(family.pipeLength);
        const float* speeds = fields.speeds[static_cast<std::size_t>(e.family)];
        const float h = fields.depth[e.cell], b = fields.bed[e.cell];
        float inwardSpeed = 0.0f, inwardFlow = 0.0f;
        if (e.type == BoundaryType::Inflow) {
            const float perWidth = inflow_[i] / w;
            const float critical = std::cbrt(perWidth * perWidth / c_.gravity);
            inwardFlow = inflow_[i];
            inwardSpeed = perWidth / std::max(h, critical);
        } else if (e.type != BoundaryType::Wall) {
            const float outside = e.type == BoundaryType::Sea ? std::max(e.value, b) : b;
            const float outsideDepth = outside - b;
            const float previous = e.inward * speeds[e.flowIndex];
            float u = previous + c_.dt * c_.gravity / l * (outside - (b + h));
            u -= boundaryAdvection(previous, e.inward * speeds[acrossFace_[i]], l);
            u = applyFriction(u, std::abs(u), 0.5f * (h + outsideDepth));
            if (e.type == BoundaryType::Outflow) u = std::min(u, 0.0f);
            const float faceDepth = u > 0.0f ? outsideDepth : h;
            if (faceDepth > kDryDepth) {
                inwardSpeed = std::clamp(u, -c_.speedLimit, c_.speedLimit);
                inwardFlow = inwardSpeed * faceDepth * w;
            }
        }
        boundarySpeeds_[i] = e.inward * inwardSpeed;
        boundaryFlows_[i] = e.inward * inwardFlow;
    }
    for (std::size_t i = 0; i < edges.size(); ++i) {
        const BoundaryEdge& e = edges[i];
        fields.speeds[static_cast<std::size_t>(e.family)][e.flowIndex] = boundarySpeeds_[i];
        fields.flows[static_cast<std::size_t>(e.family)][e.flowIndex] = boundaryFlows_[i];
    }
}

// How much of a boundary face's inward velocity U the flow carries away in one step, upwind along
// its family as advectionChange does inside (energy-head form, at most all of the difference):
// entering, from the ghost cell, where the water is at rest; leaving, from the face across the cell
// (`across`, inward too). Without it only friction held such a face back: a 1 m sea pulled 50 m/s
// through a map's corner. With it an outflow settles where g·h = V·(V − V_across), at the critical
// speed √(g·h) below still water, and a sea enters at √(g·Δη).
float MomentumStep::boundaryAdvection(float previous, float across, float pipeLength) const
{
    const float upstream = previous > 0.0f ? 0.0f : across;
    return std::min(c_.dt / pipeLength * std::abs(previous), 1.0f) * (previous - upstream);
}

// Q = U·(water above the higher of the two beds, on the upwind side)·w. Taking the depth over
// the higher bed means a lake cannot empty itself over a sill below the sill's top, and a face
// whose upwind side holds no water carries nothing (its velocity is reset: no speed in dry land).
void MomentumStep::dischargesFromVelocities(const MomentumFields& fields)
{
    const int width = lattice_.width(), height = lattice_.height();
    for (int f = 0; f < lattice_.familyCount(); ++f) {
        const EdgeFamily& family = lattice_.family(f);
        const auto w = static_cast<float>(family.faceWidth);
        const float* next = accelerated_[static_cast<std::size_t>(f)].data();
        float* speeds = fields.speeds[static_cast<std::size_t>(f)];
        float* flows = fields.flows[static_cast<std::size_t>(f)];
#pragma omp parallel for schedule(static) num_threads(threadCount_) if (threadCount_ > 1)
        for (int y = 0; y < height; ++y)
            for (int x = 0; x < width; ++x) {
                const CellOffset t = family.tailOffset(y);
                if (!lattice_.contains(x + t.dx, y + t.dy)) continue;
                const std::size_t head = cellIndex(lattice_, x, y), tail = cellIndex(lattice_, x + t.dx, y + t.dy);
                const std::size_t slot = lattice_.paddedIndex(x, y);
                const float u = std::clamp(next[slot], -c_.speedLimit, c_.speedLimit);
                const float faceDepth = upwindFaceDepth(fields, tail, head, u);
                const bool carries = faceDepth > kDryDepth;
                speeds[slot] = carries ? u : 0.0f;
                flows[slot] = carries ? u * faceDepth * w : 0.0f;
            }
    }
}

void MomentumStep::limitOutflows(const MomentumFields& fields)
{
    const int width = lattice_.width(), height = lattice_.height();
    scale_.assign(lattice_.paddedCount(), 1.0f); // ghost cells are unlimited reservoirs
#pragma omp parallel for schedule(static) num_threads(threadCount_) if (threadCount_ > 1)
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x) {
            float leaving = 0.0f;
            for (int f = 0; f < lattice_.familyCount(); ++f) {
                const CellOffset h = lattice_.family(f).headOffset(y);
                const float* q = fields.flows[static_cast<std::size_t>(f)];
                leaving += std::max(0.0f, -q[lattice_.paddedIndex(x, y)]) + std::max(0.0f, q[lattice_.paddedIndex(x + h.dx, y + h.dy)]);
            }
            const float available = fields.depth[cellIndex(lattice_, x, y)] * c_.cellArea;
            const float wanted = leaving * c_.dt;
            if (wanted > available) scale_[lattice_.paddedIndex(x, y)] = available / wanted * kScaleMargin;
        }
    for (int f = 0; f < lattice_.familyCount(); ++f) {
        float* q = fields.flows[static_cast<std::size_t>(f)];
        float* u = fields.speeds[static_cast<std::size_t>(f)];
#pragma omp parallel for schedule(static) num_threads(threadCount_) if (threadCount_ > 1)
        for (int y = -1; y <= height; ++y)
            for (int x = -1; x <= width; ++x) {
                if (!isFace(f, x, y)) continue;
                const CellOffset t = lattice_.family(f).tailOffset(y);
                const std::size_t slot = lattice_.paddedIndex(x, y);
                const float factor = q[slot] > 0.0f ? scale_[lattice_.paddedIndex(x + t.dx, y + t.dy)] : scale_[slot];
                q[slot] *= factor;
                u[slot] *= factor;
            }
    }
}

void MomentumStep::recordBoundary(const MomentumFields& fields, const std::vector<BoundaryEdge>& edges, VolumeLedger& ledger) const
{
    double in = 0.0, out = 0.0;
    for (const BoundaryEdge& e : edges) {
        const double inward = static_cast<double>(e.inward) * fields.flows[static_cast<std::size_t>(e.family)][e.flowIndex];
        (inward > 0.0 ? in : out) += std::abs(inward);
        if (trace_) trace_->edgeInward.push_back(inward);
    }
    ledger.boundaryIn += in * c_.dtSeconds;
    ledger.boundaryOut += out * c_.dtSeconds;
}

// The ledger books what each change actually did to the float depths (as the pipes do).
void MomentumStep::updateDepths(const MomentumFields& fields, double& rained, double& evaporated)
{
    const int width = lattice_.width(), height = lattice_.height();
    std::vector<double> rowRain(static_cast<std::size_t>(height), 0.0), rowEvaporation(static_cast<std::size_t>(height), 0.0);
#pragma omp parallel for schedule(static) num_threads(threadCount_) if (threadCount_ > 1)
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x) {
            float net = 0.0f; // what enters minus what leaves, m³/s
            for (int f = 0; f < lattice_.familyCount(); ++f) {
                const CellOffset h = lattice_.family(f).headOffset(y);
                const float* q = fields.flows[static_cast<std::size_t>(f)];
                net += q[lattice_.paddedIndex(x, y)] - q[lattice_.paddedIndex(x + h.dx, y + h.dy)];
            }
            float& depth = fields.depth[cellIndex(lattice_, x, y)];
            const float moved = depth + c_.dtOverArea * net;
            const float wetted = moved + c_.rainDepth;
            const float updated = wetted - std::min(wetted, c_.evaporationDepth);
            depth = updated;
            rowRain[static_cast<std::size_t>(y)] += static_cast<double>(wetted - moved);
            rowEvaporation[static_cast<std::size_t>(y)] += static_cast<double>(wetted - updated);
        }
    for (int y = 0; y < height; ++y) {
        rained += rowRain[static_cast<std::size_t>(y)];
        evaporated += rowEvaporation[static_cast<std::size_t>(y)];
    }
    if (trace_) {
        trace_->rowRain = rowRain;
        trace_->rowEvaporation = rowEvaporation;
    }
}

void MomentumStep::applySources(const MomentumFields& fields, const std::vector<SourceCell>& sources, VolumeLedger& ledger) const
{
    for (const SourceCell& s : sources) {
        float& depth = fields.depth[s.cell];
        const float before = depth;
        if (s.kind == PointSource::Kind::Spring) {
            depth += static_cast<float>(s.rate * c_.dtSeconds / c_.cellArea);
            ledger.springs += static_cast<double>(depth - before) * c_.cellArea;
            if (trace_) trace_->sourceChange.push_back(static_cast<double>(depth - before));
        } else {
            depth -= s.drainAll ? depth : std::min(depth, static_cast<float>(s.rate * c_.dtSeconds / c_.cellArea));
            ledger.drains += static_cast<double>(before - depth) * c_.cellArea;
            if (trace_) trace_->sourceChange.push_back(static_cast<double>(before - depth));
        }
    }
}

std::vector<FloatField> MomentumStep::velocitiesFromFlows(const MapState& state, double gravity)
{
    const auto g = static_cast<float>(gravity);
    const Lattice& lattice = state.lattice;
    std::vector<FloatField> velocities;
    for (int f = 0; f < lattice.familyCount(); ++f) {
        const EdgeFamily& family = lattice.family(f);
        FloatField u(lattice.paddedWidth(), lattice.paddedHeight());
        const std::vector<float>& q = state.flows[static_cast<std::size_t>(f)].values();
        for (int y = -1; y <= lattice.height(); ++y)
            for (int x = -1; x <= lattice.width(); ++x) {
                const CellOffset t = family.tailOffset(y);
                const bool headInside = lattice.contains(x, y), tailInside = lattice.contains(x + t.dx, y + t.dy);
                if (!headInside && !tailInside) continue;
                const std::size_t slot = lattice.paddedIndex(x, y);
                float faceDepth = 0.0f;
                if (headInside && tailInside) {
                    const int ux = q[slot] > 0.0f ? x + t.dx : x, uy = q[slot] > 0.0f ? y + t.dy : y;
                    const float higherBed = std::max(state.bed(x, y), state.bed(x + t.dx, y + t.dy));
                    faceDepth = state.bed(ux, uy) + state.depth(ux, uy) - higherBed;
                } else {
                    faceDepth = headInside ? state.depth(x, y) : state.depth(x + t.dx, y + t.dy);
                }
                if (!(faceDepth > kDryDepth)) continue;
                const float speed = q[slot] / (faceDepth * static_cast<float>(family.faceWidth));
                const float most = kSeedFroude * std::sqrt(g * faceDepth);
                u.values()[slot] = std::clamp(speed, -most, most);
            }
        velocities.push_back(std::move(u));
    }
    return velocities;
}

} // namespace rb
