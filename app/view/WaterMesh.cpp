#include "view/WaterMesh.h"

#include "view/FlowSpeed.h"

#include <QFloat16>

#include <algorithm>
#include <limits>

namespace rb::view {

WaterMesh::WaterMesh(int width, int height, Qt3DCore::QNode* textureParent)
    : texture_(width, height, FieldTexture::Format::Pair16F, textureParent)
{
}

void WaterMesh::update(const MapState& state, WaterColouring colouring)
{
    const int width = state.lattice.width(), height = state.lattice.height();
    if (width != texture_.width() || height != texture_.height()) return; // a snapshot of another map
    pairs_.resize(2 * state.depth.size());
    wet_ = 0;
    highestSurface_ = std::numeric_limits<float>::lowest();
    const bool bySpeed = colouring == WaterColouring::Speed;
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x) {
            const std::size_t i = static_cast<std::size_t>(y) * static_cast<std::size_t>(width) + static_cast<std::size_t>(x);
            const float depth = state.depth[i];
            const bool wet = depth >= kDryDepth;
            pairs_[2 * i] = depth;
            pairs_[2 * i + 1] = wet && bySpeed ? static_cast<float>(cellSpeed(state, x, y)) : depth;
            if (wet) highestSurface_ = std::max(highestSurface_, state.bed[i] + depth);
            wet_ += wet ? 1 : 0;
        }
    if (wet_ == 0) highestSurface_ = state.bed.empty() ? 0.0f : *std::min_element(state.bed.values().begin(), state.bed.values().end());
    QByteArray bytes(static_cast<qsizetype>(pairs_.size() * sizeof(qfloat16)), Qt::Uninitialized);
    qFloatToFloat16(reinterpret_cast<qfloat16*>(bytes.data()), pairs_.data(), static_cast<qsizetype>(pairs_.size()));
    texture_.update(0, 0, width, height, bytes);
}

} // namespace rb::view
