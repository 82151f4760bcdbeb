#include "io/import/GeographicScale.h"

#include <cmath>
#include <numbers>

namespace rb::io {

GeographicScale geographicScale(double semiMajor, double semiMinor, double latitudeDegrees)
{
    const double radiansPerDegree = std::numbers::pi / 180.0;
    const double e2 = 1.0 - (semiMinor * semiMinor) / (semiMajor * semiMajor);
    const double phi = latitudeDegrees * radiansPerDegree;
    const double w = std::sqrt(1.0 - e2 * std::sin(phi) * std::sin(phi));
    const double meridional = semiMajor * (1.0 - e2) / (w * w * w);
    const double primeVertical = semiMajor / w;
    return {meridional * radiansPerDegree, primeVertical * std::cos(phi) * radiansPerDegree};
}

} // namespace rb::io
