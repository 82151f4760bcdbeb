#pragma once

#include "analysis/WaterFeatures.h"
#include "model/BoundarySegment.h"
#include "model/MapState.h"
#include "model/PointSource.h"
#include "view/MeshVertices.h"

#include <QColor>
#include <QVector3D>

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace rb::view {

// The brush under the cursor: a circle of `radius` metres around `centre`, laid on the terrain.
struct BrushOutline {
    QVector3D centre;
    float radius = 1.0f;
    QColor colour = QColor(255, 220, 60);
};

// A stretch of boundary the Boundary tool is selecting.
struct BoundaryHighlight {
    Side side = Side::West;
    int start = 0;
    int end = 0;
};

QColor boundaryColour(BoundaryType type);

// Unlit coloured lines drawn over the scene (GL lines, two vertices each): the brush footprint,
// the boundary segments around the map (a colour per type, arrows pointing in for inflow, the
// selection in yellow), the river network, and the springs (blue) and drains (red) as posts with a cross on top.
// Heights come from `bed` (the document's terrain), so the lines sit on what is drawn.
class OverlayLines {
public:
    void clear();
    bool empty() const { return vertices_.values.empty(); }
    const MeshVertices& vertices() const { return vertices_; }
    std::vector<std::uint32_t> indices() const;

    void addBrush(const Lattice& lattice, const FloatField& bed, const BrushOutline& brush);
    void addBoundary(const Lattice& lattice, const FloatField& bed, const std::vector<BoundarySegment>& segments,
                     const std::optional<BoundaryHighlight>& highlight);
    void addSources(const Lattice& lattice, const FloatField& bed, const std::vector<PointSource>& sources, int selected);
    // The river network (View › River network): centre lines a little above their water surface
    // (cyan), lake outlines at their level (light blue), the coastline at sea level (sand).
    void addWaterFeatures(const analysis::WaterFeatures& features);
    // Flow particles (View › Flow particles): white streaks on the water, each from tail to head.
    void addStreaks(const std::vector<std::pair<QVector3D, QVector3D>>& streaks);
    // The stored steady current (View › Currents): arrows as lines (view/CurrentArrows), violet.
    void addCurrentArrows(const std::vector<std::pair<QVector3D, QVector3D>>& lines);

private:
    void addLine(QVector3D a, QVector3D b, QColor colour);
    void addEdgeCell(const Lattice& lattice, const FloatField& bed, Side side, int position, QColor colour, bool arrow);

    MeshVertices vertices_;
};

} // namespace rb::view
