#pragma once

#include "lattice/Lattice.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace rb::opencl {

// Where the device keeps each cell (see common.cl): every field padded with the one-cell ghost
// ring of the CPU solver's flows, rows of `pitch` elements (a multiple of the kernels' vector
// width, so a work-item's vector never reaches into the next row's cells), and a spare row
// before and after, so vectors that overhang the ring still read inside the buffer.
// Cell (x, y), x and y from −1 (the ring) to W or H, is at (y + 2)·pitch + x + 1.
struct FieldLayout {
    int width = 0, height = 0;
    int pitch = 0;
    std::size_t plane = 0; // elements of one field (one family's flows)

    FieldLayout() = default;
    FieldLayout(const Lattice& lattice, int vectorWidth)
        : width(lattice.width()), height(lattice.height()),
          pitch((lattice.width() + 2 + vectorWidth - 1) / vectorWidth * vectorWidth),
          plane(static_cast<std::size_t>(pitch) * static_cast<std::size_t>(lattice.height() + 4))
    {
    }

    std::size_t index(int x, int y) const
    {
        return static_cast<std::size_t>(y + 2) * static_cast<std::size_t>(pitch) + static_cast<std::size_t>(x + 1);
    }
    std::size_t bytes() const { return plane * sizeof(float); }

    // A row-major W×H field into this layout (zeros outside the map) and back.
    std::vector<float> fromCells(const float* cells) const
    {
        std::vector<float> out(plane, 0.0f);
        for (int y = 0; y < height; ++y)
            for (int x = 0; x < width; ++x) out[index(x, y)] = cells[static_cast<std::size_t>(y) * static_cast<std::size_t>(width) + static_cast<std::size_t>(x)];
        return out;
    }
    void toCells(const std::vector<float>& field, float* cells) const
    {
        for (int y = 0; y < height; ++y)
            for (int x = 0; x < width; ++x) cells[static_cast<std::size_t>(y) * static_cast<std::size_t>(width) + static_cast<std::size_t>(x)] = field[index(x, y)];
    }
    // A (W+2)×(H+2) padded plane (the Lattice's flow layout) into this layout and back.
    void fromPadded(const float* padded, float* out) const
    {
        for (int y = -1; y <= height; ++y)
            for (int x = -1; x <= width; ++x) out[index(x, y)] = padded[paddedHostIndex(x, y)];
    }
    void toPadded(const float* field, float* padded) const
    {
        for (int y = -1; y <= height; ++y)
            for (int x = -1; x <= width; ++x) padded[paddedHostIndex(x, y)] = field[index(x, y)];
    }
    // The device index of a Lattice padded index (as BoundaryEdge::flowIndex) or a cell index.
    std::size_t fromPaddedIndex(std::uint32_t padded) const
    {
        const auto w = static_cast<std::uint32_t>(width + 2);
        return index(static_cast<int>(padded % w) - 1, static_cast<int>(padded / w) - 1);
    }
    std::size_t fromCellIndex(std::uint32_t cell) const
    {
        const auto w = static_cast<std::uint32_t>(width);
        return index(static_cast<int>(cell % w), static_cast<int>(cell / w));
    }

private:
    std::size_t paddedHostIndex(int x, int y) const
    {
        return static_cast<std::size_t>(y + 1) * static_cast<std::size_t>(width + 2) + static_cast<std::size_t>(x + 1);
    }
};

} // namespace rb::opencl
