// MomentumStep::reconstructCellDischarges: at every cell, the discharge per width q and the
// velocity u from its faces' components along their families, by least squares over the faces
// that can carry flow (a wall's face is left out). One work-item per cell.
inline float2 reconstructCellVector(Grid g, __global const float* components, __global const uchar* walls, Momentum m, int x, int y,
                                    bool perWidth)
{
    float mxx = 0.0f, mxy = 0.0f, myy = 0.0f, rx = 0.0f, ry = 0.0f;
#pragma unroll
    for (int f = 0; f < FAMILY_COUNT; ++f) {
        const int2 h = headOffset(f, y);
        const float dx = FAMILY_DIRECTION_X[f], dy = FAMILY_DIRECTION_Y[f];
        const float scale = perWidth ? 1.0f / m.faceWidth[f] : 1.0f;
#pragma unroll
        for (int k = 0; k < 2; ++k) {
            const int slot = f * plane(g) + (k == 0 ? paddedIndex(g, x, y) : paddedIndex(g, x + h.x, y + h.y));
            if (walls[slot]) continue;
            const float c = components[slot] * scale;
            mxx += dx * dx;
            mxy += dx * dy;
            myy += dy * dy;
            rx += dx * c;
            ry += dy * c;
        }
    }
    const float determinant = mxx * myy - mxy * mxy;
    if (determinant < 1e-3f) return (float2)(0.0f, 0.0f); // too few faces to tell a direction
    return (float2)((myy * rx - mxy * ry) / determinant, (mxx * ry - mxy * rx) / determinant);
}

__kernel void reconstructCellDischarges(__global float* vectors, __global const float* flows, __global const float* speeds,
                                        __global const uchar* walls, Grid grid, Momentum m)
{
    const int x = get_global_id(0), y = get_global_id(1);
    if (x >= grid.width || y >= grid.height) return;
    const int c = paddedIndex(grid, x, y);
    const float2 q = reconstructCellVector(grid, flows, walls, m, x, y, true);
    const float2 u = reconstructCellVector(grid, speeds, walls, m, x, y, false);
    vectors[cellVectorIndex(grid, CELL_QX, c)] = q.x;
    vectors[cellVectorIndex(grid, CELL_QY, c)] = q.y;
    vectors[cellVectorIndex(grid, CELL_UX, c)] = u.x;
    vectors[cellVectorIndex(grid, CELL_UY, c)] = u.y;
}
