#include "AnalyticSolutions.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace rb::analytic {
namespace {

constexpr double kPi = 3.14159265358979323846;

} // namespace

double ritterFrontSpeed(double h0, double g)
{
    return 2.0 * std::sqrt(g * h0);
}

double ritterDepth(double x, double t, double h0, double x0, double g)
{
    if (t <= 0.0) return x < x0 ? h0 : 0.0;
    const double c0 = std::sqrt(g * h0);
    const double xi = (x - x0) / t;
    if (xi <= -c0) return h0;
    if (xi >= 2.0 * c0) return 0.0;
    return (2.0 * c0 - xi) * (2.0 * c0 - xi) / (9.0 * g);
}

double ritterVelocity(double x, double t, double h0, double x0, double g)
{
    if (t <= 0.0) return 0.0;
    const double c0 = std::sqrt(g * h0);
    const double xi = (x - x0) / t;
    if (xi <= -c0 || xi >= 2.0 * c0) return 0.0;
    return 2.0 * (c0 + xi) / 3.0;
}

double stokerResidual(double cm, double h0, double hr, double g)
{
    const double c0 = std::sqrt(g * h0);
    const double ghr = g * hr;
    const double cm2 = cm * cm;
    return -8.0 * ghr * cm2 * (c0 - cm) * (c0 - cm) + (cm2 - ghr) * (cm2 - ghr) * (cm2 + ghr);
}

StokerStates stokerStates(double h0, double hr, double g)
{
    if (!(hr > 0.0 && hr < h0)) throw std::invalid_argument("Stoker needs 0 < hr < h0");
    StokerStates s;
    s.h0 = h0;
    s.hr = hr;
    s.c0 = std::sqrt(g * h0);
    // The residual is negative at sqrt(g·hr) and positive at c0: bisect.
    double lo = std::sqrt(g * hr), hi = s.c0;
    for (int i = 0; i < 200 && hi - lo > 1e-15; ++i) {
        const double mid = 0.5 * (lo + hi);
        if (stokerResidual(mid, h0, hr, g) < 0.0) lo = mid;
        else hi = mid;
    }
    s.cm = 0.5 * (lo + hi);
    s.hm = s.cm * s.cm / g;
    s.um = 2.0 * (s.c0 - s.cm);
    s.shockSpeed = 2.0 * s.cm * s.cm * (s.c0 - s.cm) / (s.cm * s.cm - g * hr);
    return s;
}

double stokerDepth(double x, double t, double x0, const StokerStates& s, double g)
{
    if (t <= 0.0) return x < x0 ? s.h0 : s.hr;
    const double xi = (x - x0) / t;
    if (xi <= -s.c0) return s.h0;
    if (xi <= s.um - s.cm) return (2.0 * s.c0 - xi) * (2.0 * s.c0 - xi) / (9.0 * g);
    if (xi <= s.shockSpeed) return s.hm;
    return s.hr;
}

double stokerVelocity(double x, double t, double x0, const StokerStates& s, double /*g*/)
{
    if (t <= 0.0) return 0.0;
    const double xi = (x - x0) / t;
    if (xi <= -s.c0) return 0.0;
    if (xi <= s.um - s.cm) return 2.0 * (s.c0 + xi) / 3.0;
    if (xi <= s.shockSpeed) return s.um;
    return 0.0;
}

double ThackerPlanar::omega() const
{
    return std::sqrt(2.0 * g * h0) / a;
}

double ThackerPlanar::period() const
{
    return 2.0 * kPi / omega();
}

double ThackerPlanar::bed(double x) const
{
    return -h0 * (1.0 - x * x / (a * a));
}

double ThackerPlanar::displacement(double t) const
{
    return s0 * std::cos(omega() * t);
}

double ThackerPlanar::velocity(double t) const
{
    return -s0 * omega() * std::sin(omega() * t);
}

double ThackerPlanar::depth(double x, double t) const
{
    const double d = x - displacement(t);
    return std::max(0.0, h0 * (1.0 - d * d / (a * a)));
}

double ThackerPlanar::surface(double x, double t) const
{
    return bed(x) + depth(x, t);
}

double manningNormalDepth(double n, double q, double slope)
{
    return std::pow(n * q / std::sqrt(slope), 3.0 / 5.0);
}

double criticalDepth(double q, double g)
{
    return std::cbrt(q * q / g);
}

} // namespace rb::analytic
