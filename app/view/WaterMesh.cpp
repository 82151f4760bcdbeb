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
    buildWetPyramid(width, height);
    if (wet_ == 0) highestSurface_ = state.bed.empty() ? 0.0f : *std::min_element(state.bed.values().begin(), state.bed.values().end());
    QByteArray bytes(static_cast<qsizetype>(pairs_.size() * sizeof(qfloat16)), Qt::Uninitialized);
    qFloatToFloat16(reinterpret_cast<qfloat16*>(bytes.data()), pairs_.data(), static_cast<qsizetype>(pairs_.size()));
    texture_.update(0, 0, width, height, bytes);
}

// Level 0 from the depths (dilated by one square, so a tile's last row and column of quads,
// which reach into the next tile, are drawn), then each level ORs 2×2 squares of the one below.
void WaterMesh::buildWetPyramid(int width, int height)
{
    constexpr int block = LodTiles::kPatchQuads;
    const int columns = (width + block - 1) / block, rows = (height + block - 1) / block;
    std::vector<unsigned char> wet(static_cast<std::size_t>(columns * rows), 0);
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x)
            if (pairs_[2 * (static_cast<std::size_t>(y) * static_cast<std::size_t>(width) + static_cast<std::size_t>(x))] >= kDryDepth)
                wet[static_cast<std::size_t>((y / block) * columns + x / block)] = 1;
    std::vector<unsigned char> dilated(wet.size(), 0);
    for (int by = 0; by < rows; ++by)
        for (int bx = 0; bx < columns; ++bx)
            for (int dy = -1; dy <= 1; ++dy)
                for (int dx = -1; dx <= 1; ++dx) {
                    const int nx = bx + dx, ny = by + dy;
                    if (nx >= 0 && ny >= 0 && nx < columns && ny < rows && wet[static_cast<std::size_t>(ny * columns + nx)])
                        dilated[static_cast<std::size_t>(by * columns + bx)] = 1;
                }
    wetBlocks_ = {std::move(dilated)};
    blockColumns_ = {columns};
    int levelColumns = columns, levelRows = rows;
    while (levelColumns > 1 || levelRows > 1) {
        const int upColumns = (levelColumns + 1) / 2, upRows = (levelRows + 1) / 2;
        std::vector<unsigned char> up(static_cast<std::size_t>(upColumns * upRows), 0);
        const std::vector<unsigned char>& below = wetBlocks_.back();
        for (int y = 0; y < levelRows; ++y)
            for (int x = 0; x < levelColumns; ++x)
                up[static_cast<std::size_t>((y / 2) * upColumns + x / 2)] |= below[static_cast<std::size_t>(y * levelColumns + x)];
        wetBlocks_.push_back(std::move(up));
        blockColumns_.push_back(upColumns);
        levelColumns = upColumns;
        levelRows = upRows;
    }
}

bool WaterMesh::wetNear(const LodTile& tile) const
{
    if (wetBlocks_.empty()) return true;
    const auto level = static_cast<std::size_t>(std::min<int>(tile.level, static_cast<int>(wetBlocks_.size()) - 1));
    const int side = LodTiles::kPatchQuads << level;
    const std::size_t i = static_cast<std::size_t>((tile.y / side) * blockColumns_[level] + tile.x / side);
    return i >= wetBlocks_[level].size() || wetBlocks_[level][i] != 0;
}

} // namespace rb::view
