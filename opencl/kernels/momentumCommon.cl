// Shared by the momentum kernels (core/solver/MomentumStep.cpp, the reference they mirror float
// operation for float operation, in the same order; FP_CONTRACT is off for the whole program).
// The host's header adds the neighbour table of each row parity (NEIGHBOUR_*), taken from
// MomentumStep itself, and the families' directions (FAMILY_DIRECTION_X/Y), as exact floats.

// What a momentum step needs, from MomentumConstants::from (the CPU step's own function).
typedef struct {
    float dt, gravity;
    float frictionFactor;   // (1 − friction)^dt, when Manning's n is 0
    float manningTerm;      // g·n²
    float eddyViscosity;    // ν (m²/s)
    float cellArea, dtOverArea, rainDepth, evaporationDepth;
    float speedLimit;       // |u| ≤ this (Chentanez & Müller's clamp)
    float laplacian;        // 4/(N·l²): the lattice Laplacian's weight per neighbour
    float pipeLength[3], faceWidth[3];
} Momentum;

// std::min, std::max and std::clamp as the C++ standard defines them: fmin and fmax may return
// either zero when comparing 0 with −0, and the flows' signs must come out bit for bit.
inline float minOf(float a, float b) { return b < a ? b : a; }
inline float maxOf(float a, float b) { return a < b ? b : a; }
inline float clampSpeed(float u, float limit) { return u < -limit ? -limit : (limit < u ? limit : u); }

inline float crossOf(float ax, float ay, float bx, float by) { return ax * by - ay * bx; }

// MomentumStep::isFace: a face with at least one end on the map.
inline bool isFace(Grid g, int family, int x, int y)
{
    if (x < -1 || y < -1 || x > g.width || y > g.height) return false;
    const int2 t = tailOffset(family, y);
    return contains(g, x, y) || contains(g, x + t.x, y + t.y);
}

// ... that is not a wall (walls: one byte per face, per family plane).
inline bool isOpenFace(Grid g, __global const uchar* walls, int family, int x, int y)
{
    return isFace(g, family, x, y) && !walls[family * plane(g) + paddedIndex(g, x, y)];
}

// The cube root of glibc 2.36's cbrtf (sysdeps/ieee754/flt-32/s_cbrtf.c), operation for
// operation, so Manning's h^(4/3) rounds as on the CPU (checked equal to the host's cbrtf on every
// positive normal float). It needs doubles; a device without them uses its own cbrt, which may
// differ in the last bit.
#ifdef cl_khr_fp64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
inline float cubeRoot(float x)
{
    const double factor[5] = {1.0 / 1.5874010519681994748, 1.0 / 1.2599210498948731648, 1.0, 1.2599210498948731648, 1.5874010519681994748};
    int exponent;
    const float mantissa = frexp(fabs(x), &exponent);
    if (exponent == 0 && (x == 0.0f || isnan(x) || isinf(x))) return x + x;
    const float u = (float)(0.492659620528969547 + (0.697570460207922770 - 0.191502161678719066 * (double)mantissa) * (double)mantissa);
    const float t2 = u * u * u;
    const float ym = (float)((double)u * ((double)t2 + 2.0 * (double)mantissa) / (2.0 * (double)t2 + (double)mantissa) * factor[2 + exponent % 3]);
    return ldexp(x > 0.0f ? ym : -ym, exponent / 3);
}
#else
inline float cubeRoot(float x) { return cbrt(x); }
#endif

// MomentumStep::applyFriction: Manning, semi-implicit, with the whole speed at the face
// (MANNING_SLOWED, the formula the host's contract writes: StepContract.h); or the seed's (1 − friction)^dt.
inline float applyFriction(Momentum m, float speed, float fullSpeed, float faceDepth)
{
    if (m.manningTerm <= 0.0f) return speed * m.frictionFactor;
    const float h = maxOf(faceDepth, MOMENTUM_DRY_DEPTH);
    return MANNING_SLOWED(speed, m.dt * m.manningTerm, fullSpeed, h, cubeRoot); // the contract's formula
}

// The cell vectors reconstructCellDischarges leaves for the other stages: four planes of the
// cell layout, discharge per width (x, y) then velocity (x, y), after a guard row (a vector may
// reach a column or row beyond the ring, whose values it then discards).
#define CELL_QX 0
#define CELL_QY 1
#define CELL_UX 2
#define CELL_UY 3
inline int cellVectorIndex(Grid g, int component, int index) { return g.pitch + component * plane(g) + index; }
inline float cellVector(__global const float* vectors, Grid g, int component, int index) { return vectors[cellVectorIndex(g, component, index)]; }

// The same, VEC cells of a row at a time (see common.cl): std::min, std::max as the standard
// defines them, lane by lane; the walls of VEC faces as a mask; the cube root lane by lane.
inline floatv minOfV(floatv a, floatv b) { return b < a ? b : a; }
inline floatv maxOfV(floatv a, floatv b) { return a < b ? b : a; }

// MomentumStep::movingDepth: the cells' mean depth, at most the water over the higher bed below the
// higher surface (a film pouring over a cliff's edge moves as a film).
inline floatv movingDepthV(floatv hHead, floatv hTail, floatv bHead, floatv bTail)
{
    const floatv mean = 0.5f * (hHead + hTail);
    const floatv overHigherBed = maxOfV(bHead + hHead, bTail + hTail) - maxOfV(bHead, bTail);
    return minOfV(overHigherBed, mean);
}
#if VEC == 1
#define WALLS(p, i) ((int)(p)[i] != 0)
inline floatv cubeRootV(floatv x) { return cubeRoot(x); }
#else
#if VEC == 8
#define WALLS(p, i) (convert_int8(vload8(0, (p) + (i))) != 0)
#else
#define WALLS(p, i) (convert_int16(vload16(0, (p) + (i))) != 0)
#endif
inline floatv cubeRootV(floatv x)
{
    float lanes[VEC];
    STOREV(x, lanes, 0);
    for (int i = 0; i < VEC; ++i) lanes[i] = cubeRoot(lanes[i]);
    return LOADV(lanes, 0);
}
#endif

// applyFriction for VEC faces.
inline floatv applyFrictionV(Momentum m, floatv speed, floatv fullSpeed, floatv faceDepth)
{
    if (m.manningTerm <= 0.0f) return speed * m.frictionFactor;
    const floatv h = maxOfV(faceDepth, (floatv)(MOMENTUM_DRY_DEPTH));
    return MANNING_SLOWED(speed, m.dt * m.manningTerm, fullSpeed, h, cubeRootV);
}
