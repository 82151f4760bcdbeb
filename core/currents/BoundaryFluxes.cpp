#include "currents/BoundaryFluxes.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace rb {
namespace {

constexpr double kBalanceTolerance = 1e-9; // relative: rounding, not a mismatch

struct SeaTotals {
    double in = 0.0;
    double out = 0.0;
};

} // namespace

BoundaryFluxes balancedBoundaryFluxes(const CurrentGrid& grid, const CurrentsSettings& settings)
{
    BoundaryFluxes result;
    const std::vector<BoundaryFace>& faces = grid.boundaryFaces();
    std::vector<SeaTotals> seas(static_cast<std::size_t>(grid.componentCount()));
    result.inward.reserve(faces.size());
    for (const BoundaryFace& face : faces) {
        const double q = *settings.sideSpeed[static_cast<std::size_t>(face.side)] * face.inwardArea;
        result.inward.push_back(q);
        SeaTotals& sea = seas[static_cast<std::size_t>(grid.component(face.cell))];
        (q > 0.0 ? sea.in : sea.out) += std::abs(q);
    }
    BoundaryBalance& balance = result.balance;
    std::vector<double> scale(seas.size(), 1.0); // applied to the outflow faces of each sea
    std::vector<bool> closed(seas.size(), false);
    for (std::size_t s = 0; s < seas.size(); ++s) {
        const SeaTotals& sea = seas[s];
        balance.inflow += sea.in;
        balance.outflow += sea.out;
        if (std::abs(sea.in - sea.out) > kBalanceTolerance * std::max(sea.in, sea.out)) balance.balanced = false;
        if (sea.in > 0.0 && sea.out > 0.0) {
            scale[s] = sea.in / sea.out;
            balance.balancedOutflow += sea.in;
            const double change = scale[s] - 1.0;
            if (std::abs(change) > kBalanceTolerance) ++balance.scaledSeas;
            if (std::abs(change) > std::abs(balance.largestScaleChange)) balance.largestScaleChange = change;
        } else if (sea.in > 0.0 || sea.out > 0.0) {
            closed[s] = true;
            ++balance.closedSeas;
        }
    }
    for (std::size_t k = 0; k < faces.size(); ++k) {
        const std::size_t sea = static_cast<std::size_t>(grid.component(faces[k].cell));
        if (closed[sea]) result.inward[k] = 0.0;
        else if (result.inward[k] < 0.0) result.inward[k] *= scale[sea];
    }
    return result;
}

double largestScalePercent(const BoundaryBalance& balance)
{
    return 100.0 * balance.largestScaleChange;
}

namespace {

std::string signedPercent(double percent)
{
    std::ostringstream text;
    text.precision(2);
    text << std::showpos << percent << " %";
    return text.str();
}

} // namespace

std::string balanceMessage(const BoundaryBalance& balance)
{
    std::ostringstream text;
    if (balance.scaledSeas > 0)
        text << "the currents do not balance (in " << balance.inflow << " m³/s, out " << balance.outflow << " m³/s): the outflow of "
             << balance.scaledSeas << " sea(s) was scaled to its inflow, by up to " << signedPercent(largestScalePercent(balance));
    if (balance.closedSeas > 0)
        text << (balance.scaledSeas > 0 ? "; " : "") << balance.closedSeas
             << " sea(s) whose open sides only take in or only give out closed (they cannot balance)";
    return text.str();
}

} // namespace rb
