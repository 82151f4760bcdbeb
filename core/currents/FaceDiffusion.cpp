#include "currents/FaceDiffusion.h"

#include "currents/AggregationMultigrid.h"

#include <Eigen/SparseCore>

namespace rb {

using SparseMatrix = Eigen::SparseMatrix<double>;

struct FaceDiffusion::Solver {
    SparseMatrix matrix;
    std::unique_ptr<AggregationMultigrid> multigrid;
    Eigen::VectorXd last; // the previous diffusion's result: the guess for the next one
};

namespace {

SparseMatrix diffusionMatrix(const CurrentGrid& grid, double viscosity, double dt)
{
    const Lattice& lattice = grid.lattice();
    const double neighbours = 2.0 * lattice.familyCount();
    const double k = viscosity * dt * (4.0 / neighbours) / (lattice.cellSize() * lattice.cellSize());
    const std::vector<InteriorFace>& faces = grid.faces();
    const auto n = static_cast<Eigen::Index>(faces.size());
    std::vector<Eigen::Triplet<double>> entries;
    entries.reserve(faces.size() * (1 + static_cast<std::size_t>(neighbours)));
    for (std::size_t e = 0; e < faces.size(); ++e) {
        const std::size_t head = grid.cellOf(faces[e].head);
        const int x = static_cast<int>(head % static_cast<std::size_t>(lattice.width()));
        const int y = static_cast<int>(head / static_cast<std::size_t>(lattice.width()));
        double diagonal = 1.0;
        const auto couple = [&](CellOffset o) {
            const std::int32_t other = grid.faceAt(faces[e].family, x + o.dx, y + o.dy);
            if (other < 0) return;
            diagonal += k;
            entries.emplace_back(static_cast<Eigen::Index>(e), other, -k);
        };
        for (int f = 0; f < lattice.familyCount(); ++f) {
            couple(lattice.family(f).tailOffset(y));
            couple(lattice.family(f).headOffset(y));
        }
        entries.emplace_back(static_cast<Eigen::Index>(e), static_cast<Eigen::Index>(e), diagonal);
    }
    SparseMatrix matrix(n, n);
    matrix.setFromTriplets(entries.begin(), entries.end());
    return matrix;
}

} // namespace

FaceDiffusion::FaceDiffusion(const CurrentGrid& grid, double viscosity, double dt) : solver_(std::make_unique<Solver>())
{
    solver_->matrix = diffusionMatrix(grid, viscosity, dt);
    if (solver_->matrix.rows() > 0) solver_->multigrid = std::make_unique<AggregationMultigrid>(solver_->matrix);
}

FaceDiffusion::~FaceDiffusion() = default;

int FaceDiffusion::diffuse(std::vector<double>& faces, double tolerance)
{
    if (faces.empty()) return 0;
    const Eigen::VectorXd before = Eigen::Map<const Eigen::VectorXd>(faces.data(), static_cast<Eigen::Index>(faces.size()));
    // Near the steady state each iteration diffuses nearly what the last one did: its result is a
    // far better guess than the field itself (which differs from it by dt times the viscous term).
    Eigen::VectorXd& u = solver_->last;
    if (u.size() != before.size()) u = before;
    // (I − ν·dt·L) is diagonally dominant with row sums of at least 1, so no face's error exceeds
    // the largest residual: stop when that is `tolerance` of the largest velocity.
    const CgResult result = preconditionedCg(solver_->matrix, *solver_->multigrid, before, u, CgStop{0.0, tolerance * before.lpNorm<Eigen::Infinity>()});
    Eigen::Map<Eigen::VectorXd>(faces.data(), u.size()) = u;
    return result.iterations;
}

} // namespace rb
