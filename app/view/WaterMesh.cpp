#include "view/WaterMesh.h"

#include "view/FlowSpeed.h"

#include <QFloat16>

#include <algorithm>
#include <cmath>
#include <limits>

namespace rb::view {

WaterMesh::WaterMesh(int width, int height, Qt3DCore::QNode* textureParent)
    : texture_(width, height, FieldTexture::Format::Pair16F, textureParent),
      dyeTexture_(width, height, FieldTexture::Format::Rgba8, textureParent)
{
}

void WaterMesh::updateDye(const MapState& state, bool shown)
{
    const int width = state.lattice.width(), height = state.lattice.height();
    if (width != dyeTexture_.width() || height != dyeTexture_.height()) return;
    const bool any = shown && !state.dye.empty();
    if (!any && !dyeOnTexture_) return; // already clear
    QByteArray bytes(static_cast<qsizetype>(4 * state.depth.size()), '\0');
    for (std::size_t c = 0; any && c < std::min<std::size_t>(state.dye.size(), 4); ++c)
        for (std::size_t i = 0; i < state.depth.size(); ++i) {
            const float h = state.depth[i];
            const float concentration = h > 0.0f ? std::clamp(state.dye[c][i] / h, 0.0f, 1.0f) : 0.0f;
            bytes[static_cast<qsizetype>(4 * i + c)] = static_cast<char>(static_cast<unsigned char>(std::lround(255.0f * concentration)));
        }
    dyeTexture_.update(0, 0, width, height, bytes);
    dyeOnTexture_ = any;
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

namespace {

using Flags = std::vector<unsigned char>;

// Each flag set where it or one of its eight neighbours is set.
Flags dilated(const Flags& flags, int columns, int rows)
{
    Flags out(flags.size(), 0);
    for (int y = 0; y < rows; ++y)
        for (int x = 0; x < columns; ++x)
            for (int dy = -1; dy <= 1; ++dy)
                for (int dx = -1; dx <= 1; ++dx) {
                    const int nx = x + dx, ny = y + dy;
                    if (nx >= 0 && ny >= 0 && nx < columns && ny < rows && flags[static_cast<std::size_t>(ny * columns + nx)])
                        out[static_cast<std::size_t>(y * columns + x)] = 1;
                }
    return out;
}

// Squares of 2×2 flags ORed into one.
Flags halved(const Flags& flags, int columns, int rows)
{
    const int upColumns = (columns + 1) / 2, upRows = (rows + 1) / 2;
    Flags up(static_cast<std::size_t>(upColumns * upRows), 0);
    for (int y = 0; y < rows; ++y)
        for (int x = 0; x < columns; ++x) up[static_cast<std::size_t>((y / 2) * upColumns + x / 2)] |= flags[static_cast<std::size_t>(y * columns + x)];
    return up;
}

} // namespace

// Level 0 from the depths, dilated by one square: a tile's last row and column of quads reach
// into the next tile, and a shore there must still be drawn. Each level above halves the last.
void WaterMesh::buildWetPyramid(int width, int height)
{
    constexpr int block = LodTiles::kPatchQuads;
    int columns = (width + block - 1) / block, rows = (height + block - 1) / block;
    Flags wet(static_cast<std::size_t>(columns * rows), 0);
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x)
            if (pairs_[2 * (static_cast<std::size_t>(y) * static_cast<std::size_t>(width) + static_cast<std::size_t>(x))] >= kDryDepth)
                wet[static_cast<std::size_t>((y / block) * columns + x / block)] = 1;
    wetBlocks_ = {dilated(wet, columns, rows)};
    blockColumns_ = {columns};
    while (columns > 1 || rows > 1) {
        wetBlocks_.push_back(halved(wetBlocks_.back(), columns, rows));
        columns = (columns + 1) / 2;
        rows = (rows + 1) / 2;
        blockColumns_.push_back(columns);
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
