#pragma once

#include <Eigen/SparseCore>

#include <memory>
#include <vector>

namespace rb {

// The coarse-correction scale for Laplacians (the projection), measured on the generated islands at
// 512² as CG iterations of the potential flow: 1 → 72, 1.5 → 32, 1.8 → 22 (triangle 26),
// 2 → 19 (26), 2.5 → 26 (29), 3 → 41 (38).
constexpr double kLaplacianOverCorrection = 1.8;

// A preconditioner for the conjugate gradients of the projection and the diffusion whose cost per
// solve grows far slower with the map than incomplete Cholesky's: algebraic multigrid by plain
// aggregation. Each level groups every cell with its not yet grouped neighbours (about four to
// seven cells an aggregate), the coarse matrix is the Galerkin product Pᵀ·A·P of the piecewise-constant prolongation (the
// sums of the fine entries), down to a few hundred unknowns solved exactly (sparse LDLᵀ). One
// application is a V-cycle with a forward Gauss–Seidel sweep before and a backward one after the
// coarse correction, which makes it symmetric positive definite, as conjugate gradients need.
// `matrix` must be symmetric positive definite with both triangles stored.
class AggregationMultigrid {
public:
    using SparseMatrix = Eigen::SparseMatrix<double>;

    // overCorrection scales the coarse correction (below 2 the cycle stays symmetric positive
    // definite): a piecewise-constant prolongation corrects the smooth errors of a Laplacian too
    // little, as in Notay's aggregation multigrid, so the projection's scales it up (kLaplacianOverCorrection);
    // where the identity dominates (implicit diffusion at a small dt) 1 is right.
    explicit AggregationMultigrid(const SparseMatrix& matrix, double overCorrection = 1.0);
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

    double overCorrection_;
    std::vector<Level> levels_;
    SparseMatrix coarsest_;
    std::unique_ptr<CoarseSolver> coarse_;
};

// When a conjugate gradient may stop: at the first iteration that meets either bound.
struct CgStop {
    double relative = 1e-8;  // |b − A·x| ≤ relative·|b|
    double maxResidual = 0.0; // max_i |b − A·x|_i ≤ maxResidual (0: never)
};

// How a conjugate gradient went.
struct CgResult {
    int iterations = 0;
    double residual = 0.0; // |b − A·x| / |b|
};

// The conjugate gradient preconditioned by one aggregation multigrid V-cycle, from the guess in x
// (the projection's and the diffusion's solver: both matrices are symmetric positive definite).
CgResult preconditionedCg(const Eigen::SparseMatrix<double>& a, const AggregationMultigrid& m, const Eigen::VectorXd& b, Eigen::VectorXd& x, const CgStop& stop);

} // namespace rb
