#pragma once

#include "model/CellRegion.h"
#include "model/Map.h"
#include "view/MeshGrid.h"
#include "view/MeshVertices.h"

namespace rb::view {

// The terrain as a lit, coloured triangle mesh: sand near the sea, grass, rock on steep slopes
// and high up, snow on the highest gentle ground. Built once per map; the terrain tools' edits
// move the vertices of the cells they changed (updateBed).
class TerrainMesh {
public:
    TerrainMesh(const Map& map, int maxVerticesPerSide);

    // The bed changed over `rect`: moves the vertices there, then re-lights and re-colours.
    void updateBed(const FloatField& bed, const CellRegion& rect);

    const MeshGrid& grid() const { return grid_; }
    const MeshVertices& vertices() const { return vertices_; }
    float seaLevel() const { return seaLevel_; }
    float lowest() const { return lowest_; }
    float highest() const { return highest_; }

private:
    void placeVertices(const MapState& state);
    void colour();

    MeshGrid grid_;
    MeshVertices vertices_;
    float seaLevel_ = 0.0f;
    float lowest_ = 0.0f;
    float highest_ = 0.0f;
};

// The level the map's sea boundary holds, else the generator's sea_level, else 0: where the
// terrain palette puts the beach.
float seaLevelOf(const Map& map);

// Area-weighted vertex normals over the grid's triangles (for both surfaces).
void accumulateNormals(const MeshGrid& grid, MeshVertices& vertices);

} // namespace rb::view
