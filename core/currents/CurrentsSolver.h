#pragma once

#include "currents/BoundaryFluxes.h"
#include "currents/CurrentField.h"
#include "currents/CurrentGrid.h"
#include "currents/CurrentsSettings.h"
#include "model/Field.h"

#include <chrono>
#include <memory>

namespace rb {

struct ProjectionTolerance;

// How a currents solve went (the CLI's JSON line).
struct CurrentsReport {
    int iterations = 0;       // Stam iterations after the first projection
    int cgIterations = 0;     // conjugate gradient iterations of all projections
    double cgResidual = 0.0;  // the last projection's relative residual
    double residual = 0.0;    // the last iteration's max|Δu| / max|u| (0 for potential flow only)
    bool converged = false;   // residual ≤ tolerance (potential flow only: always)
    double divergence = 0.0;  // CurrentField::relativeDivergence() of the result
    double maxSpeed = 0.0;    // m/s, over the cells
    double dt = 0.0;          // s per iteration
    double setupSeconds = 0.0; // wall time of the construction: grid, balance, matrices, multigrid hierarchy
    double seconds = 0.0;     // wall time of solve(): the projections and iterations
    BoundaryBalance balance;
};

// The steady current of a map's water (docs/solver.md, "Currents"): the lake equations
// ∂u/∂t + (u·∇)u = −∇p + ν∇²u, ∇·(h·u) = 0, with land as obstacles and the prescribed currents
// on open sides, by Stam's Stable Fluids on the lattice's faces. First the projection of still
// water gives the potential flow (itself a steady solution); then advect (semi-Lagrangian), diffuse
// (implicit), project, until the change per iteration falls to the tolerance. Keeps a reference to
// the lattice, which must outlive it.
class CurrentsSolver {
public:
    CurrentsSolver(const Lattice& lattice, const FloatField& depth, const CurrentsSettings& settings);
    ~CurrentsSolver();
    CurrentsSolver(const CurrentsSolver&) = delete;
    CurrentsSolver& operator=(const CurrentsSolver&) = delete;

    CurrentsReport solve();
    // One Stam iteration (advect, diffuse, project) of the current field, for live use; returns
    // max|Δu| / max|u|.
    double iterate(CurrentsReport& report);

    const CurrentGrid& grid() const { return grid_; }
    const CurrentField& field() const { return field_; }
    // The cells' velocities in world axes (m/s; 0 on land), W×H each.
    FloatField east() const;
    FloatField south() const;

private:
    CurrentsSolver(const Lattice& lattice, const FloatField& depth, const CurrentsSettings& settings, std::chrono::steady_clock::time_point start);
    // The velocity the water at p, moving at v, brought from where it was dt ago.
    Velocity2 carried(const std::vector<Velocity2>& cells, WorldPoint p, Velocity2 v) const;
    std::vector<double> advected(const std::vector<Velocity2>& cells) const;
    FloatField cellComponent(bool eastward) const;
    void measure(CurrentsReport& report) const;
    ProjectionTolerance projectionTolerance() const;

    CurrentsSettings settings_;
    CurrentGrid grid_;
    BoundaryFluxes boundary_;
    CurrentField field_;
    double dt_ = 0.0;
    int threads_ = 1;
    double setupSeconds_ = 0.0;
    struct Steps;
    std::unique_ptr<Steps> steps_;
};

} // namespace rb
