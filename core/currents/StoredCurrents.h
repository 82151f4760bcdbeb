#pragma once

#include "model/Field.h"
#include "model/MapState.h"

#include <string>
#include <vector>

namespace rb {

class CurrentsSolver;

// A steady current as a map keeps it (MapState::currents, MapState::currentFlows): the cells'
// velocities for display and export, and the faces' volume fluxes that carry dye
// (transport/CurrentDrift). Both empty: no current.
struct StoredCurrents {
    std::vector<FloatField> cells; // east, south (m/s), W×H each
    std::vector<FloatField> flows; // per edge family (m³/s, tail → head), padded, at the head cell

    bool empty() const { return cells.empty(); }
    bool operator==(const StoredCurrents&) const = default;
};

// The solver's result in the map's layout: interior faces carry the projected fluxes, the faces
// through open sides their prescribed (balanced) fluxes, at the ghost cell when the head lies
// outside the map; every other face 0. Divergence-free cell by cell as the solver left it.
StoredCurrents storedCurrents(const CurrentsSolver& solver);

StoredCurrents currentsOf(const MapState& state);
void storeCurrents(MapState& state, StoredCurrents currents);
void storeCurrents(MapState& state, const CurrentsSolver& solver);
void clearCurrents(MapState& state);

// Empty when `cells` are none or two W×H fields and `flows` none (only beside cells) or one padded
// field per edge family, every value finite; else the problem.
std::string checkCurrents(const Lattice& lattice, const std::vector<FloatField>& cells, const std::vector<FloatField>& flows);

} // namespace rb
