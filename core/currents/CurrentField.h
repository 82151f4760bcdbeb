#pragma once

#include "currents/CurrentGrid.h"

#include <vector>

namespace rb {

// A velocity in world axes (m/s, x east, y south).
struct Velocity2 {
    double x = 0.0;
    double y = 0.0;
};

// A current on a CurrentGrid: the face-normal velocity of every interior face (m/s along the
// face's family direction, tail → head) and the prescribed flux through every boundary face.
class CurrentField {
public:
    CurrentField(const CurrentGrid& grid, std::vector<double> boundaryInflow);

    const CurrentGrid& grid() const { return grid_; }
    std::vector<double>& faces() { return faces_; }
    const std::vector<double>& faces() const { return faces_; }
    const std::vector<double>& boundaryInflow() const { return boundaryInflow_; }

    // Net volume leaving each wet cell (m³/s): Σ flux out − Σ flux in, boundary faces included.
    std::vector<double> netOutflow() const;
    // max |∇·(h·u)| · dx / max(h·|u|): the divergence relative to the largest face flux per width.
    double relativeDivergence() const;
    // max(h·|u|) over the interior and boundary faces (m²/s): the scale of relativeDivergence().
    double maxFluxPerWidth() const;
    // Each wet cell's velocity: the least-squares fit of U·e_f to the velocities u_e of the open
    // faces around it (interior and boundary faces). With all 2F faces open this is
    // U = (1/F)·Σ u_e·e_f (io/flow/VelocityField.h's rule); either way a uniform flow is reproduced
    // exactly, also beside walls and coasts, where closed faces would otherwise count as still water.
    std::vector<Velocity2> cellVelocities() const;
    // The flux (m³/s, tail → head) through the lattice edge of `family` whose head is (x, y): 0
    // for edges that are not interior faces (land, or outside the water).
    double edgeFlux(int family, int x, int y) const;

private:
    double boundaryVelocity(std::size_t k) const; // along the face's direction, tail → head

    const CurrentGrid& grid_;
    std::vector<double> faces_;
    std::vector<double> boundaryInflow_;
};

} // namespace rb
