#pragma once

#include "currents/CurrentsSettings.h"
#include "lattice/Lattice.h"
#include "model/Field.h"

#include <cstdint>
#include <vector>

namespace rb {

// A face between two wet cells: its velocity is an unknown of the currents solver. Cells are
// numbered over the wet cells only (CurrentGrid::cellOf).
struct InteriorFace {
    std::int32_t tail = 0;
    std::int32_t head = 0;
    std::int32_t family = 0;
    double flowArea = 0.0;    // h_e·w_e (m²): flux = flowArea · u_e, u_e along tail → head
    double conductance = 0.0; // h_e·w_e/l_e: the face's weight in the projection's Poisson matrix
};

// A face between a wet cell and the outside of the map through a side named by a current: its
// flux is prescribed, speed · inwardArea into the cell.
struct BoundaryFace {
    std::int32_t cell = 0;
    std::int32_t family = 0;
    std::int32_t side = 0;   // Side
    bool cellIsHead = true;  // the face's tail → head direction points into the map
    double inwardArea = 0.0; // h·w·(n_in · d_in) (m²), d_in the unit vector from outside to the cell
};

// The water region of a map as the currents solver sees it: the wet cells (deeper than
// currentDepthThreshold(): shallower water is coast), the faces between them, the faces through open sides, and which cells
// are connected to which (each connected sea balances its own inflow and outflow). Keeps a
// reference to the lattice, which must outlive it.
class CurrentGrid {
public:
    CurrentGrid(const Lattice& lattice, const FloatField& depth, const CurrentsSettings& settings);

    const Lattice& lattice() const { return lattice_; }
    std::int32_t wetCount() const { return static_cast<std::int32_t>(cells_.size()); }
    std::size_t cellOf(std::int32_t wet) const { return cells_[static_cast<std::size_t>(wet)]; } // lattice index
    std::int32_t wetOf(std::size_t cell) const { return wet_[cell]; }                            // −1: land
    double depth(std::int32_t wet) const { return depth_[static_cast<std::size_t>(wet)]; }
    const std::vector<InteriorFace>& faces() const { return faces_; }
    const std::vector<BoundaryFace>& boundaryFaces() const { return boundary_; }
    // The face of `family` whose head is lattice cell (x, y), −1 when it is not an interior face.
    std::int32_t faceAt(int family, int x, int y) const;
    std::int32_t componentCount() const { return components_; }
    std::int32_t component(std::int32_t wet) const { return component_[static_cast<std::size_t>(wet)]; }

private:
    void numberWetCells(const FloatField& depth, float wetDepth);
    void collectFaces(const CurrentsSettings& settings);
    void addBoundaryFace(std::int32_t cell, int family, int x, int y, CellOffset outside, bool cellIsHead, const CurrentsSettings& settings);
    void labelComponents();

    const Lattice& lattice_;
    std::vector<std::size_t> cells_;
    std::vector<std::int32_t> wet_;
    std::vector<double> depth_;
    std::vector<InteriorFace> faces_;
    std::vector<BoundaryFace> boundary_;
    std::vector<std::int32_t> faceIndex_; // per family, per lattice cell (the head): interior face or −1
    std::vector<std::int32_t> component_;
    std::int32_t components_ = 0;
};

// The inward unit normal of a side in world axes (x east, y south).
struct SideNormal {
    double x = 0.0;
    double y = 0.0;
};
SideNormal inwardNormal(int side);

} // namespace rb
