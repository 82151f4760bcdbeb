#pragma once

// Exact solutions of the shallow-water equations that the momentum model is validated against
// (MomentumValidationTest.cpp). Pure functions of position and time, in SI units; x is the world
// coordinate along the flow (m), t the time since release (s), g the gravity (m/s²).
// References: Ritter (1892) and Stoker (1957) dam breaks as given in SWASHES (Delestre et al.
// 2013, §4.1.1–4.1.2); Thacker (1981) planar surface in a parabolic bowl (SWASHES §4.2.2, 1D);
// Manning's normal depth of a wide channel.

namespace rb::analytic {

// --- Ritter: dam break over a dry bed ---------------------------------------------------------
// Still water of depth h0 for x < x0, dry beyond, released at t = 0 on a flat frictionless bed.
// With c0 = sqrt(g·h0) and ξ = (x − x0)/t: h = h0 for ξ ≤ −c0, (2c0 − ξ)²/(9g) for −c0 < ξ < 2c0,
// 0 beyond; u = 2(c0 + ξ)/3 inside the rarefaction, 0 elsewhere.
double ritterDepth(double x, double t, double h0, double x0, double g);
double ritterVelocity(double x, double t, double h0, double x0, double g);
double ritterFrontSpeed(double h0, double g); // 2·c0: the dry front runs at x0 + 2·c0·t

// --- Stoker: dam break over a wet bed ---------------------------------------------------------
// Depth h0 for x < x0, hr (0 < hr < h0) beyond. A rarefaction links h0 to a plateau of depth
// h_m = c_m²/g, velocity u_m = 2(c0 − c_m); a shock then drops to hr. c_m is the root in
// (sqrt(g·hr), c0) of −8·g·hr·c_m²·(c0 − c_m)² + (c_m² − g·hr)²·(c_m² + g·hr) = 0.
struct StokerStates {
    double c0 = 0.0;         // sqrt(g·h0), m/s
    double cm = 0.0;         // plateau celerity, m/s
    double hm = 0.0;         // plateau depth, m
    double um = 0.0;         // plateau velocity, m/s
    double shockSpeed = 0.0; // dx_C/dt = 2·c_m²·(c0 − c_m)/(c_m² − g·hr), m/s
    double hr = 0.0;
    double h0 = 0.0;
};
StokerStates stokerStates(double h0, double hr, double g);
double stokerResidual(double cm, double h0, double hr, double g); // the c_m equation's left side
double stokerDepth(double x, double t, double x0, const StokerStates& s, double g);
double stokerVelocity(double x, double t, double x0, const StokerStates& s, double g);

// --- Thacker: planar surface oscillating in a parabolic bowl (1D, frictionless) ---------------
// Bed b(x) = −h0·(1 − x²/a²), x measured from the bowl's centre. The water keeps the shape of the
// lake at rest, h = h0·(1 − (x − s)²/a²) where positive, translated by s(t) = s0·cos(ω·t) with
// ω = sqrt(2·g·h0)/a. Its surface η = (h0/a²)·(2·s·x − s²) is a plane, its velocity uniform,
// u = ds/dt = −s0·ω·sin(ω·t), and its centre of mass sits at s(t). Period 2π/ω.
// (SWASHES' planar case has s0 = a/2; its 1D values are a = 1 m, h0 = 0.5 m on a 4 m domain.)
struct ThackerPlanar {
    double a = 1.0;  // half-width of the lake at rest (m)
    double h0 = 0.5; // depth at the bowl's centre at rest (m)
    double s0 = 0.5; // initial displacement of the water (m)
    double g = 9.81;

    double omega() const;
    double period() const;
    double bed(double x) const;
    double displacement(double t) const; // s(t): the centre of mass
    double velocity(double t) const;
    double depth(double x, double t) const;
    double surface(double x, double t) const; // b + h
};

// --- Manning: uniform flow in a wide channel -----------------------------------------------
// Normal depth of a wide channel of slope S carrying q m²/s per metre of width with Manning's n:
// q = h^(5/3)·sqrt(S)/n, so h_n = (n·q/sqrt(S))^(3/5); the speed is q/h_n.
double manningNormalDepth(double n, double q, double slope);
double criticalDepth(double q, double g); // (q²/g)^(1/3)

} // namespace rb::analytic
