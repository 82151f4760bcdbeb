// MomentumStep::reconstructCellDischarges: at every cell, the discharge per width q and the
// velocity u from its faces' components along their families, by least squares over the faces
// that can carry flow (a wall's face is left out). Each work-item takes VEC cells of a row; a
// face's terms are added only where it is no wall (a select, as the CPU step skips it).
inline void reconstructCellVectors(__global float* vectors, int componentX, int componentY, __global const float* components,
                                   __global const uchar* walls, Grid g, Momentum m, intv cell, int c, int parity, bool perWidth,
                                   bool inside)
{
    floatv mxx = 0.0f, mxy = 0.0f, myy = 0.0f, rx = 0.0f, ry = 0.0f;
#pragma unroll
    for (int f = 0; f < FAMILY_COUNT; ++f) {
        const float dx = FAMILY_DIRECTION_X[f], dy = FAMILY_DIRECTION_Y[f];
        const float scale = perWidth ? 1.0f / m.faceWidth[f] : 1.0f;
#pragma unroll
        for (int k = 0; k < 2; ++k) { // the face that ends here, then the one that starts here
            const int slot = f * plane(g) + (k == 0 ? c : c + offsetIndex(g, headOffset(f, parity)));
            const intv open = inside ? (intv)(-1) : !WALLS(walls, slot); // a wall is a face on the map's edge
            const floatv component = LOADV(components, slot) * scale;
            mxx = open ? mxx + dx * dx : mxx;
            mxy = open ? mxy + dx * dy : mxy;
            myy = open ? myy + dy * dy : myy;
            rx = open ? rx + dx * component : rx;
            ry = open ? ry + dy * component : ry;
        }
    }
    const floatv determinant = mxx * myy - mxy * mxy;
    const intv known = cell & !(determinant < MIN_DISCHARGE_FIT_DETERMINANT); // too few faces tell no direction: 0
    const floatv vx = (myy * rx - mxy * ry) / determinant, vy = (mxx * ry - mxy * rx) / determinant;
    const int x = cellVectorIndex(g, componentX, c), y = cellVectorIndex(g, componentY, c);
    STOREV(known ? vx : (cell ? (floatv)(0.0f) : LOADV(vectors, x)), vectors, x);
    STOREV(known ? vy : (cell ? (floatv)(0.0f) : LOADV(vectors, y)), vectors, y);
}

// `inside` (a literal): all VEC cells at least one cell from the map's edge, so none of their faces
// is a boundary face, and so none is a wall.
inline void reconstructRow(__global float* vectors, __global const float* flows, __global const float* speeds, __global const uchar* walls,
                           Grid grid, Momentum m, int x0, int y, int parity, bool inside)
{
    const intv cell = inside ? (intv)(-1) : insideMap(grid, x0 + LANES, y);
    const int c = paddedIndex(grid, x0, y);
    reconstructCellVectors(vectors, CELL_QX, CELL_QY, flows, walls, grid, m, cell, c, parity, true, inside);
    reconstructCellVectors(vectors, CELL_UX, CELL_UY, speeds, walls, grid, m, cell, c, parity, false, inside);
}

__kernel void reconstructCellDischarges(__global float* vectors, __global const float* flows, __global const float* speeds,
                                        __global const uchar* walls, Grid grid, Momentum m)
{
    const int x0 = get_global_id(0) * VEC, y = get_global_id(1);
    if (x0 >= grid.width || y >= grid.height) return;
    const bool inside = x0 >= 1 && x0 + VEC <= grid.width - 1 && y >= 1 && y < grid.height - 1;
    if (inside && (y & 1)) reconstructRow(vectors, flows, speeds, walls, grid, m, x0, y, 1, true);
    else if (inside) reconstructRow(vectors, flows, speeds, walls, grid, m, x0, y, 0, true);
    else if (y & 1) reconstructRow(vectors, flows, speeds, walls, grid, m, x0, y, 1, false);
    else reconstructRow(vectors, flows, speeds, walls, grid, m, x0, y, 0, false);
}
