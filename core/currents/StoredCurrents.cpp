#include "currents/StoredCurrents.h"

#include "currents/CurrentsSolver.h"

#include <algorithm>
#include <cmath>

namespace rb {
namespace {

FloatField interiorFluxes(const CurrentField& field, int family)
{
    const Lattice& lattice = field.grid().lattice();
    FloatField flows(lattice.paddedWidth(), lattice.paddedHeight());
    for (int y = 0; y < lattice.height(); ++y)
        for (int x = 0; x < lattice.width(); ++x)
            flows[lattice.paddedIndex(x, y)] = static_cast<float>(field.edgeFlux(family, x, y));
    return flows;
}

// A face through an open side is stored at its head: the cell when the water comes in along the
// family's direction, else the ghost cell beyond it (the flux then points out of the map).
void addBoundaryFluxes(const CurrentField& field, std::vector<FloatField>& flows)
{
    const CurrentGrid& grid = field.grid();
    const Lattice& lattice = grid.lattice();
    for (std::size_t k = 0; k < grid.boundaryFaces().size(); ++k) {
        const BoundaryFace& face = grid.boundaryFaces()[k];
        const std::size_t cell = grid.cellOf(face.cell);
        const int x = static_cast<int>(cell % static_cast<std::size_t>(lattice.width()));
        const int y = static_cast<int>(cell / static_cast<std::size_t>(lattice.width()));
        const double inward = field.boundaryInflow()[k];
        FloatField& family = flows[static_cast<std::size_t>(face.family)];
        if (face.cellIsHead) {
            family[lattice.paddedIndex(x, y)] = static_cast<float>(inward);
        } else {
            const CellOffset head = lattice.family(face.family).headOffset(y);
            family[lattice.paddedIndex(x + head.dx, y + head.dy)] = static_cast<float>(-inward);
        }
    }
}

} // namespace

StoredCurrents storedCurrents(const CurrentsSolver& solver)
{
    StoredCurrents currents{{solver.east(), solver.south()}, {}};
    const CurrentField& field = solver.field();
    for (int f = 0; f < field.grid().lattice().familyCount(); ++f) currents.flows.push_back(interiorFluxes(field, f));
    addBoundaryFluxes(field, currents.flows);
    return currents;
}

StoredCurrents currentsOf(const MapState& state)
{
    return {state.currents, state.currentFlows};
}

void storeCurrents(MapState& state, StoredCurrents currents)
{
    state.currents = std::move(currents.cells);
    state.currentFlows = std::move(currents.flows);
}

void storeCurrents(MapState& state, const CurrentsSolver& solver)
{
    storeCurrents(state, storedCurrents(solver));
}

void clearCurrents(MapState& state)
{
    state.currents.clear();
    state.currentFlows.clear();
}

std::string checkCurrents(const Lattice& lattice, const std::vector<FloatField>& cells, const std::vector<FloatField>& flows)
{
    if (!cells.empty() && cells.size() != 2) return "the current must be two fields (east, south) or none";
    if (!flows.empty() && (cells.empty() || static_cast<int>(flows.size()) != lattice.familyCount()))
        return "the current's face fluxes must be one field per edge family, beside the cells' current";
    for (const FloatField& c : cells)
        if (c.width() != lattice.width() || c.height() != lattice.height()) return "the current's size does not match the map";
    for (const FloatField& f : flows)
        if (f.width() != lattice.paddedWidth() || f.height() != lattice.paddedHeight()) return "the current's face fluxes do not match the map";
    const auto finite = [](const FloatField& field) {
        return std::all_of(field.values().begin(), field.values().end(), [](float v) { return std::isfinite(v); });
    };
    if (!std::all_of(cells.begin(), cells.end(), finite) || !std::all_of(flows.begin(), flows.end(), finite))
        return "the current holds a value that is not a finite number";
    return {};
}

} // namespace rb
