#include "currents/Projection.h"

#include "currents/AggregationMultigrid.h"

#include <Eigen/SparseCore>

#include <vector>

namespace rb {

using SparseMatrix = Eigen::SparseMatrix<double>;

struct Projection::Solver {
    SparseMatrix matrix;
    std::unique_ptr<AggregationMultigrid> multigrid;
    Eigen::VectorXd pressure;
};

namespace {

SparseMatrix poissonMatrix(const CurrentGrid& grid)
{
    const std::int32_t n = grid.wetCount();
    std::vector<Eigen::Triplet<double>> entries;
    entries.reserve(grid.faces().size() * 2 + static_cast<std::size_t>(n));
    Eigen::VectorXd diagonal = Eigen::VectorXd::Zero(n);
    for (const InteriorFace& face : grid.faces()) {
        diagonal[face.tail] += face.conductance;
        diagonal[face.head] += face.conductance;
        entries.emplace_back(face.tail, face.head, -face.conductance);
        entries.emplace_back(face.head, face.tail, -face.conductance);
    }
    // Tie the first cell of every sea to p = 0 (a lone cell with no faces gets a unit weight).
    std::vector<bool> tied(static_cast<std::size_t>(grid.componentCount()), false);
    for (std::int32_t i = 0; i < n; ++i) {
        const std::size_t sea = static_cast<std::size_t>(grid.component(i));
        if (!tied[sea]) diagonal[i] += diagonal[i] > 0.0 ? diagonal[i] : 1.0;
        tied[sea] = true;
    }
    for (std::int32_t i = 0; i < n; ++i) entries.emplace_back(i, i, diagonal[i]);
    SparseMatrix matrix(n, n);
    matrix.setFromTriplets(entries.begin(), entries.end());
    return matrix;
}

} // namespace

Projection::Projection(const CurrentGrid& grid) : grid_(grid), solver_(std::make_unique<Solver>())
{
    solver_->matrix = poissonMatrix(grid);
    if (grid.wetCount() > 0) solver_->multigrid = std::make_unique<AggregationMultigrid>(solver_->matrix, kLaplacianOverCorrection);
    solver_->pressure = Eigen::VectorXd::Zero(grid.wetCount());
}

Projection::~Projection() = default;

ProjectionReport Projection::project(CurrentField& field, const ProjectionTolerance& tolerance)
{
    if (grid_.wetCount() == 0) return {};
    const std::vector<double> outflow = field.netOutflow();
    Eigen::VectorXd rhs(grid_.wetCount());
    for (std::int32_t i = 0; i < grid_.wetCount(); ++i) rhs[i] = -outflow[static_cast<std::size_t>(i)];
    if (rhs.norm() == 0.0) return {}; // already free of divergence
    // A cell's residual is its net outflow after the projection: the divergence bound in m³/s, on
    // the scale of the field before the projection (which changes it little).
    const Lattice& lattice = grid_.lattice();
    const CgStop stop{tolerance.relative, tolerance.divergence * field.maxFluxPerWidth() * lattice.cellArea() / lattice.cellSize()};
    const CgResult solved = preconditionedCg(solver_->matrix, *solver_->multigrid, rhs, solver_->pressure, stop);
    const ProjectionReport report{solved.iterations, solved.residual};
    const Eigen::VectorXd& p = solver_->pressure;
    const std::vector<InteriorFace>& faces = grid_.faces();
    std::vector<double>& u = field.faces();
    for (std::size_t e = 0; e < faces.size(); ++e)
        u[e] -= (p[faces[e].head] - p[faces[e].tail]) * faces[e].conductance / faces[e].flowArea; // ∇p along the face: Δp / l_e
    return report;
}

} // namespace rb
