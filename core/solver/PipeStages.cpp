#include "solver/PipeStages.h"

#include "solver/Stability.h"

#include <algorithm>
#include <cmath>

// The hot row loops are compiled twice, for AVX2 and for any x86-64, and the loader picks one at
// run time: a portable binary that still uses the wide vectors. Floating-point contraction stays
// off (ISO C++ mode), so both versions give bitwise the same results.
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
#define RB_VECTOR_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define RB_VECTOR_CLONES
#endif

namespace rb {
namespace {

// Outflow scaling leaves this fraction of a cell's water behind, so float rounding in the
// update can never take a depth below zero.
constexpr float kScaleMargin = 1.0f - 1e-6f;

} // namespace

StepConstants StepConstants::from(const SimParams& params, const Lattice& lattice)
{
    StepConstants c;
    c.dtSeconds = params.dt;
    c.cellArea = lattice.cellArea();
    c.dt = static_cast<float>(params.dt);
    c.gravity = static_cast<float>(params.gravity);
    c.frictionFactor = static_cast<float>(std::pow(1.0 - params.friction, params.dt));
    c.viscosityTerm = static_cast<float>(3.0 * params.dt * params.viscosity);
    c.depthPipes = params.pipe == PipeMode::Depth;
    c.constantArea = static_cast<float>(constantPipeArea(lattice));
    c.dtOverArea = static_cast<float>(params.dt / lattice.cellArea());
    c.rainDepth = static_cast<float>(params.rain * params.dt);
    c.evaporationDepth = static_cast<float>(params.evaporation * params.dt);
    return c;
}

void PipeStep::run(const std::vector<ViewBoundaryEdge>& edges, const std::vector<ViewSource>& sources, CellRect counted, VolumeLedger& ledger)
{
    setBoundaryFlows(edges);
    // Steps 2–4 as a pipeline down the rows, so the rows in use stay in the fastest cache. Each
    // stage reads only what earlier stages have finished and depths no update has touched yet:
    // scales of row i−1 need the flows headed on rows i−1 and i; scaling row i−1 needs the scales
    // of rows i−2 and i−1; updating row i−2 needs the scaled flows headed on rows i−2 and i−1;
    // and accelerating row i reads the depths of rows i−1 and i, which are updated later.
    const int height = view_.height;
    double rained = 0.0, evaporated = 0.0;
    for (int i = 0; i < height + 2; ++i) {
        if (i < height) accelerateFlows(i);
        if (i >= 1 && i - 1 < height) computeOutflowScales(i - 1);
        if (i >= 1) scaleOutflows(i - 1); // up to row `height`: the edges into the ring below the view
        if (i >= 2) updateDepths(i - 2, counted, rained, evaporated);
    }
    recordBoundaryFlows(edges, ledger);
    ledger.rain += rained * c_.cellArea;
    ledger.evaporation += evaporated * c_.cellArea;
    applyPointSources(sources, ledger);
}

float PipeStep::pipeArea(float upwindDepth, const EdgeFamily& family) const
{
    return c_.depthPipes ? upwindDepth * static_cast<float>(family.faceWidth) : c_.constantArea;
}

float PipeStep::viscousDamping(float q, float upwindDepth) const
{
    // The seed's viscosity: thin layers resist flow, deep ones hardly notice.
    const float h2 = upwindDepth * upwindDepth;
    const float damped = q * (h2 / (h2 + c_.viscosityTerm)); // computed either way, so loops vectorise
    return h2 > 0.0f ? damped : q;
}

void PipeStep::setBoundaryFlows(const std::vector<ViewBoundaryEdge>& edges)
{
    for (const ViewBoundaryEdge& e : edges) {
        float& q = view_.flows[static_cast<std::size_t>(e.family)][e.flowIndex];
        const float h = view_.depth[e.cell];
        const float b = view_.bed[e.cell];
        float inward = 0.0f; // flow into the map
        switch (e.type) {
        case BoundaryType::Wall:
            break;
        case BoundaryType::Inflow:
            inward = e.value;
            break;
        case BoundaryType::Sea:
        case BoundaryType::Outflow: {
            // The ghost cell has the interior cell's bed; its surface is the sea level, or the bed
            // itself for free outflow (so only the inside water pushes, and nothing can enter).
            const EdgeFamily& family = view_.lattice->family(e.family);
            const float outside = e.type == BoundaryType::Sea ? e.value : b;
            const float drop = outside - (b + h);
            const float upwindDepth = drop > 0.0f ? outside - b : h;
            const float l = static_cast<float>(family.pipeLength);
            inward = e.inward * q * c_.frictionFactor + c_.dt * c_.gravity * pipeArea(upwindDepth, family) / l * drop;
            if (c_.viscosityTerm > 0.0f) inward = viscousDamping(inward, inward > 0.0f ? upwindDepth : h);
            if (e.type == BoundaryType::Outflow) inward = std::min(inward, 0.0f);
            break;
        }
        }
        q = e.inward * inward;
    }
}

// Within a row every family's neighbours sit at a fixed offset, so the inner loops below run
// over plain pointers (stride 1) and vectorise.
RB_VECTOR_CLONES void PipeStep::accelerateFlows(int y)
{
    const int width = view_.width, height = view_.height;
    for (int f = 0; f < view_.lattice->familyCount(); ++f) {
        const EdgeFamily& family = view_.lattice->family(f);
        const CellOffset t = family.tailOffset(view_.mapRow(y));
        if (y + t.dy < 0 || y + t.dy >= height) continue;
        const float gdtOverL = c_.gravity * c_.dt / static_cast<float>(family.pipeLength);
        const float faceWidth = static_cast<float>(family.faceWidth);
        const float kf = c_.frictionFactor, constantArea = c_.constantArea;
        const bool depthPipes = c_.depthPipes;
        const int xBegin = std::max(0, -t.dx), n = std::min(width, width - t.dx) - xBegin;
        const float* bedHead = &view_.bed[view_.cell(xBegin, y)];
        const float* depthHead = &view_.depth[view_.cell(xBegin, y)];
        const float* bedTail = &view_.bed[view_.cell(xBegin + t.dx, y + t.dy)];
        const float* depthTail = &view_.depth[view_.cell(xBegin + t.dx, y + t.dy)];
        float* q = &view_.flow(f, xBegin, y);
        for (int i = 0; i < n; ++i) {
            const float drop = (bedTail[i] + depthTail[i]) - (bedHead[i] + depthHead[i]);
            // Depth pipes take the cross-section of the cell that pushes (the higher surface).
            const float area = depthPipes ? (drop > 0.0f ? depthTail[i] : depthHead[i]) * faceWidth : constantArea;
            q[i] = q[i] * kf + gdtOverL * area * drop;
        }
        if (c_.viscosityTerm > 0.0f)
            for (int i = 0; i < n; ++i) {
                const float tail = depthTail[i], head = depthHead[i];
                q[i] = viscousDamping(q[i], q[i] > 0.0f ? tail : head);
            }
    }
}

RB_VECTOR_CLONES void PipeStep::computeOutflowScales(int y)
{
    const int width = view_.width;
    const float cellArea = static_cast<float>(c_.cellArea);
    row_.resize(static_cast<std::size_t>(3 * width));
    float* leaving = row_.data();
    std::fill(leaving, leaving + width, 0.0f);
    for (int f = 0; f < view_.lattice->familyCount(); ++f) {
        const CellOffset h = view_.lattice->family(f).headOffset(view_.mapRow(y));
        const float* ending = &view_.flow(f, 0, y);              // edges that end here: negative flow leaves
        const float* starting = &view_.flow(f, h.dx, y + h.dy);  // edges that start here: positive flow leaves
        for (int x = 0; x < width; ++x) leaving[x] += std::max(0.0f, -ending[x]) + std::max(0.0f, starting[x]);
    }
    const float* depth = &view_.depth[view_.cell(0, y)];
    float* scale = &view_.scale[view_.padded(0, y)];
    for (int x = 0; x < width; ++x) {
        const float available = depth[x] * cellArea;
        const float wanted = leaving[x] * c_.dt;
        // Divide unconditionally (0/0 is discarded by the select) so the loop vectorises.
        const float limited = available / wanted * kScaleMargin;
        scale[x] = wanted > available ? limited : 1.0f;
    }
}

RB_VECTOR_CLONES void PipeStep::scaleOutflows(int y)
{
    // Every edge, ring ends included, scaled by the cell it leaves. Edges headed on row −1 have
    // no end inside the view; those on row `height` (the ring) do.
    const int width = view_.width;
    for (int f = 0; f < view_.lattice->familyCount(); ++f) {
        const CellOffset t = view_.lattice->family(f).tailOffset(view_.mapRow(y));
        const int xBegin = std::max(-1, -1 - t.dx), xEnd = std::min(width, width - t.dx);
        float* q = &view_.flow(f, xBegin, y);
        const float* headScale = &view_.scale[view_.padded(xBegin, y)];
        const float* tailScale = &view_.scale[view_.padded(xBegin + t.dx, y + t.dy)];
        for (int i = 0; i <= xEnd - xBegin; ++i) {
            const float tail = tailScale[i], head = headScale[i]; // both loaded, then selected: vectorises
            q[i] *= q[i] > 0.0f ? tail : head;
        }
    }
}

void PipeStep::recordBoundaryFlows(const std::vector<ViewBoundaryEdge>& edges, VolumeLedger& ledger)
{
    double in = 0.0, out = 0.0;
    for (const ViewBoundaryEdge& e : edges) {
        if (!e.counted) continue;
        const double inward = static_cast<double>(e.inward) * view_.flows[static_cast<std::size_t>(e.family)][e.flowIndex];
        (inward > 0.0 ? in : out) += std::abs(inward);
    }
    ledger.boundaryIn += in * c_.dtSeconds;
    ledger.boundaryOut += out * c_.dtSeconds;
}

RB_VECTOR_CLONES void PipeStep::updateDepths(int y, CellRect counted, double& rainTotal, double& evaporationTotal)
{
    // The ledger records what each change actually did to the float depths (the difference of
    // two nearby floats is exact), not the nominal amount: adding a tiny constant to a depth
    // rounds the same way every step, and that bias would otherwise pile up in the books.
    const int width = view_.width;
    const auto w = static_cast<std::size_t>(width);
    row_.resize(3 * w);
    float* net = row_.data();         // what enters minus what leaves, m³/s
    float* rained = net + w;          // what the rain added, m
    float* evaporated = rained + w;   // what evaporation took, m
    std::fill(net, net + width, 0.0f);
    for (int f = 0; f < view_.lattice->familyCount(); ++f) {
        const CellOffset h = view_.lattice->family(f).headOffset(view_.mapRow(y));
        const float* entering = &view_.flow(f, 0, y);
        const float* leaving = &view_.flow(f, h.dx, y + h.dy);
        for (int x = 0; x < width; ++x) net[x] += entering[x] - leaving[x];
    }
    float* depth = &view_.depth[view_.cell(0, y)];
    for (int x = 0; x < width; ++x) {
        const float moved = depth[x] + c_.dtOverArea * net[x];
        const float wetted = moved + c_.rainDepth;
        depth[x] = wetted - std::min(wetted, c_.evaporationDepth);
        rained[x] = wetted - moved;
        evaporated[x] = wetted - depth[x];
    }
    const bool weather = c_.rainDepth != 0.0f || c_.evaporationDepth != 0.0f;
    if (!weather || y < counted.y0 || y >= counted.y1) return;
    double rowRain = 0.0, rowEvaporation = 0.0;
    for (int x = counted.x0; x < counted.x1; ++x) {
        rowRain += static_cast<double>(rained[x]);
        rowEvaporation += static_cast<double>(evaporated[x]);
    }
    rainTotal += rowRain;
    evaporationTotal += rowEvaporation;
}

void PipeStep::applyPointSources(const std::vector<ViewSource>& sources, VolumeLedger& ledger)
{
    for (const ViewSource& s : sources) {
        float& depth = view_.depth[s.cell];
        const float before = depth;
        if (s.kind == PointSource::Kind::Spring) {
            depth += static_cast<float>(s.rate * c_.dtSeconds / c_.cellArea);
            if (s.counted) ledger.springs += static_cast<double>(depth - before) * c_.cellArea;
        } else {
            depth -= s.drainAll ? depth : std::min(depth, static_cast<float>(s.rate * c_.dtSeconds / c_.cellArea));
            if (s.counted) ledger.drains += static_cast<double>(before - depth) * c_.cellArea;
        }
    }
}

} // namespace rb
