#include "view/WaterMesh.h"

#include "view/FlowSpeed.h"

#include <QFloat16>

#include <cstring>

#include <algorithm>
#include <cmath>
#include <limits>

namespace rb::view {

WaterMesh::WaterMesh(int width, int height, Qt3DCore::QNode* textureParent)
    : texture_(width, height, FieldTexture::Format::Pair16F, textureParent),
      dyeTexture_(width, height, FieldTexture::Format::Rgba8, textureParent)
{
}

std::optional<QByteArray> WaterMesh::prepareDye(const MapState& state, bool shown)
{
    const bool any = shown && !state.dye.empty();
    if (!any && !dyeOnTexture_) return std::nullopt; // already clear
    QByteArray bytes(static_cast<qsizetype>(4 * state.depth.size()), '\0');
    for (std::size_t c = 0; any && c < std::min<std::size_t>(state.dye.size(), 4); ++c)
        for (std::size_t i = 0; i < state.depth.size(); ++i) {
            const float h = state.depth[i];
            const float concentration = h > 0.0f ? std::clamp(state.dye[c][i] / h, 0.0f, 1.0f) : 0.0f;
            bytes[static_cast<qsizetype>(4 * i + c)] = static_cast<char>(static_cast<unsigned char>(std::lround(255.0f * concentration)));
        }
    dyeOnTexture_ = any;
    return bytes;
}

// One pass over the rows, each converted to its 16-bit texels and compared with what the texture
// holds: only the bands of rows that changed are uploaded, each trimmed to the columns that
// changed. Water at rest (a sea, a lake) rounds to the same texels frame after frame, so a large
// map's frame uploads its rivers and shores, not the whole map, and the pass reads each field once.
WaterTexels WaterMesh::prepare(const MapState& state, WaterColouring colouring, bool dyeShown)
{
    WaterTexels texels;
    const int width = state.lattice.width(), height = state.lattice.height();
    if (width != texture_.width() || height != texture_.height()) return texels; // a snapshot of another map
    const auto columns = static_cast<std::size_t>(width);
    const bool first = halves_.size() != 2 * state.depth.size();
    halves_.resize(2 * state.depth.size());
    startWetPyramid(width, height);
    texels.highestSurface = std::numeric_limits<float>::lowest();
    const bool bySpeed = colouring == WaterColouring::Speed;
    std::vector<float> pairs(2 * columns);
    std::vector<qfloat16> row(2 * columns);
    for (int y0 = 0; y0 < height; y0 += kBandRows) {
        const int rows = std::min(kBandRows, height - y0);
        int x0 = width, x1 = -1;
        for (int y = y0; y < y0 + rows; ++y) {
            const float* depth = &state.depth(0, y);
            const float* bed = &state.bed(0, y);
            for (int x = 0; x < width; ++x) {
                const bool wet = depth[x] >= kDryDepth;
                pairs[2 * static_cast<std::size_t>(x)] = depth[x];
                pairs[2 * static_cast<std::size_t>(x) + 1] = wet && bySpeed ? static_cast<float>(cellSpeed(state, x, y)) : depth[x];
                if (wet) {
                    texels.highestSurface = std::max(texels.highestSurface, bed[x] + depth[x]);
                    markWet(x, y);
                    ++texels.wet;
                }
            }
            qFloatToFloat16(row.data(), pairs.data(), static_cast<qsizetype>(pairs.size()));
            qfloat16* held = &halves_[2 * static_cast<std::size_t>(y) * columns];
            const auto same = [&](int x) { return std::memcmp(&row[2 * static_cast<std::size_t>(x)], &held[2 * static_cast<std::size_t>(x)], 2 * sizeof(qfloat16)) == 0; };
            int left = 0, right = width - 1;
            if (!first) {
                while (left <= right && same(left)) ++left;
                while (right >= left && same(right)) --right;
                if (left > right) continue; // the row as drawn
            }
            std::copy(row.begin(), row.end(), held);
            x0 = std::min(x0, left), x1 = std::max(x1, right);
        }
        if (x1 >= 0) texels.bands.push_back(band(x0, x1, y0, rows));
    }
    finishWetPyramid(texels);
    if (texels.wet == 0) texels.highestSurface = state.bed.empty() ? 0.0f : *std::min_element(state.bed.values().begin(), state.bed.values().end());
    texels.dye = prepareDye(state, dyeShown);
    return texels;
}

void WaterMesh::apply(WaterTexels texels)
{
    if (texels.wetBlocks.empty()) return; // prepared for another map's size: nothing to draw
    for (const WaterTexels::Band& b : texels.bands) texture_.update(b.x, b.y, b.width, b.rows, b.bytes);
    if (texels.dye) dyeTexture_.update(0, 0, dyeTexture_.width(), dyeTexture_.height(), *texels.dye);
    wetBlocks_ = std::move(texels.wetBlocks);
    blockColumns_ = std::move(texels.blockColumns);
    highestSurface_ = texels.highestSurface;
    wet_ = texels.wet;
}

// Columns x0…x1 of the band's rows, as the texture holds them now.
WaterTexels::Band WaterMesh::band(int x0, int x1, int y0, int rows) const
{
    const auto width = static_cast<std::size_t>(texture_.width());
    const auto columns = static_cast<std::size_t>(x1 - x0 + 1);
    QByteArray bytes(static_cast<qsizetype>(2 * sizeof(qfloat16) * columns) * rows, Qt::Uninitialized);
    auto* out = reinterpret_cast<qfloat16*>(bytes.data());
    for (int r = 0; r < rows; ++r)
        std::copy_n(&halves_[2 * (static_cast<std::size_t>(y0 + r) * width + static_cast<std::size_t>(x0))], 2 * columns,
                    out + 2 * static_cast<std::size_t>(r) * columns);
    return {x0, y0, static_cast<int>(columns), rows, std::move(bytes)};
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

// Level 0 from the depths (markWet, during update's pass), dilated by one square: a tile's last
// row and column of quads reach into the next tile, and a shore there must still be drawn. Each
// level above halves the last.
void WaterMesh::startWetPyramid(int width, int height)
{
    constexpr int block = LodTiles::kPatchQuads;
    wetColumns_ = (width + block - 1) / block;
    wetRows_ = (height + block - 1) / block;
    wetLevel0_.assign(static_cast<std::size_t>(wetColumns_ * wetRows_), 0);
}

void WaterMesh::markWet(int x, int y)
{
    constexpr int block = LodTiles::kPatchQuads;
    wetLevel0_[static_cast<std::size_t>((y / block) * wetColumns_ + x / block)] = 1;
}

void WaterMesh::finishWetPyramid(WaterTexels& texels) const
{
    int columns = wetColumns_, rows = wetRows_;
    texels.wetBlocks = {dilated(wetLevel0_, columns, rows)};
    texels.blockColumns = {columns};
    while (columns > 1 || rows > 1) {
        texels.wetBlocks.push_back(halved(texels.wetBlocks.back(), columns, rows));
        columns = (columns + 1) / 2;
        rows = (rows + 1) / 2;
        texels.blockColumns.push_back(columns);
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
