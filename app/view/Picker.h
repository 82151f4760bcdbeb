#pragma once

#include "model/MapState.h"
#include "view/SurfaceTriangles.h"

#include <QVector3D>

#include <memory>
#include <optional>

namespace rb::view {

struct PickResult {
    CellCoord cell;
    QVector3D point; // where the ray meets the surface (x east, y up, z south)
};

// What a ray stops at: the water surface where wet (else the bed), or the terrain through the water.
enum class PickTarget { Surface, Terrain };

// Finds what is under the cursor: the exact first crossing of the view ray with the surface as
// drawn at full resolution (SurfaceTriangles). Along the ray the surface is linear between the
// crossings of the triangles' edges, so testing the sign of (ray height − surface) at those
// crossings and interpolating inside the first piece that goes under is exact at any angle,
// grazing ones included; no sampling step can skip a thin ridge.
class Picker {
public:
    // The surface as drawn (the water's where wet, else the bed) and the height ranges that bound
    // a ray's search: a pass over the map, which a large map's view makes away from the GUI thread.
    struct Surface {
        FloatField heights;
        float lowest = 0.0f, highest = 0.0f;
        float lowestBed = 0.0f, highestBed = 0.0f;
    };
    static Surface surfaceOf(const MapState& state);

    void setState(std::shared_ptr<const MapState> state);
    void setState(std::shared_ptr<const MapState> state, Surface surface); // `surface` is surfaceOf(*state)
    const MapState* state() const { return state_.get(); }

    std::optional<PickResult> pick(QVector3D origin, QVector3D direction, PickTarget target = PickTarget::Surface) const;
    // The drawn surface's height (the water's where wet, else the bed) at a world point; nullopt
    // off the map. The camera keeps above it.
    std::optional<float> surfaceHeight(float x, float z) const;

private:
    bool clipToMap(QVector3D origin, QVector3D direction, float lowest, float highest, double& tEnter, double& tExit) const;

    std::shared_ptr<const MapState> state_;
    std::optional<SurfaceTriangles> triangles_;
    Surface surface_;
};

} // namespace rb::view
