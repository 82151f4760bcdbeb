#pragma once

#include <Eigen/SparseCore>

#include <memory>
#include <vector>

namespace rb {

// A preconditioner for the projection's conjugate gradient whose cost per solve grows far slower
// with the map than incomplete Cholesky's: algebraic multigrid by plain aggregation. Each level
// groups every cell with its not yet grouped neighbours (about four to seven cells an aggregate),
// the coarse matrix is the Galerkin product Pᵀ·A·P of the piecewise-constant prolongation (the
// sums of the fine entries), down to a few hundred unknowns solved exactly (sparse LDLᵀ). One
// application is a V-cycle with a forward Gauss–Seidel sweep before and a backward one after the
// coarse correction, which makes it symmetric positive definite, as conjugate gradients need.
// `matrix` must be symmetric positive definite with both triangles stored.
class AggregationMultigrid {
public:
    using SparseMatrix = Eigen::SparseMatrix<double>;

    explicit AggregationMultigrid(const SparseMatrix& matrix);
    ~AggregationMultigrid();

    // z ≈ A⁻¹·r.
    void apply(const Eigen::VectorXd& r, Eigen::VectorXd& z) const;
    int levels() const { return static_cast<int>(levels_.size()); }

private:
    struct Level {
        SparseMatrix matrix;
        std::vector<int> aggregate; // the coarse unknown of each fine one
        int coarseCount = 0;
    };
    struct CoarseSolver;

    void cycle(std::size_t level, const Eigen::VectorXd& b, Eigen::VectorXd& x) const;

    std::vector<Level> levels_;
    SparseMatrix coarsest_;
    std::unique_ptr<CoarseSolver> coarse_;
};

} // namespace rb
