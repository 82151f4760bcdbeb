#pragma once

#include "currents/BoundaryFluxes.h"
#include "currents/CurrentField.h"
#include "currents/CurrentGrid.h"
#include "currents/CurrentsSettings.h"
#include "model/Field.h"

#include <chrono>
#include <memory>
#include <string>
#include <vector>

namespace rb {

struct ProjectionTolerance;

// How a currents solve went (the CLI's JSON line).
struct CurrentsReport {
    int iterations = 0;       // Stam iterations after the first projection
    int cgIterations = 0;     // conjugate gradient iterations of all projections
    double cgResidual = 0.0;  // the last projection's relative residual
    double residual = 0.0;    // the last iteration's max|Δ(h·u)| / max|h·u| over the faces (0 for potential flow only)
    bool converged = false;   // residual ≤ tolerance (potential flow only: always)
    // Not converged within maxIterations: the result is the mean of the last averagedIterations
    // iterations (the second half of the run), not the last one, which is a snapshot of a wake that
    // keeps changing. Divergence-free like every iteration (the constraint is linear).
    bool timeAveraged = false;
    int averagedIterations = 0;
    double viscosity = 0.0;       // m²/s, the one used (automatic: steadyViscosity)
    double steadyViscosity = 0.0; // m²/s, the automatic one for this map and current (SteadyViscosity.h)
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
    // Empty when a solve of `depth` with `settings` means something; else why not, for the user:
    // a side's current that is not a finite speed within ±ranges::kMaxSideCurrent (it would write
    // NaN or absurd speeds at every wet cell), or a map with no water at all (nothing to carry a
    // current), or currents prescribed on sides no water reaches (the lakes preset: still water
    // everywhere would be the answer). The CLI and the editor's job refuse on it before they solve.
    static std::string requestProblem(const FloatField& depth, const CurrentsSettings& settings);


    CurrentsSolver(const Lattice& lattice, const FloatField& depth, const CurrentsSettings& settings);
    ~CurrentsSolver();
    CurrentsSolver(const CurrentsSolver&) = delete;
    CurrentsSolver& operator=(const CurrentsSolver&) = delete;

    // potentialFlow(), then iterate() until converged or maxIterations, then finish().
    CurrentsReport solve();
    // The first projection, of still water with the boundary fluxes (converged when no iteration
    // is to follow: no current prescribed, or maxIterations 0).
    CurrentsReport potentialFlow();
    bool iterates() const; // a current is prescribed and maxIterations > 0
    // One Stam iteration (advect, diffuse, project) of the current field, for live use; returns
    // max|Δ(h·u)| / max|h·u| over the faces. Iterations past half of maxIterations also add to the
    // time average finish() falls back on.
    double iterate(CurrentsReport& report);
    // After the iterations (solve() calls it): an unconverged run's field becomes its time average;
    // measures the divergence and the fastest current of the result.
    void finish(CurrentsReport& report);

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
    void addToAverage();
    ProjectionTolerance projectionTolerance() const;

    CurrentsSettings settings_;
    CurrentGrid grid_;
    BoundaryFluxes boundary_;
    CurrentField field_;
    double dt_ = 0.0;
    double viscosity_ = 0.0;
    double lastChange_ = 1.0; // the last iteration's relative change: how exactly the next one diffuses
    std::vector<double> average_; // sum of the faces of the averaged iterations
    int averaged_ = 0;
    int threads_ = 1;
    double setupSeconds_ = 0.0;
    struct Steps;
    std::unique_ptr<Steps> steps_;
};

} // namespace rb
