#include "solver/PipeStages.h"

#include "grid/VectorClones.h"
#include "solver/Stability.h"
#include "solver/StepContract.h"

#include <algorithm>
#include <cmath>

namespace rb {

using contract::kScaleMargin;

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

float StepConstants::gravityDtOverLength(const EdgeFamily& family) const
{
    return gravity * dt / static_cast<float>(family.pipeLength);
}

void PipeStep::run(const std::vector<ViewBoundaryEdge>& edges, const std::vector<ViewSource>& sources, CellRect counted, VolumeLedger& ledger)
{
    runSteps(1, edges, sources, counted, &ledger);
}

template <class RowOf> PipeStep::RowIndex PipeStep::indexByRow(std::size_t count, int rows, RowOf rowOf)
{
    RowIndex index;
    index.start.assign(static_cast<std::size_t>(rows) + 1, 0);
    for (std::size_t k = 0; k < count; ++k) ++index.start[static_cast<std::size_t>(rowOf(k)) + 1];
    for (std::size_t r = 1; r < index.start.size(); ++r) index.start[r] += index.start[r - 1];
    index.order.resize(count);
    std::vector<std::uint32_t> next(index.start.begin(), index.start.end() - 1);
    for (std::size_t k = 0; k < count; ++k) index.order[next[static_cast<std::size_t>(rowOf(k))]++] = static_cast<std::uint32_t>(k);
    return index;
}

void PipeStep::runSteps(int steps, const std::vector<ViewBoundaryEdge>& edges, const std::vector<ViewSource>& sources, CellRect counted,
                        VolumeLedger* ledgers, RowStream* stream, StepTrace* traces)
{
    // Within one step the stages run as a pipeline down the rows, so the rows in use stay in the
    // fastest cache. Iteration i of a step: boundary edges stored on row i, acceleration of row i,
    // scales of row i−1, scaling of row i−1 (up to row `height`: the edges into the ring below the
    // view), update of row i−2 and the point sources on it. Each stage reads only what earlier
    // stages have finished and depths no update has touched yet: scales of row i−1 need the flows
    // headed on rows i−1 and i; scaling row i−1 needs the scales of rows i−2 and i−1; updating row
    // i−2 needs the scaled flows headed on rows i−2 and i−1; accelerating row i (and a boundary
    // edge on row i) reads the depths of rows i−1 and i, which are updated later.
    const int height = view_.height, paddedWidth = view_.width + 2;
    const int rowsPerStep = height + 2;
    // A boundary edge's flow is stored on row −1 .. height; one on row −1 (never scaled) is set
    // with row 0. Its cell is on that row or the one above.
    const RowIndex edgeRows = indexByRow(edges.size(), height + 1, [&](std::size_t k) {
        return std::max(0, static_cast<int>(edges[k].flowIndex) / paddedWidth - 1);
    });
    const RowIndex sourceRows = indexByRow(sources.size(), height, [&](std::size_t k) { return static_cast<int>(sources[k].cell) / view_.width; });
    // Where each edge's flow and cell, and each source's cell, live (fixed for the sweep).
    std::vector<std::size_t> edgeFlowSlots(edges.size()), edgeCellSlots(edges.size()), sourceSlots(sources.size());
    for (std::size_t k = 0; k < edges.size(); ++k) {
        edgeFlowSlots[k] = view_.paddedSlot(edges[k].flowIndex);
        edgeCellSlots[k] = view_.cellSlot(edges[k].cell);
    }
    for (std::size_t k = 0; k < sources.size(); ++k) sourceSlots[k] = view_.cellSlot(sources[k].cell);
    const auto stepCount = static_cast<std::size_t>(steps);
    // Per step: each boundary edge's final inward flow and each source's change of depth, summed
    // in list order when the step ends (the order run() has always used), and rain/evaporation.
    std::vector<double> edgeInflow(stepCount * edges.size()), sourceChange(stepCount * sources.size());
    std::vector<double> rained(stepCount, 0.0), evaporated(stepCount, 0.0);

    auto iterate = [&](std::size_t s, int i) {
        if (i <= height)
            for (std::uint32_t k = edgeRows.start[static_cast<std::size_t>(i)]; k < edgeRows.start[static_cast<std::size_t>(i) + 1]; ++k)
                setBoundaryFlowAt(edges[edgeRows.order[k]], edgeFlowSlots[edgeRows.order[k]], edgeCellSlots[edgeRows.order[k]]);
        if (i < height) accelerateFlows(i);
        if (i >= 1 && i - 1 < height) computeOutflowScales(i - 1);
        if (i >= 1) {
            scaleOutflows(i - 1);
            for (std::uint32_t k = edgeRows.start[static_cast<std::size_t>(i - 1)]; k < edgeRows.start[static_cast<std::size_t>(i)]; ++k) {
                const ViewBoundaryEdge& e = edges[edgeRows.order[k]];
                edgeInflow[s * edges.size() + edgeRows.order[k]] = static_cast<double>(e.inward) * view_.flows[static_cast<std::size_t>(e.family)][edgeFlowSlots[edgeRows.order[k]]];
            }
        }
        if (i >= 2) {
            if (traces) { // each row's sums kept apart, then added as updateDepths adds them (0 + x is x)
                double rowRain = 0.0, rowEvaporation = 0.0;
                updateDepths(i - 2, counted, rowRain, rowEvaporation);
                rained[s] += rowRain;
                evaporated[s] += rowEvaporation;
                traces[s].rowRain.push_back(rowRain);
                traces[s].rowEvaporation.push_back(rowEvaporation);
            } else {
                updateDepths(i - 2, counted, rained[s], evaporated[s]);
            }
            for (std::uint32_t k = sourceRows.start[static_cast<std::size_t>(i - 2)]; k < sourceRows.start[static_cast<std::size_t>(i - 1)]; ++k)
                sourceChange[s * sources.size() + sourceRows.order[k]] = applyPointSourceAt(sources[sourceRows.order[k]], sourceSlots[sourceRows.order[k]]);
        }
    };
    auto finish = [&](std::size_t s) {
        VolumeLedger& ledger = ledgers[s];
        double in = 0.0, out = 0.0;
        for (std::size_t k = 0; k < edges.size(); ++k) {
            if (!edges[k].counted) continue;
            const double inward = edgeInflow[s * edges.size() + k];
            (inward > 0.0 ? in : out) += std::abs(inward);
        }
        ledger.boundaryIn += in * c_.dtSeconds;
        ledger.boundaryOut += out * c_.dtSeconds;
        ledger.rain += rained[s] * c_.cellArea;
        ledger.evaporation += evaporated[s] * c_.cellArea;
        for (std::size_t k = 0; k < sources.size(); ++k) {
            if (!sources[k].counted) continue;
            (sources[k].kind == PointSource::Kind::Spring ? ledger.springs : ledger.drains) += sourceChange[s * sources.size() + k] * c_.cellArea;
        }
        if (traces) {
            traces[s].edgeInward.assign(edgeInflow.begin() + static_cast<std::ptrdiff_t>(s * edges.size()), edgeInflow.begin() + static_cast<std::ptrdiff_t>((s + 1) * edges.size()));
            traces[s].sourceChange.assign(sourceChange.begin() + static_cast<std::ptrdiff_t>(s * sources.size()),
                                          sourceChange.begin() + static_cast<std::ptrdiff_t>((s + 1) * sources.size()));
        }
    };
    // The stream brings row i in as the first step reaches it, and takes row i−2 out as the last
    // step has updated it (its flows were final one iteration earlier).
    for (int sweep = 0; sweep < rowsPerStep + kStepLag * (steps - 1); ++sweep)
        for (int s = 0; s < steps; ++s) {
            const int i = sweep - kStepLag * s;
            if (i < 0) break;
            if (i >= rowsPerStep) continue;
            if (stream && s == 0 && i <= height) {
                if (i == 0) stream->loadRow(-1);
                stream->loadRow(i);
            }
            iterate(static_cast<std::size_t>(s), i);
            if (i == rowsPerStep - 1) finish(static_cast<std::size_t>(s));
            if (stream && s == steps - 1 && i >= 1) {
                stream->storeRow(i - 2);
                if (i == rowsPerStep - 1) stream->storeRow(height);
            }
        }
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
    for (const ViewBoundaryEdge& e : edges) setBoundaryFlow(e);
}

void PipeStep::setBoundaryFlowAt(const ViewBoundaryEdge& e, std::size_t flowSlot, std::size_t cellSlot)
{
    float& q = view_.flows[static_cast<std::size_t>(e.family)][flowSlot];
    const float h = view_.depth[cellSlot];
    const float b = view_.bed[cellSlot];
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

// Within a row every family's neighbours sit at a fixed offset, so the inner loops below run
// over plain pointers (stride 1) and vectorise.
RB_VECTOR_CLONES void PipeStep::accelerateFlows(int y)
{
    const int width = view_.width, height = view_.height;
    for (int f = 0; f < view_.lattice->familyCount(); ++f) {
        const EdgeFamily& family = view_.lattice->family(f);
        const CellOffset t = family.tailOffset(view_.mapRow(y));
        if (y + t.dy < 0 || y + t.dy >= height) continue;
        const float gdtOverL = c_.gravityDtOverLength(family);
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

namespace {

// The rows a cell's balance reads: per family, the flows of the edges that end at the cell
// (headed on its row, same column) and of those that start there (headed at the cell's head
// offset). Families are summed in order, in registers, with one loop over the row.
struct RowFlows {
    std::array<const float*, Lattice::kMaxFamilies> ending{};
    std::array<const float*, Lattice::kMaxFamilies> starting{};
};

template <int Families>
[[gnu::always_inline]] inline void scalesOfRow(const RowFlows& flows, const float* __restrict depth, float* __restrict scale, int width,
                                               float cellArea, float dt)
{
    for (int x = 0; x < width; ++x) {
        float leaving = 0.0f;
        for (int f = 0; f < Families; ++f) {
            // Edges that end here lose water when their flow is negative, those that start here when positive.
            leaving += std::max(0.0f, -flows.ending[static_cast<std::size_t>(f)][x]) + std::max(0.0f, flows.starting[static_cast<std::size_t>(f)][x]);
        }
        const float available = depth[x] * cellArea;
        const float wanted = leaving * dt;
        // Divide unconditionally (0/0 is discarded by the select) so the loop vectorises.
        const float limited = available / wanted * kScaleMargin;
        scale[x] = wanted > available ? limited : 1.0f;
    }
}

template <int Families, bool Weather>
[[gnu::always_inline]] inline void updateRow(const RowFlows& flows, float* __restrict depth, float* __restrict rained,
                                             float* __restrict evaporated, int width, const StepConstants& c)
{
    const float dtOverArea = c.dtOverArea, rainDepth = c.rainDepth, evaporationDepth = c.evaporationDepth;
    for (int x = 0; x < width; ++x) {
        float net = 0.0f; // what enters minus what leaves, m³/s
        for (int f = 0; f < Families; ++f) net += flows.ending[static_cast<std::size_t>(f)][x] - flows.starting[static_cast<std::size_t>(f)][x];
        const float moved = depth[x] + dtOverArea * net;
        const float wetted = moved + rainDepth;
        const float updated = wetted - std::min(wetted, evaporationDepth);
        depth[x] = updated;
        if (Weather) {
            rained[x] = wetted - moved;
            evaporated[x] = wetted - updated;
        }
    }
}

} // namespace

RB_VECTOR_CLONES void PipeStep::computeOutflowScales(int y)
{
    const int width = view_.width;
    RowFlows flows;
    for (int f = 0; f < view_.lattice->familyCount(); ++f) {
        const CellOffset h = view_.lattice->family(f).headOffset(view_.mapRow(y));
        flows.ending[static_cast<std::size_t>(f)] = &view_.flow(f, 0, y);
        flows.starting[static_cast<std::size_t>(f)] = &view_.flow(f, h.dx, y + h.dy);
    }
    const float* depth = &view_.depth[view_.cell(0, y)];
    float* scale = &view_.scale[view_.padded(0, y)];
    const auto cellArea = static_cast<float>(c_.cellArea);
    if (view_.lattice->familyCount() == 2)
        scalesOfRow<2>(flows, depth, scale, width, cellArea, c_.dt);
    else
        scalesOfRow<3>(flows, depth, scale, width, cellArea, c_.dt);
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
        const double inward = static_cast<double>(e.inward) * view_.flows[static_cast<std::size_t>(e.family)][view_.paddedSlot(e.flowIndex)];
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
    RowFlows flows;
    for (int f = 0; f < view_.lattice->familyCount(); ++f) {
        const CellOffset h = view_.lattice->family(f).headOffset(view_.mapRow(y));
        flows.ending[static_cast<std::size_t>(f)] = &view_.flow(f, 0, y);             // entering
        flows.starting[static_cast<std::size_t>(f)] = &view_.flow(f, h.dx, y + h.dy); // leaving
    }
    const bool weather = (c_.rainDepth != 0.0f || c_.evaporationDepth != 0.0f) && y >= counted.y0 && y < counted.y1;
    float* rained = nullptr;     // what the rain added, m
    float* evaporated = nullptr; // what evaporation took, m
    if (weather) {
        row_.resize(2 * static_cast<std::size_t>(width));
        rained = row_.data();
        evaporated = rained + width;
    }
    float* depth = &view_.depth[view_.cell(0, y)];
    const bool square = view_.lattice->familyCount() == 2;
    if (square && weather) updateRow<2, true>(flows, depth, rained, evaporated, width, c_);
    else if (square) updateRow<2, false>(flows, depth, rained, evaporated, width, c_);
    else if (weather) updateRow<3, true>(flows, depth, rained, evaporated, width, c_);
    else updateRow<3, false>(flows, depth, rained, evaporated, width, c_);
    if (!weather) return;
    double rowRain = 0.0, rowEvaporation = 0.0;
    for (int x = counted.x0; x < counted.x1; ++x) {
        rowRain += static_cast<double>(rained[x]);
        rowEvaporation += static_cast<double>(evaporated[x]);
    }
    rainTotal += rowRain;
    evaporationTotal += rowEvaporation;
}

double PipeStep::applyPointSourceAt(const ViewSource& s, std::size_t cellSlot)
{
    float& depth = view_.depth[cellSlot];
    const float before = depth;
    if (s.kind == PointSource::Kind::Spring) {
        depth += static_cast<float>(s.rate * c_.dtSeconds / c_.cellArea);
        return static_cast<double>(depth - before);
    }
    depth -= s.drainAll ? depth : std::min(depth, static_cast<float>(s.rate * c_.dtSeconds / c_.cellArea));
    return static_cast<double>(before - depth);
}

} // namespace rb
