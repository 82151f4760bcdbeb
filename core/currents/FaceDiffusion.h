#pragma once

#include "currents/CurrentGrid.h"

#include <memory>
#include <vector>

namespace rb {

// Stam's implicit viscous step on the face velocities: backward Euler of ∂u/∂t = ν∇²u, so any
// viscosity and time step are stable. The faces of one family form a copy of the cell lattice
// shifted by half an edge, so each face is coupled to the faces of its own family at its head's
// lattice neighbours with the lattice Laplacian, (4/N)/dx² per neighbour (N = 4 on the square and
// 6 on the triangle lattice: both the second-order 2-D Laplacian). Faces missing because a cell is
// land take no part (free slip along the coast). Built once; the conjugate gradient preconditioned
// by aggregation multigrid, as the projection's: at the default dt the coupling is 10 to 40 times
// the diagonal's 1, where a diagonal preconditioner (the first version) needed ever more iterations.
class FaceDiffusion {
public:
    FaceDiffusion(const CurrentGrid& grid, double viscosity, double dt);
    ~FaceDiffusion();
    FaceDiffusion(const FaceDiffusion&) = delete;
    FaceDiffusion& operator=(const FaceDiffusion&) = delete;

    // Solves to within tolerance·max|u| on every face; returns the conjugate gradient's iterations.
    int diffuse(std::vector<double>& faces, double tolerance);

private:
    struct Solver;
    std::unique_ptr<Solver> solver_;
};

} // namespace rb
