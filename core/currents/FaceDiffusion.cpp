#include "currents/FaceDiffusion.h"

#include <Eigen/IterativeLinearSolvers>
#include <Eigen/SparseCore>

namespace rb {

using SparseMatrix = Eigen::SparseMatrix<double>;

struct FaceDiffusion::Solver {
    SparseMatrix matrix;
    Eigen::ConjugateGradient<SparseMatrix, Eigen::Lower | Eigen::Upper> cg;
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
    solver_->cg.compute(solver_->matrix);
}

FaceDiffusion::~FaceDiffusion() = default;

int FaceDiffusion::diffuse(std::vector<double>& faces, double tolerance)
{
    if (faces.empty()) return 0;
    Eigen::Map<Eigen::VectorXd> u(faces.data(), static_cast<Eigen::Index>(faces.size()));
    solver_->cg.setTolerance(tolerance);
    const Eigen::VectorXd solved = solver_->cg.solveWithGuess(u, u);
    u = solved;
    return static_cast<int>(solver_->cg.iterations());
}

} // namespace rb
