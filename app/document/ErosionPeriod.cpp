#include "document/ErosionPeriod.h"

#include "solver/Solver.h"

#include <algorithm>
#include <bit>
#include <climits>
#include <cstdint>

namespace rb::editor {

namespace {

std::vector<float> valuesIn(const std::vector<float>& field, int width, const CellRegion& rect)
{
    std::vector<float> values;
    values.reserve(rect.cellCount());
    for (int y = rect.y; y < rect.y + rect.height; ++y) {
        const auto row = field.begin() + static_cast<std::ptrdiff_t>(y) * width;
        values.insert(values.end(), row + rect.x, row + rect.x + rect.width);
    }
    return values;
}

ErosionPatch patchOf(const ErosionState& state, int width, const CellRegion& rect)
{
    return {rect, valuesIn(state.bed, width, rect), valuesIn(state.sediment, width, rect), valuesIn(state.deposition, width, rect),
            valuesIn(state.bedRemainder, width, rect), state.ledger};
}

} // namespace

// One whole read (a period starts and ends at a play and a pause, not every frame); a map that
// never eroded has no load or deposition yet: zeros.
ErosionState ErosionState::read(const Solver& solver)
{
    const MapState full = solver.readState();
    const std::size_t cells = full.lattice.cellCount();
    ErosionState state;
    state.time = full.time;
    state.width = full.lattice.width();
    state.bed = full.bed.values();
    state.sediment = full.sediment.empty() ? std::vector<float>(cells, 0.0f) : full.sediment.values();
    state.deposition = full.deposition.empty() ? std::vector<float>(cells, 0.0f) : full.deposition.values();
    state.bedRemainder = full.bedRemainder.empty() ? std::vector<float>(cells, 0.0f) : full.bedRemainder.values();
    state.ledger = full.sedimentLedger;
    return state;
}

CellRegion growToDifferences(CellRegion rect, const std::vector<float>& a, const std::vector<float>& b, int width)
{
    int x0 = rect.empty() ? width : rect.x, y0 = rect.empty() ? INT_MAX : rect.y;
    int x1 = rect.empty() ? -1 : rect.x + rect.width - 1, y1 = rect.empty() ? -1 : rect.y + rect.height - 1;
    for (std::size_t i = 0; i < a.size() && i < b.size(); ++i) {
        if (std::bit_cast<std::uint32_t>(a[i]) == std::bit_cast<std::uint32_t>(b[i])) continue;
        const int x = static_cast<int>(i % static_cast<std::size_t>(width)), y = static_cast<int>(i / static_cast<std::size_t>(width));
        x0 = std::min(x0, x), x1 = std::max(x1, x), y0 = std::min(y0, y), y1 = std::max(y1, y);
    }
    if (x1 < 0) return {};
    return CellRegion{x0, y0, x1 - x0 + 1, y1 - y0 + 1};
}

std::optional<ErosionPeriod> erosionPeriodBetween(const ErosionState& start, const ErosionState& end)
{
    const int width = end.width;
    CellRegion rect = growToDifferences({}, start.bed, end.bed, width);
    rect = growToDifferences(rect, start.sediment, end.sediment, width);
    rect = growToDifferences(rect, start.deposition, end.deposition, width);
    rect = growToDifferences(rect, start.bedRemainder, end.bedRemainder, width);
    if (rect.empty() && start.ledger == end.ledger) return std::nullopt;
    ErosionPeriod period;
    period.startTime = start.time;
    period.endTime = end.time;
    period.before = patchOf(start, width, rect);
    period.after = patchOf(end, width, rect);
    return period;
}

} // namespace rb::editor
