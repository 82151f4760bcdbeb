#pragma once

#include "model/MapState.h"
#include "view/FieldTexture.h"
#include "view/LodTiles.h"

#include <QFloat16>

#include <vector>

namespace rb::view {

enum class WaterColouring { Depth, Speed };

// The water as the GPU draws it: per cell its depth and the value its colour is looked up by
// (depth again, or speed), two 16-bit floats in a texture refreshed from each snapshot. The
// vertex shader puts wet vertices at bed + depth and sinks dry ones just under the terrain;
// water.frag colours by WaterColourRamp and makes thin films nearly clear.
class WaterMesh {
public:
    WaterMesh(int width, int height, Qt3DCore::QNode* textureParent);

    void update(const MapState& state, WaterColouring colouring);
    // The dye's concentrations (channels 0–3 as RGBA bytes) when shown; cleared to none when not.
    void updateDye(const MapState& state, bool shown);
    const FieldTexture& texture() const { return texture_; }
    const FieldTexture& dyeTexture() const { return dyeTexture_; }
    float highestSurface() const { return highestSurface_; } // m, over wet cells (the bed's lowest if none)
    std::size_t wetCellCount() const { return wet_; }
    // Whether a level-of-detail tile has water on it or next to it: dry tiles are not drawn.
    bool wetNear(const LodTile& tile) const;

private:
    void startWetPyramid(int width, int height);
    void markWet(int x, int y);
    void finishWetPyramid();
    void uploadBand(int x0, int x1, int y0, int rows);
    static constexpr int kBandRows = 64; // rows per partial upload

    FieldTexture texture_;
    FieldTexture dyeTexture_;
    bool dyeOnTexture_ = true; // true until the first clear: the texture starts undefined
    // wetBlocks_[l]: a flag per square of LodTiles::kPatchQuads·2^l cells (one tile of level l),
    // set if a cell in it or in a neighbouring square is wet.
    std::vector<std::vector<unsigned char>> wetBlocks_;
    std::vector<int> blockColumns_;
    std::vector<qfloat16> halves_; // depth and colour value per cell as the texture holds them (empty: nothing uploaded yet)
    std::vector<unsigned char> wetLevel0_; // the wet pyramid's level 0 before dilation, filled during update
    int wetColumns_ = 0, wetRows_ = 0;
    float highestSurface_ = 0.0f;
    std::size_t wet_ = 0;
};

} // namespace rb::view
