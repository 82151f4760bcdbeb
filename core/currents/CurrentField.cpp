#include "currents/CurrentField.h"

#include <algorithm>
#include <cmath>

namespace rb {

CurrentField::CurrentField(const CurrentGrid& grid, std::vector<double> boundaryInflow)
    : grid_(grid), faces_(grid.faces().size(), 0.0), boundaryInflow_(std::move(boundaryInflow))
{
}

std::vector<double> CurrentField::netOutflow() const
{
    std::vector<double> out(static_cast<std::size_t>(grid_.wetCount()), 0.0);
    const std::vector<InteriorFace>& faces = grid_.faces();
    for (std::size_t e = 0; e < faces.size(); ++e) {
        const double flux = faces[e].flowArea * faces_[e];
        out[static_cast<std::size_t>(faces[e].tail)] += flux;
        out[static_cast<std::size_t>(faces[e].head)] -= flux;
    }
    const std::vector<BoundaryFace>& boundary = grid_.boundaryFaces();
    for (std::size_t k = 0; k < boundary.size(); ++k) out[static_cast<std::size_t>(boundary[k].cell)] -= boundaryInflow_[k];
    return out;
}

double CurrentField::relativeDivergence() const
{
    const Lattice& lattice = grid_.lattice();
    double maxDivergence = 0.0;
    for (double q : netOutflow()) maxDivergence = std::max(maxDivergence, std::abs(q) / lattice.cellArea());
    const double maxFlux = maxFluxPerWidth();
    return maxFlux > 0.0 ? maxDivergence * lattice.cellSize() / maxFlux : 0.0;
}

double CurrentField::maxFluxPerWidth() const
{
    const Lattice& lattice = grid_.lattice();
    double maxFlux = 0.0; // h·|u|, m²/s
    const std::vector<InteriorFace>& faces = grid_.faces();
    for (std::size_t e = 0; e < faces.size(); ++e)
        maxFlux = std::max(maxFlux, std::abs(faces_[e]) * faces[e].flowArea / lattice.family(faces[e].family).faceWidth);
    const std::vector<BoundaryFace>& boundary = grid_.boundaryFaces();
    for (std::size_t k = 0; k < boundary.size(); ++k)
        maxFlux = std::max(maxFlux, grid_.depth(boundary[k].cell) * std::abs(boundaryVelocity(k)));
    return maxFlux;
}

double CurrentField::boundaryVelocity(std::size_t k) const
{
    const BoundaryFace& face = grid_.boundaryFaces()[k];
    const double width = grid_.lattice().family(face.family).faceWidth;
    const double inward = boundaryInflow_[k] / (grid_.depth(face.cell) * width);
    return face.cellIsHead ? inward : -inward;
}

namespace {

// The normal equations of one cell's least-squares fit U ↦ Σ (U·e_f − u_e)².
struct CellFit {
    double xx = 0.0, xy = 0.0, yy = 0.0; // Σ e eᵀ over the open faces
    double bx = 0.0, by = 0.0;           // Σ u_e e_f
};

// A face closed by land or a wall weighs this much, pulling U towards it carrying nothing: it only
// decides the component the open faces leave undetermined (a cell with one open family).
constexpr double kClosedWeight = 1e-3;

} // namespace

std::vector<Velocity2> CurrentField::cellVelocities() const
{
    const Lattice& lattice = grid_.lattice();
    std::vector<CellFit> fits(static_cast<std::size_t>(grid_.wetCount()));
    const auto add = [&](std::int32_t cell, int family, double u) {
        const EdgeFamily& f = lattice.family(family);
        CellFit& fit = fits[static_cast<std::size_t>(cell)];
        fit.xx += f.directionX * f.directionX;
        fit.xy += f.directionX * f.directionY;
        fit.yy += f.directionY * f.directionY;
        fit.bx += u * f.directionX;
        fit.by += u * f.directionY;
    };
    const std::vector<InteriorFace>& faces = grid_.faces();
    for (std::size_t e = 0; e < faces.size(); ++e) {
        add(faces[e].tail, faces[e].family, faces_[e]);
        add(faces[e].head, faces[e].family, faces_[e]);
    }
    const std::vector<BoundaryFace>& boundary = grid_.boundaryFaces();
    for (std::size_t k = 0; k < boundary.size(); ++k) add(boundary[k].cell, boundary[k].family, boundaryVelocity(k));
    // All 2F faces together give Σ e eᵀ = F·I, so the closed ones add kClosedWeight·(F·I − open).
    const double all = lattice.familyCount();
    std::vector<Velocity2> v(fits.size());
    for (std::size_t i = 0; i < fits.size(); ++i) {
        const CellFit& f = fits[i];
        const double xx = kClosedWeight * all + (1.0 - kClosedWeight) * f.xx;
        const double yy = kClosedWeight * all + (1.0 - kClosedWeight) * f.yy;
        const double xy = (1.0 - kClosedWeight) * f.xy;
        const double det = xx * yy - xy * xy;
        v[i] = {(yy * f.bx - xy * f.by) / det, (xx * f.by - xy * f.bx) / det};
    }
    return v;
}

double CurrentField::edgeFlux(int family, int x, int y) const
{
    const std::int32_t e = grid_.faceAt(family, x, y);
    return e < 0 ? 0.0 : grid_.faces()[static_cast<std::size_t>(e)].flowArea * faces_[static_cast<std::size_t>(e)];
}

} // namespace rb
