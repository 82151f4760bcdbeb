#pragma once

#include "model/MapState.h"

#include <QVector3D>

#include <memory>
#include <optional>

namespace rb::view {

struct PickResult {
    CellCoord cell;
    QVector3D point; // where the ray meets the surface (x east, y up, z south)
};

// Finds what is under the cursor by marching the view ray over the heightfield (the water
// surface where wet, else the bed) and refining the crossing by bisection. Works on the full
// resolution state, whatever the mesh's level of detail.
class Picker {
public:
    void setState(std::shared_ptr<const MapState> state);
    const MapState* state() const { return state_.get(); }

    std::optional<PickResult> pick(QVector3D origin, QVector3D direction) const;
    float surfaceAt(double x, double z) const; // bilinear over cells (nearest cell on the edges)

private:
    bool clipToMap(QVector3D origin, QVector3D direction, float& tEnter, float& tExit) const;

    std::shared_ptr<const MapState> state_;
    FloatField surface_;
    float lowest_ = 0.0f;
    float highest_ = 0.0f;
};

} // namespace rb::view
