#pragma once

#include "lattice/Lattice.h"
#include "model/SimParams.h"

#include <array>

namespace rb {

// One bed update's numbers in the float arithmetic the update uses, computed once from the
// parameters (docs/erosion.md): rates become the shares of a gap they close over the interval.
struct ErosionConstants {
    double intervalSeconds = 0.0; // Δt = interval·dt
    float capacity = 0.0f;        // s/m
    float erosionShare = 0.0f;    // of the capacity deficit taken per update, were the capacity fixed
    double erosionExponent = 0.0; // erosionRate·Δt
    float depositionShare = 0.0f; // of the surplus settled per update
    float thermalShare = 0.0f;    // of half the steepest excess slid per slide
    int thermalSlides = 1;        // slides per update
    float minDepth = 0.0f;        // m
    // Per family: the pipe length, and the height difference over it at which material rests
    // (1% under the talus angle, so that the slides leave no slope above it).
    std::array<float, Lattice::kMaxFamilies> spacing{}, restingDrop{};
    float nearestSpacing = 1.0f; // the shortest spacing: the fastest a bed's fall flattens its slope (SedimentExchange)
    float diagonalRestingDrop = 0.0f; // the square lattice's diagonal neighbours, √2·dx away (ThermalSlide)
    // Per family, to rebuild a cell's velocity from its faces' flows (io/flow/VelocityField.h's rule):
    // the face width, the unit direction, and 2/F over the F families.
    std::array<float, Lattice::kMaxFamilies> faceWidth{}, directionX{}, directionY{};
    float velocityScale = 1.0f;
    double cellArea = 1.0;

    static ErosionConstants from(const SimParams& params, const Lattice& lattice);
};

} // namespace rb
