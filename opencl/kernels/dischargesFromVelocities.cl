// MomentumStep::dischargesFromVelocities for one interior face (accelerateInteriorFaces calls it
// right after the face's new velocity): Q = U·(water above the higher of the two beds, on the
// upwind side)·w, speeds clamped; a face whose upwind side holds no water carries nothing.
inline void dischargeFromVelocity(__global float* flows, __global float* speeds, int face, float accelerated, __global const float* bed,
                                  __global const float* depth, int tail, int head, float faceWidth, Momentum m)
{
    const float u = clampSpeed(accelerated, m.speedLimit);
    const int upwind = u > 0.0f ? tail : head;
    const float faceDepth = bed[upwind] + depth[upwind] - maxOf(bed[head], bed[tail]);
    const bool carries = faceDepth > MOMENTUM_DRY_DEPTH;
    speeds[face] = carries ? u : 0.0f;
    flows[face] = carries ? u * faceDepth * faceWidth : 0.0f;
}
