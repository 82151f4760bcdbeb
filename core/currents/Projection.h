#pragma once

#include "currents/CurrentField.h"

#include <memory>

namespace rb {

// When a projection's conjugate gradient may stop: at the first iteration that meets either bound.
struct ProjectionTolerance {
    double relative = 1e-8;   // |A·p − b| / |b|
    double divergence = 1e-6; // max|∇·(h·u)|·dx / max(h·|u|) of the projected field (as relativeDivergence)
};

// How one projection went.
struct ProjectionReport {
    int iterations = 0;    // conjugate gradient iterations
    double residual = 0.0; // its relative residual |A·p − b| / |b|
};

// Stam's projection with the depth of the lake equations: the pressure p solves
//   Σ_e (h_e·w_e/l_e)·(p_i − p_j) = −(net outflow of u* from cell i)     (∇·(h∇p) = ∇·(h·u*))
// and u_e = u*_e − (p_head − p_tail)/l_e then leaves every wet cell with no net outflow. The matrix
// is the weighted graph Laplacian of the wet cells: symmetric, positive semidefinite with the
// constants of each connected sea as null space, so one cell of each sea is tied to p = 0 (the
// balanced boundary makes the right-hand side consistent, so this changes no velocity). Solved by
// the conjugate gradient preconditioned with one aggregation multigrid V-cycle
// (AggregationMultigrid: about 40 iterations at 128², 90 at 512², 140 at 1024², where incomplete
// Cholesky needed 260, 960 and 1930), warm-started from the previous pressure. The matrix and the
// multigrid hierarchy depend only on the depth: built once. The residual A·p − b is the projected
// field's net outflow per cell, so the divergence bound is checked on it directly: each Stam
// iteration's projection starts close to its answer and needs only a few iterations to it.
class Projection {
public:
    explicit Projection(const CurrentGrid& grid);
    ~Projection();
    Projection(const Projection&) = delete;
    Projection& operator=(const Projection&) = delete;

    ProjectionReport project(CurrentField& field, const ProjectionTolerance& tolerance);

private:
    struct Solver;
    const CurrentGrid& grid_;
    std::unique_ptr<Solver> solver_;
};

} // namespace rb
