#include "solver/MomentumStep.h"

#include <algorithm>
#include <cmath>

namespace rb {
namespace {

// As in the pipes' outflow scaling: a limited cell keeps this fraction back, so float rounding in
// the update can never take its depth below zero.
constexpr float kScaleMargin = 1.0f - 1e-6f;

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

MomentumStep::MomentumStep(const Lattice& lattice, const MomentumConstants& constants, int threadCount)
    : lattice_(lattice), c_(constants), threadCount_(std::max(1, threadCount))
{
    // A cell's neighbours, by row parity: per family, the tail side (−direction) and the head side.
    for (int parity = 0; parity < 2; ++parity)
        for (int g = 0; g < lattice.familyCount(); ++g) {
            const EdgeFamily& family = lattice.family(g);
            const auto dx = static_cast<float>(family.directionX), dy = static_cast<float>(family.directionY);
            neighbours_[static_cast<std::size_t>(parity)].push_back({family.tailOffset(parity), -dx, -dy});
            neighbours_[static_cast<std::size_t>(parity)].push_back({family.headOffset(parity), dx, dy});
        }
    const auto count = static_cast<float>(neighbours_[0].size());
    const auto l = static_cast<float>(lattice.family(0).pipeLength);
    // Σ_k max(0, v·o_k)·o_k = (N/4)·v for 4 or 6 evenly spread directions (1 on squares, 3/2 on
    // triangles): dividing by it makes the upwind gradient exact for a linear field.
    isotropy_ = count / 4.0f;
    laplacian_ = 4.0f / (count * l * l);
    perot_ = static_cast<float>(lattice.family(0).pipeLength / (2.0 * lattice.cellArea()));
}

bool MomentumStep::isFace(int family, int x, int y) const
{
    if (x < -1 || y < -1 || x > lattice_.width() || y > lattice_.height()) return false;
    const CellOffset t = lattice_.family(family).tailOffset(y);
    return lattice_.contains(x, y) || lattice_.contains(x + t.dx, y + t.dy);
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

// Perot's reconstruction: q_c = (1/S)·Σ_faces Q_out·r, r from the cell centre to the face. Each
// family gives its two faces, the one ending at the cell and the one starting there, both at
// ±(l/2) along the family: q_c = (l/2S)·Σ_f (Q_ending + Q_starting)·d_f. Exact for a uniform q.
void MomentumStep::reconstructCellDischarges(const MomentumFields& fields)
{
    const int width = lattice_.width(), height = lattice_.height();
    cellQx_.assign(lattice_.cellCount(), 0.0f);
    cellQy_.assign(lattice_.cellCount(), 0.0f);
#pragma omp parallel for schedule(static) num_threads(threadCount_) if (threadCount_ > 1)
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x) {
            float qx = 0.0f, qy = 0.0f;
            for (int f = 0; f < lattice_.familyCount(); ++f) {
                const EdgeFamily& family = lattice_.family(f);
                const CellOffset h = family.headOffset(y);
                const float* q = fields.flows[static_cast<std::size_t>(f)];
                const float sum = q[lattice_.paddedIndex(x, y)] + q[lattice_.paddedIndex(x + h.dx, y + h.dy)];
                qx += sum * static_cast<float>(family.directionX);
                qy += sum * static_cast<float>(family.directionY);
            }
            cellQx_[cellIndex(lattice_, x, y)] = perot_ * qx;
            cellQy_[cellIndex(lattice_, x, y)] = perot_ * qy;
        }
}

// The change of U by advection over one step, −dt·(u·∇)U, in the momentum-conserving upwind form
// of Stelling & Duinmeijer: (u·∇)U ≈ (1/h̄)·Σ_k max(0, −q̃_k·o_k)·(U − U_k)/l over the
// neighbouring faces k of the same family, q̃_k the discharge between the two faces (the mean of
// their cells'). Where a depth jumps (a bore) this keeps momentum, not energy, so shocks travel
// at the right speed. The step moves U at most all the way to the weighted mean of its upwind
// neighbours (a convex combination: no new extremes), which is what keeps the thin water at a
// wet/dry front, where q̃/h̄ is large, from overshooting.
float MomentumStep::advectionChange(int family, int x, int y, float speed, float faceDepth) const
{
    const CellOffset t = lattice_.family(family).tailOffset(y);
    float weights = 0.0f, weighted = 0.0f;
    for (const Neighbour& n : neighbours(y)) {
        const int nx = x + n.offset.dx, ny = y + n.offset.dy;
        if (!isFace(family, nx, ny)) continue; // beyond the map: no gradient (free slip)
        const CellOffset nt = lattice_.family(family).tailOffset(ny);
        const int cells[4][2] = {{x, y}, {x + t.dx, y + t.dy}, {nx, ny}, {nx + nt.dx, ny + nt.dy}};
        // Along the family the two faces share a cell: its discharge lies between them (as in
        // Stelling & Duinmeijer). Across it, the mean of the four cells.
        const bool behind = cells[2][0] == cells[1][0] && cells[2][1] == cells[1][1]; // neighbour's head is our tail
        const bool ahead = cells[3][0] == cells[0][0] && cells[3][1] == cells[0][1];  // neighbour's tail is our head
        float qx = 0.0f, qy = 0.0f, count = 0.0f;
        for (int c = 0; c < 4; ++c) {
            const int cx = cells[c][0], cy = cells[c][1];
            if (!lattice_.contains(cx, cy)) continue;
            if ((behind && c != 1) || (ahead && c != 0)) continue; // only the shared cell
            qx += cellQx_[cellIndex(lattice_, cx, cy)];
            qy += cellQy_[cellIndex(lattice_, cx, cy)];
            count += 1.0f;
        }
        if (count == 0.0f) continue;
        const float towardUs = -(qx * n.directionX + qy * n.directionY) / count;
        if (towardUs <= 0.0f) continue; // downstream neighbour
        weights += towardUs;
        weighted += towardUs * (speed - previousSpeeds_[static_cast<std::size_t>(family)][lattice_.paddedIndex(nx, ny)]);
    }
    if (weights <= 0.0f) return 0.0f;
    const float rate = c_.dt / (isotropy_ * faceDepth * static_cast<float>(lattice_.family(family).pipeLength));
    return -std::min(rate, 1.0f / weights) * weighted;
}

float MomentumStep::eddyDiffusion(int family, int x, int y, float speed) const
{
    float sum = 0.0f;
    for (const Neighbour& n : neighbours(y)) {
        const int nx = x + n.offset.dx, ny = y + n.offset.dy;
        if (!isFace(family, nx, ny)) continue; // no stress through the map's edge
        sum += previousSpeeds_[static_cast<std::size_t>(family)][lattice_.paddedIndex(nx, ny)] - speed;
    }
    return c_.eddyViscosity * laplacian_ * sum;
}

void MomentumStep::accelerateInteriorFaces(const MomentumFields& fields)
{
    const int width = lattice_.width(), height = lattice_.height();
    for (int f = 0; f < lattice_.familyCount(); ++f) {
        previousSpeeds_[static_cast<std::size_t>(f)] = fields.speeds[static_cast<std::size_t>(f)];
        accelerated_[static_cast<std::size_t>(f)].assign(lattice_.paddedCount(), 0.0f);
    }
    for (int f = 0; f < lattice_.familyCount(); ++f) {
        const EdgeFamily& family = lattice_.family(f);
        const float gOverL = c_.gravity / static_cast<float>(family.pipeLength);
        const float* speeds = fields.speeds[static_cast<std::size_t>(f)];
        float* next = accelerated_[static_cast<std::size_t>(f)].data();
#pragma omp parallel for schedule(static) num_threads(threadCount_) if (threadCount_ > 1)
        for (int y = 0; y < height; ++y)
            for (int x = 0; x < width; ++x) {
                const CellOffset t = family.tailOffset(y);
                if (!lattice_.contains(x + t.dx, y + t.dy)) continue; // a boundary face
                const std::size_t head = cellIndex(lattice_, x, y), tail = cellIndex(lattice_, x + t.dx, y + t.dy);
                const float hHead = fields.depth[head], hTail = fields.depth[tail];
                if (std::max(hHead, hTail) <= kDryDepth) continue; // nothing here to move
                const float surfaceDrop = (fields.bed[tail] + hTail) - (fields.bed[head] + hHead);
                const float speed = speeds[lattice_.paddedIndex(x, y)];
                const float faceDepth = 0.5f * (hHead + hTail);
                float u = speed + c_.dt * gOverL * surfaceDrop;
                if (faceDepth > kDryDepth) u += advectionChange(f, x, y, speed, faceDepth);
                if (c_.eddyViscosity > 0.0f) u += c_.dt * eddyDiffusion(f, x, y, speed);
                next[lattice_.paddedIndex(x, y)] = applyFriction(u, faceDepth);
            }
    }
}

// The water above the higher of the two beds on the side the flow comes from.
float MomentumStep::upwindFaceDepth(const MomentumFields& fields, std::size_t tail, std::size_t head, float direction)
{
    const std::size_t upwind = direction > 0.0f ? tail : head;
    return fields.bed[upwind] + fields.depth[upwind] - std::max(fields.bed[head], fields.bed[tail]);
}

float MomentumStep::applyFriction(float speed, float faceDepth) const
{
    if (c_.manningTerm <= 0.0f) return speed * c_.frictionFactor;
    // Manning, semi-implicit: u ← u / (1 + dt·g·n²·|u| / h^(4/3)), which cannot reverse the flow
    // and calms thin films instead of blowing up in them.
    const float h = std::max(faceDepth, kDryDepth);
    return speed / (1.0f + c_.dt * c_.manningTerm * std::abs(speed) / std::pow(h, 4.0f / 3.0f));
}

// The outside is a ghost cell with the interior cell's bed. Inflow: the discharge is given, and the
// water enters at its speed in the cell's depth, at most the critical speed (a film cannot take
// the discharge faster than that). Sea and free outflow: the face accelerates like an interior
// one towards a ghost surface at the sea level (sea) or at the bed (outflow: nothing enters).
void MomentumStep::setBoundaryFaces(const MomentumFields& fields, const std::vector<BoundaryEdge>& edges)
{
    for (const BoundaryEdge& e : edges) {
        const EdgeFamily& family = lattice_.family(e.family);
        const auto w = static_cast<float>(family.faceWidth);
        const float h = fields.depth[e.cell], b = fields.bed[e.cell];
        float inwardSpeed = 0.0f, inwardFlow = 0.0f;
        if (e.type == BoundaryType::Inflow) {
            const float perWidth = e.value / w;
            const float critical = std::cbrt(perWidth * perWidth / c_.gravity);
            inwardFlow = e.value;
            inwardSpeed = perWidth / std::max(h, critical);
        } else if (e.type != BoundaryType::Wall) {
            const float outside = e.type == BoundaryType::Sea ? e.value : b;
            const float outsideDepth = std::max(0.0f, outside - b);
            const float previous = e.inward * fields.speeds[static_cast<std::size_t>(e.family)][e.flowIndex];
            float u = previous + c_.dt * c_.gravity / static_cast<float>(family.pipeLength) * (outside - (b + h));
            u = applyFriction(u, 0.5f * (h + outsideDepth));
            if (e.type == BoundaryType::Outflow) u = std::min(u, 0.0f);
            const float faceDepth = u > 0.0f ? outsideDepth : h;
            if (faceDepth > kDryDepth) {
                inwardSpeed = std::clamp(u, -c_.speedLimit, c_.speedLimit);
                inwardFlow = inwardSpeed * faceDepth * w;
            }
        }
        fields.speeds[static_cast<std::size_t>(e.family)][e.flowIndex] = e.inward * inwardSpeed;
        fields.flows[static_cast<std::size_t>(e.family)][e.flowIndex] = e.inward * inwardFlow;
    }
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
}

void MomentumStep::applySources(const MomentumFields& fields, const std::vector<SourceCell>& sources, VolumeLedger& ledger) const
{
    for (const SourceCell& s : sources) {
        float& depth = fields.depth[s.cell];
        const float before = depth;
        if (s.kind == PointSource::Kind::Spring) {
            depth += static_cast<float>(s.rate * c_.dtSeconds / c_.cellArea);
            ledger.springs += static_cast<double>(depth - before) * c_.cellArea;
        } else {
            depth -= s.drainAll ? depth : std::min(depth, static_cast<float>(s.rate * c_.dtSeconds / c_.cellArea));
            ledger.drains += static_cast<double>(before - depth) * c_.cellArea;
        }
    }
}

std::vector<FloatField> MomentumStep::velocitiesFromFlows(const MapState& state)
{
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
                if (faceDepth > kDryDepth) u.values()[slot] = q[slot] / (faceDepth * static_cast<float>(family.faceWidth));
            }
        velocities.push_back(std::move(u));
    }
    return velocities;
}

} // namespace rb
