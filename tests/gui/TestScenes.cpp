#include "TestScenes.h"

namespace rb::guitest {

bool LakeScene::inLake(int x, int y)
{
    const int dx = x - kLakeX, dy = y - kLakeY;
    return dx * dx + dy * dy <= kLakeRadius * kLakeRadius;
}

Map LakeScene::make()
{
    Map map;
    map.state = MapState(Lattice(LatticeKind::Square, kWidth, kHeight, kCellSize));
    for (int y = 0; y < kHeight; ++y)
        for (int x = 0; x < kWidth; ++x) {
            float bed = kPlateau;
            if (x >= 36) bed = kPlateau * static_cast<float>(kWidth - 1 - x) / static_cast<float>(kWidth - 1 - 36);
            if (inLake(x, y)) bed = kLakeBed;
            map.state.bed(x, y) = bed;
            map.state.depth(x, y) = inLake(x, y) ? kLakeSurface - kLakeBed : 0.0f;
        }
    map.params.dt = 0.05;
    map.params.substeps = 20;
    map.boundary = {wholeSide(map.state.lattice, Side::East, BoundaryType::Outflow, 0.0)};
    return map;
}

double LakeScene::lakeVolume(const MapState& state)
{
    double volume = 0.0;
    for (int y = 0; y < kHeight; ++y)
        for (int x = 0; x < kWidth; ++x)
            if (inLake(x, y)) volume += static_cast<double>(state.depth(x, y)) * state.lattice.cellArea();
    return volume;
}

Map flatWalledBasin()
{
    Map map;
    map.state = MapState(Lattice(LatticeKind::Square, 48, 48, 2.0));
    map.params.dt = 0.05;
    map.params.substeps = 20;
    return map;
}

} // namespace rb::guitest
