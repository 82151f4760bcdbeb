#pragma once

#include "model/CellRegion.h"
#include "model/Map.h"
#include "view/FieldTexture.h"

#include <memory>

namespace rb::view {

// The terrain as the GPU draws it: the bed at full resolution in a height texture, which the
// level-of-detail mesh (LodMesh, surface.vert) samples, its slopes for per-pixel lighting, and
// what its colours need (sea level and
// the height range: terrain.frag paints sand near the sea, grass, rock on steep slopes and high
// up, snow on the highest gentle ground). Built once per map; the terrain tools' edits upload
// only the rectangle they changed (updateBed).
class TerrainMesh {
public:
    TerrainMesh(const Map& map, Qt3DCore::QNode* textureParent);

    // The bed changed over `rect`: uploads those texels (and the slopes one cell around them) and
    // refreshes the height range.
    void updateBed(const FloatField& bed, const CellRegion& rect);

    const FieldTexture& texture() const { return texture_; }
    const FieldTexture& slopes() const { return slopes_; } // ∂bed/∂x, ∂bed/∂z per cell
    // The erosion views' values per cell: R the net deposition (m), G the erodibility (0…1).
    const FieldTexture& erosion() const { return erosion_; }
    // The whole net deposition (empty: none), uploaded only when it changed; the erodibility over
    // `rect` (empty field: 1 everywhere).
    void updateDeposition(const FloatField& deposition);
    void updateErodibility(const FloatField& erodibility, const CellRegion& rect);
    float seaLevel() const { return seaLevel_; }
    float lowest() const { return lowest_; }
    float highest() const { return highest_; }

private:
    void measure(const FloatField& bed);
    void uploadSlopes(const FloatField& bed, const CellRegion& rect);
    void uploadErosion(const CellRegion& rect);

    FieldTexture texture_;
    // The bed's gradient, for terrain.frag's per-pixel normal: one filtered fetch a pixel instead
    // of four of the heights, which a software renderer's fragment stage feels.
    FieldTexture slopes_;
    FieldTexture erosion_;
    FloatField deposition_, erodibility_; // what erosion_ holds, W×H
    double cellSize_ = 1.0, rowSpacing_ = 1.0;
    float seaLevel_ = 0.0f;
    float lowest_ = 0.0f;
    float highest_ = 0.0f;
};

// The level the map's sea boundary holds, else the generator's sea_level, else 0: where the
// terrain palette puts the beach.
float seaLevelOf(const Map& map);

} // namespace rb::view
