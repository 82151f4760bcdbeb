#pragma once

#include "model/MapState.h"
#include "view/FieldTexture.h"
#include "view/LodTiles.h"

#include <QByteArray>
#include <QFloat16>

#include <optional>
#include <vector>

namespace rb::view {

enum class WaterColouring { Depth, Speed };

// What one snapshot changes in the water as drawn (WaterMesh::prepare), ready to hand to the GPU
// (WaterMesh::apply): the texels of the bands of rows that changed, the dye texture's new
// content, and which level-of-detail tiles have water.
struct WaterTexels {
    struct Band {
        int x = 0, y = 0, width = 0, rows = 0;
        QByteArray bytes;
    };
    std::vector<Band> bands;
    std::optional<QByteArray> dye; // none: the dye texture stays as it is
    std::vector<std::vector<unsigned char>> wetBlocks;
    std::vector<int> blockColumns;
    float highestSurface = 0.0f;
    std::size_t wet = 0;
};

// The water as the GPU draws it: per cell its depth and the value its colour is looked up by
// (depth again, or speed), two 16-bit floats in a texture refreshed from each snapshot. The
// vertex shader puts wet vertices at bed + depth and sinks dry ones just under the terrain;
// water.frag colours by WaterColourRamp and makes thin films nearly clear.
class WaterMesh {
public:
    WaterMesh(int width, int height, Qt3DCore::QNode* textureParent);

    // The water of `state` drawn: prepare, then apply. The dye's concentrations (channels 0–3 as
    // RGBA bytes) when `dyeShown`; cleared to none when not.
    void update(const MapState& state, WaterColouring colouring, bool dyeShown) { apply(prepare(state, colouring, dyeShown)); }
    // The pass over the map, which may run on another thread than the GUI's (a large map's view
    // then keeps answering the camera), one call at a time: it touches only this mesh's record of
    // what the textures hold. Never for a snapshot of another map's size (an empty result).
    WaterTexels prepare(const MapState& state, WaterColouring colouring, bool dyeShown);
    // On the GUI thread: the prepared texels to the textures, the tiles' wet flags to the view.
    void apply(WaterTexels texels);
    const FieldTexture& texture() const { return texture_; }
    const FieldTexture& dyeTexture() const { return dyeTexture_; }
    float highestSurface() const { return highestSurface_; } // m, over wet cells (the bed's lowest if none)
    std::size_t wetCellCount() const { return wet_; }
    // Whether a level-of-detail tile has water on it or next to it: dry tiles are not drawn.
    bool wetNear(const LodTile& tile) const;

private:
    std::optional<QByteArray> prepareDye(const MapState& state, bool shown);
    void startWetPyramid(int width, int height);
    void markWet(int x, int y);
    void finishWetPyramid(WaterTexels& texels) const;
    WaterTexels::Band band(int x0, int x1, int y0, int rows) const;
    static constexpr int kBandRows = 64; // rows per partial upload

    FieldTexture texture_;
    FieldTexture dyeTexture_;
    // prepare's own, the record of what the textures hold (touched by prepare only):
    bool dyeOnTexture_ = true; // true until the first clear: the texture starts undefined
    std::vector<qfloat16> halves_; // depth and colour value per cell as the texture holds them (empty: nothing uploaded yet)
    std::vector<unsigned char> wetLevel0_; // the wet pyramid's level 0 before dilation, filled during the pass
    int wetColumns_ = 0, wetRows_ = 0;
    // What the view reads (set by apply, on the GUI thread): wetBlocks_[l] is a flag per square of
    // LodTiles::kPatchQuads·2^l cells (one tile of level l), set if a cell in it or in a
    // neighbouring square is wet.
    std::vector<std::vector<unsigned char>> wetBlocks_;
    std::vector<int> blockColumns_;
    float highestSurface_ = 0.0f;
    std::size_t wet_ = 0;
};

} // namespace rb::view
