#pragma once

#include "model/Map.h"

namespace rb::guitest {

// A lake held by a rim (64×48 square cells of 2 m, east side an outflow, the rest walls): a flat
// 10 m plateau with a round basin (centre (16, 24), radius 12 cells, bed 4 m) filled to 8 m, and
// from x = 36 a slope down to 0 m at the east edge. Digging from the lake across the plateau to
// the slope lets the lake drain east.
struct LakeScene {
    static constexpr int kWidth = 64;
    static constexpr int kHeight = 48;
    static constexpr double kCellSize = 2.0;
    static constexpr int kLakeX = 16, kLakeY = 24, kLakeRadius = 12;
    static constexpr float kPlateau = 10.0f, kLakeBed = 4.0f, kLakeSurface = 8.0f;

    static Map make();
    static bool inLake(int x, int y);
    static double lakeVolume(const MapState& state); // m³ of water over the basin's cells
};

// A flat dry square basin (48×48 cells of 2 m, bed 0 m) walled all round.
Map flatWalledBasin();

} // namespace rb::guitest
