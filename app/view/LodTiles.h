#pragma once

#include "lattice/Lattice.h"

#include <QMatrix4x4>
#include <QVector3D>

#include <vector>

namespace rb::view {

// One drawn copy of the shared grid patch: kPatchQuads × kPatchQuads quads whose corners are the
// cells (x + i·2^level, y + j·2^level).
struct LodTile {
    int x = 0, y = 0; // the patch's first cell
    int level = 0;    // 0: one quad per cell; each level doubles the spacing
};

// Where the camera is, as the level-of-detail distance sees it: its position over the map and how
// far it is above (or below) the band of heights the surfaces occupy. The shaders use the same
// numbers for their morph, so the tiles chosen here and the vertices' morph always agree.
struct LodEye {
    float x = 0.0f, z = 0.0f; // world position over the map (m)
    float vertical = 0.0f;    // distance to the band [lowest, highest] of heights (m)
    float distanceTo(float px, float pz) const;
};

// The CDLOD quadtree over a map: a square of 2^level·kPatchQuads cells per tile, split while the
// camera is within the next finer level's range, so the number of tiles (and triangles) follows
// the screen — roughly constant per level, a handful of levels — not the map's size.
//
// Why the ranges are what they are: a tile of level L is drawn fully morphed to level L+1 beyond
// range(L) (so it meets a coarser neighbour without cracks), and unmorphed up to
// kMorphStart·range(L) (so it meets a finer neighbour without cracks). A finer neighbour lies at
// most range(L−1) + the diagonal of a level-L tile away, which must stay within kMorphStart·range(L):
// kRangeInTiles·(kMorphStart − 1/2) ≥ √2·(1 + 1/kPatchQuads) holds with the values below.
// Detail: a level-L quad spans 2^L cells and is drawn from range(L−1) to range(L), so it covers
// between 1/(kRangeInTiles·kPatchQuads) and twice that of a radian: 5 to 10 pixels at the
// editor's usual 800-pixel-high, 40° view.
class LodTiles {
public:
    static constexpr int kPatchQuads = 32;
    static constexpr float kRangeInTiles = 6.0f; // range(L) = kRangeInTiles · tile side at level L
    static constexpr float kMorphStart = 0.8f;   // fraction of range(L) where the morph to L+1 begins

    LodTiles() = default;
    explicit LodTiles(const Lattice& lattice);

    int topLevel() const { return topLevel_; } // one tile covers the map
    float range(int level) const;              // metres
    float baseRange() const { return range(0); }

    // The tiles to draw for this eye, leaving out those wholly outside the view (viewProjection's
    // frustum) for a box of heights [lowest, highest].
    std::vector<LodTile> select(const LodEye& eye, const QMatrix4x4& viewProjection, float lowest, float highest) const;

private:
    struct Box {
        float x0, z0, x1, z1;
    };
    Box worldBox(int x, int y, int level) const;
    void visit(int x, int y, int level, const LodEye& eye, const QMatrix4x4& viewProjection, float lowest, float highest,
               std::vector<LodTile>& tiles) const;

    int width_ = 0, height_ = 0;
    double cellSize_ = 1.0, rowSpacing_ = 1.0;
    int topLevel_ = 0;
};

} // namespace rb::view
