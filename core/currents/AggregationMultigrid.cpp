#include "currents/AggregationMultigrid.h"

#include <Eigen/SparseCholesky>

namespace rb {

struct AggregationMultigrid::CoarseSolver {
    Eigen::SimplicialLDLT<SparseMatrix> ldlt;
};

namespace {

using SparseMatrix = AggregationMultigrid::SparseMatrix;

constexpr Eigen::Index kCoarsest = 500; // unknowns solved exactly
constexpr double kMinCoarsening = 0.8; // a level must have at most this fraction of the unknowns above it

// Each unknown not yet in an aggregate starts one with its neighbours that are not in one either.
std::vector<int> aggregates(const SparseMatrix& a, int& count)
{
    std::vector<int> aggregate(static_cast<std::size_t>(a.rows()), -1);
    count = 0;
    for (Eigen::Index i = 0; i < a.outerSize(); ++i) {
        if (aggregate[static_cast<std::size_t>(i)] >= 0) continue;
        for (SparseMatrix::InnerIterator it(a, i); it; ++it)
            if (aggregate[static_cast<std::size_t>(it.row())] < 0) aggregate[static_cast<std::size_t>(it.row())] = count;
        aggregate[static_cast<std::size_t>(i)] = count++;
    }
    return aggregate;
}

// Pᵀ·A·P for the piecewise-constant P: every entry added to its aggregates' pair.
SparseMatrix galerkin(const SparseMatrix& a, const std::vector<int>& aggregate, int count)
{
    std::vector<Eigen::Triplet<double>> entries;
    entries.reserve(static_cast<std::size_t>(a.nonZeros()));
    for (Eigen::Index j = 0; j < a.outerSize(); ++j)
        for (SparseMatrix::InnerIterator it(a, j); it; ++it)
            entries.emplace_back(aggregate[static_cast<std::size_t>(it.row())], aggregate[static_cast<std::size_t>(j)], it.value());
    SparseMatrix coarse(count, count);
    coarse.setFromTriplets(entries.begin(), entries.end());
    return coarse;
}

// One Gauss–Seidel sweep over the unknowns, forwards or backwards (columns are rows: symmetric).
void gaussSeidel(const SparseMatrix& a, const Eigen::VectorXd& b, Eigen::VectorXd& x, bool forward)
{
    const Eigen::Index n = a.outerSize();
    for (Eigen::Index k = 0; k < n; ++k) {
        const Eigen::Index i = forward ? k : n - 1 - k;
        double sum = b[i], diagonal = 0.0;
        for (SparseMatrix::InnerIterator it(a, i); it; ++it) {
            if (it.row() == i) diagonal = it.value();
            else sum -= it.value() * x[it.row()];
        }
        x[i] = sum / diagonal;
    }
}

} // namespace

AggregationMultigrid::AggregationMultigrid(const SparseMatrix& matrix, double overCorrection)
    : overCorrection_(overCorrection), coarse_(std::make_unique<CoarseSolver>())
{
    SparseMatrix current = matrix;
    while (current.rows() > kCoarsest) {
        Level level;
        level.aggregate = aggregates(current, level.coarseCount);
        // Many lone cells or tiny ponds (each its own aggregate) stop the coarsening: what is left
        // is solved exactly, and with so few connections that is cheap.
        if (level.coarseCount > kMinCoarsening * static_cast<double>(current.rows())) break;
        SparseMatrix coarse = galerkin(current, level.aggregate, level.coarseCount);
        level.matrix = std::move(current);
        levels_.push_back(std::move(level));
        current = std::move(coarse);
    }
    coarsest_ = std::move(current);
    coarse_->ldlt.compute(coarsest_);
}

AggregationMultigrid::~AggregationMultigrid() = default;

void AggregationMultigrid::cycle(std::size_t l, const Eigen::VectorXd& b, Eigen::VectorXd& x) const
{
    if (l == levels_.size()) {
        x = coarse_->ldlt.solve(b);
        return;
    }
    const Level& level = levels_[l];
    x.setZero(b.size());
    gaussSeidel(level.matrix, b, x, true);
    const Eigen::VectorXd residual = b - level.matrix * x;
    Eigen::VectorXd coarseB = Eigen::VectorXd::Zero(level.coarseCount), coarseX;
    for (Eigen::Index i = 0; i < residual.size(); ++i) coarseB[level.aggregate[static_cast<std::size_t>(i)]] += residual[i];
    cycle(l + 1, coarseB, coarseX);
    for (Eigen::Index i = 0; i < x.size(); ++i) x[i] += overCorrection_ * coarseX[level.aggregate[static_cast<std::size_t>(i)]];
    gaussSeidel(level.matrix, b, x, false);
}

void AggregationMultigrid::apply(const Eigen::VectorXd& r, Eigen::VectorXd& z) const
{
    cycle(0, r, z);
}

namespace {

constexpr int kMaxCgIterations = 10000;

bool stops(const CgStop& stop, const Eigen::VectorXd& r, double residual)
{
    return residual <= stop.relative || r.lpNorm<Eigen::Infinity>() <= stop.maxResidual;
}

} // namespace

CgResult preconditionedCg(const Eigen::SparseMatrix<double>& a, const AggregationMultigrid& m, const Eigen::VectorXd& b, Eigen::VectorXd& x, const CgStop& stop)
{
    CgResult result;
    const double norm = b.norm();
    if (norm == 0.0) {
        x.setZero();
        return result;
    }
    Eigen::VectorXd r = b - a * x, z, p, ap;
    result.residual = r.norm() / norm;
    if (stops(stop, r, result.residual)) return result;
    m.apply(r, z);
    p = z;
    double rz = r.dot(z);
    while (result.iterations < kMaxCgIterations) {
        ap = a * p;
        const double alpha = rz / p.dot(ap);
        x += alpha * p;
        r -= alpha * ap;
        ++result.iterations;
        result.residual = r.norm() / norm;
        if (stops(stop, r, result.residual)) break;
        m.apply(r, z);
        const double next = r.dot(z);
        p = z + (next / rz) * p;
        rz = next;
    }
    return result;
}

} // namespace rb
