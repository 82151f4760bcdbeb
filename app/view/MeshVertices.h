#pragma once

#include <cstddef>
#include <vector>

namespace rb::view {

// The vertex layout of the overlay lines (SurfaceGeometry): position (x east, y up, z south),
// normal, RGBA colour, interleaved as floats.
struct MeshVertices {
    static constexpr int kFloatsPerVertex = 10;
    static constexpr int kPositionOffset = 0;
    static constexpr int kNormalOffset = 3;
    static constexpr int kColourOffset = 6;

    std::vector<float> values;

    std::size_t vertexCount() const { return values.size() / kFloatsPerVertex; }
    float* vertex(std::size_t i) { return values.data() + i * kFloatsPerVertex; }
    const float* vertex(std::size_t i) const { return values.data() + i * kFloatsPerVertex; }
};

} // namespace rb::view
