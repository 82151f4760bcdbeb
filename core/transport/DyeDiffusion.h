#pragma once

#include "lattice/Lattice.h"
#include "model/DyeLedger.h"

#include <vector>

namespace rb {

// How one implicit diffusion solve went.
struct DiffusionReport {
    int iterations = 0;
    double residual = 0.0; // the conjugate gradient's relative residual
};

// Diffusion of a dye channel through the water, ∂(h·c)/∂t = ∇·(D·h·∇c), taken implicitly as Stable
// Fluids takes it, so any diffusivity and time step are stable: backward Euler over the wet cells,
//   (h_i·S/dt)·c'_i + Σ_e K_e·(c'_i − c'_j) = (h_i·S/dt)·c_i,   K_e = D·min(h_i, h_j)·w_e/l_e,
// a symmetric positive definite system (solved by Eigen's conjugate gradient). Each edge's exchange
// appears with opposite signs in its two cells, so the dye is conserved; the system is an M-matrix,
// so no new extremes appear. Dry cells and walls take no part.
class DyeDiffusion {
public:
    explicit DyeDiffusion(const Lattice& lattice) : lattice_(lattice) {}

    // `depth`: the water (W×H) the dye sits in; `dyed`: the channel's dyed depth, updated.
    DiffusionReport diffuse(const float* depth, double diffusivity, double dt, std::vector<float>& dyed, DyeLedger& ledger) const;

    // Below this depth (m) a cell is dry for diffusion.
    static constexpr float kWetDepth = 1e-6f;

private:
    const Lattice& lattice_;
};

} // namespace rb
