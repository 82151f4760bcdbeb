#pragma once

#include "lattice/Lattice.h"
#include "model/Field.h"

#include <QVector3D>

#include <utility>
#include <vector>

namespace rb::view {

// The stored steady current drawn as arrows (View › Currents): one arrow per point of a regular
// grid in world metres, the same on both lattices (each point samples the cell fields at the
// lattice's nearest cell), pointing along the current, its length proportional to the speed —
// an arrow at the map's fastest current is 0.9 grid steps long — and lying a little above the
// water's surface. Points on land (dry, or with no current) get none. Without a window, so that
// it can be tested; the viewport draws lines().
class CurrentArrows {
public:
    struct Arrow {
        QVector3D tail, head; // view coordinates: x east, y up, z south (m)
        double speed = 0.0;   // m/s
    };
    using Line = std::pair<QVector3D, QVector3D>;

    static constexpr double kLongest = 0.9;       // grid steps of an arrow at the fastest current
    static constexpr float kAboveWater = 0.3f;    // m, so the surface does not hide them

    // `currents`: the east and south W×H fields (m/s; MapState::currents), on `lattice`; heights
    // from `bed` + `depth`. `spacingCells` ≤ 0: defaultSpacing(). Fields that do not fit the
    // lattice give no arrows.
    CurrentArrows(const Lattice& lattice, const FloatField& bed, const FloatField& depth, const std::vector<FloatField>& currents,
                  int spacingCells = 0);

    // Cells between two arrows: about 16 arrows along the map's shorter side, at least 2 and at
    // most 24 cells apart, whatever the zoom.
    static int defaultSpacing(const Lattice& lattice);

    const std::vector<Arrow>& arrows() const { return arrows_; }
    double maxSpeed() const { return maxSpeed_; }  // m/s over all the map's cells
    double gridStep() const { return gridStep_; }  // m between two arrows
    // m of arrow per m/s of current (0 when there is no current).
    double metresPerSpeed() const { return maxSpeed_ > 0.0 ? kLongest * gridStep_ / maxSpeed_ : 0.0; }
    // Each arrow as three lines: the shaft, and two barbs at its head.
    std::vector<Line> lines() const;

private:
    void addArrowAt(const Lattice& lattice, const FloatField& bed, const FloatField& depth, const std::vector<FloatField>& currents,
                    WorldPoint point);

    std::vector<Arrow> arrows_;
    double maxSpeed_ = 0.0;
    double gridStep_ = 0.0;
};

} // namespace rb::view
