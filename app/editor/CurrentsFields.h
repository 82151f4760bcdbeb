#pragma once

#include "model/MapState.h"

#include <cstring>
#include <vector>

namespace rb::editor {

// A map's stored steady current as the editor moves it around (a solve's result, what an undo
// puts back): the cells' east/south velocities (MapState::currents, two W×H fields, m/s) and the
// face fluxes the solvers keep (MapState::currentFlows, per edge family, m³/s). Both empty: none.
struct CurrentsFields {
    std::vector<FloatField> cells;
    std::vector<FloatField> flows;

    bool empty() const { return cells.empty(); }

    static CurrentsFields of(const MapState& state) { return {state.currents, state.currentFlows}; }
    void storeIn(MapState& state) const
    {
        state.currents = cells;
        state.currentFlows = flows;
    }

    // Byte for byte (== on floats would call -0 and 0 equal and a NaN unequal to itself).
    bool bitwiseEqual(const CurrentsFields& other) const { return sameBytes(cells, other.cells) && sameBytes(flows, other.flows); }

private:
    static bool sameBytes(const std::vector<FloatField>& a, const std::vector<FloatField>& b)
    {
        if (a.size() != b.size()) return false;
        for (std::size_t i = 0; i < a.size(); ++i) {
            const std::vector<float>& x = a[i].values();
            const std::vector<float>& y = b[i].values();
            if (a[i].width() != b[i].width() || x.size() != y.size()) return false;
            if (!x.empty() && std::memcmp(x.data(), y.data(), x.size() * sizeof(float)) != 0) return false;
        }
        return true;
    }
};

} // namespace rb::editor
