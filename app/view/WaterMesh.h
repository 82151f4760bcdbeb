#pragma once

#include "model/MapState.h"
#include "view/MeshGrid.h"
#include "view/MeshVertices.h"

namespace rb::view {

enum class WaterColouring { Depth, Speed };

// The water surface on the terrain's grid, rebuilt from each snapshot: wet vertices at bed + depth
// coloured by depth (or speed) with an opacity that grows with depth; dry vertices sink just under
// the terrain with zero opacity, so dry ground shows no water and shorelines fade out.
class WaterMesh {
public:
    explicit WaterMesh(const MeshGrid& grid);

    void update(const MapState& state, WaterColouring colouring);
    const MeshVertices& vertices() const { return vertices_; }
    std::size_t wetVertexCount() const { return wet_; }

private:
    const MeshGrid* grid_;
    MeshVertices vertices_;
    std::size_t wet_ = 0;
};

} // namespace rb::view
