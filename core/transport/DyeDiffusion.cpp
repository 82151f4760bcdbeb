#include "transport/DyeDiffusion.h"

#include <Eigen/IterativeLinearSolvers>
#include <Eigen/SparseCore>

#include <algorithm>
#include <cstdint>

namespace rb {
namespace {

using SparseMatrix = Eigen::SparseMatrix<double>;
using Triplet = Eigen::Triplet<double>;

// Unknown number of every wet cell, −1 for dry ones.
std::vector<std::int32_t> numberWetCells(const float* depth, std::size_t count, std::int32_t& wet)
{
    std::vector<std::int32_t> unknown(count, -1);
    wet = 0;
    for (std::size_t i = 0; i < count; ++i)
        if (depth[i] > DyeDiffusion::kWetDepth) unknown[i] = wet++;
    return unknown;
}

} // namespace

DiffusionReport DyeDiffusion::diffuse(const float* depth, double diffusivity, double dt, std::vector<float>& dyed, DyeLedger& ledger) const
{
    DiffusionReport report;
    if (!(diffusivity > 0.0)) return report;
    std::int32_t wet = 0;
    const std::vector<std::int32_t> unknown = numberWetCells(depth, lattice_.cellCount(), wet);
    if (wet == 0) return report;

    const double storage = lattice_.cellArea() / dt; // S/dt
    double clipped = 0.0; // what keeping 0 ≤ c ≤ 1 changed, m
    std::vector<Triplet> entries;
    entries.reserve(static_cast<std::size_t>(wet) * static_cast<std::size_t>(1 + 2 * lattice_.familyCount()));
    Eigen::VectorXd diagonal(wet), rhs(wet), guess(wet);
    for (std::size_t i = 0; i < unknown.size(); ++i) {
        if (unknown[i] < 0) continue;
        const double h = depth[i];
        const double c = std::clamp(static_cast<double>(dyed[i]) / h, 0.0, 1.0);
        clipped += c * h - static_cast<double>(dyed[i]);
        diagonal[unknown[i]] = h * storage;
        rhs[unknown[i]] = h * storage * c;
        guess[unknown[i]] = c;
    }
    // Every interior edge once, from its head cell.
    for (int y = 0; y < lattice_.height(); ++y)
        for (int x = 0; x < lattice_.width(); ++x) {
            const std::int32_t head = unknown[lattice_.index(x, y)];
            if (head < 0) continue;
            for (int f = 0; f < lattice_.familyCount(); ++f) {
                const EdgeFamily& family = lattice_.family(f);
                const CellOffset t = family.tailOffset(y);
                if (!lattice_.contains(x + t.dx, y + t.dy)) continue;
                const std::size_t tailCell = lattice_.index(x + t.dx, y + t.dy);
                const std::int32_t tail = unknown[tailCell];
                if (tail < 0) continue;
                const double shared = std::min(depth[lattice_.index(x, y)], depth[tailCell]);
                const double k = diffusivity * shared * family.faceWidth / family.pipeLength;
                diagonal[head] += k;
                diagonal[tail] += k;
                entries.emplace_back(head, tail, -k);
                entries.emplace_back(tail, head, -k);
            }
        }
    for (std::int32_t i = 0; i < wet; ++i) entries.emplace_back(i, i, diagonal[i]);
    SparseMatrix matrix(wet, wet);
    matrix.setFromTriplets(entries.begin(), entries.end());

    Eigen::ConjugateGradient<SparseMatrix, Eigen::Lower | Eigen::Upper> solver;
    solver.setTolerance(1e-12);
    solver.compute(matrix);
    const Eigen::VectorXd c = solver.solveWithGuess(rhs, guess);
    report.iterations = static_cast<int>(solver.iterations());
    report.residual = solver.error();

    for (std::size_t i = 0; i < unknown.size(); ++i) {
        if (unknown[i] < 0) continue;
        const double solved = c[unknown[i]];
        const double within = std::clamp(solved, 0.0, 1.0);
        dyed[i] = static_cast<float>(within * depth[i]);
        clipped += (within - solved) * depth[i];
    }
    ledger.clipped += clipped * lattice_.cellArea();
    return report;
}

} // namespace rb
