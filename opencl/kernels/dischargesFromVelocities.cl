// MomentumStep::dischargesFromVelocities for VEC interior faces (accelerateInteriorFaces calls it
// right after the faces' new velocities): speeds clamped, Q = U·(water above the higher of the two
// beds, on the upwind side)·w; a face whose upwind side holds no water carries nothing. Lanes that
// are no interior face keep what the buffers hold.
inline void dischargesFromVelocities(__global float* newFlows, __global float* newSpeeds, int face, intv interior, floatv accelerated,
                                     floatv tailBed, floatv tailDepth, floatv headBed, floatv headDepth, float faceWidth, Momentum m)
{
    const floatv u = accelerated < -m.speedLimit ? (floatv)(-m.speedLimit) : (m.speedLimit < accelerated ? (floatv)(m.speedLimit) : accelerated);
    const intv fromTail = u > 0.0f;
    const floatv faceDepth = (fromTail ? tailBed : headBed) + (fromTail ? tailDepth : headDepth) - maxOfV(headBed, tailBed);
    const intv carries = faceDepth > MOMENTUM_DRY_DEPTH;
    STOREV(interior ? (carries ? u : (floatv)(0.0f)) : LOADV(newSpeeds, face), newSpeeds, face);
    STOREV(interior ? (carries ? u * faceDepth * faceWidth : (floatv)(0.0f)) : LOADV(newFlows, face), newFlows, face);
}
