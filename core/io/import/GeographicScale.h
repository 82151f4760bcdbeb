#pragma once

namespace rb::io {

// Metres per degree on an ellipsoid (semi-axes a ≥ b, metres) at geodetic latitude φ (degrees),
// with e² = 1 − b²/a² and W = √(1 − e² sin²φ):
//   along a meridian (north–south):   M · π/180,        M = a(1 − e²) / W³ (meridional radius)
//   along a parallel (east–west):     N · cos φ · π/180, N = a / W          (prime vertical radius)
// On WGS 84 at 45°: 111 131.78 m and 78 846.84 m per degree.
struct GeographicScale {
    double metresPerDegreeNorth = 0.0;
    double metresPerDegreeEast = 0.0;
};

GeographicScale geographicScale(double semiMajor, double semiMinor, double latitudeDegrees);

} // namespace rb::io
