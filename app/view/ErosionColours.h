#pragma once

#include "model/Field.h"

#include <QColor>

namespace rb::view {

// How the terrain is coloured: by height and slope (sand, grass, rock, snow), by the net erosion
// since the map's start (View › Colour terrain by erosion), or by its erodibility.
enum class TerrainColouring { Natural = 0, Erosion = 1, Erodibility = 2 };

// The colours of those views, one definition for terrain.frag (as uniforms) and the legend. The
// net deposition d diverges around 0: white where the bed is unchanged, towards blue where
// material settled (d > 0), towards red where the water took it (d < 0), full at |d| = scale.
QColor erodedColour();    // d = −scale
QColor unchangedColour(); // d = 0
QColor depositedColour(); // d = +scale
QColor erosionColour(float deposition, float scale);
// Erodibility from bedrock (0, slate grey) to loose soil (1, ochre).
QColor bedrockColour();
QColor looseSoilColour();
QColor erodibilityColour(float erodibility);
// The scale of the erosion colours: the largest |d| on the map (0 when it never eroded).
float depositionScale(const FloatField& deposition);

} // namespace rb::view
