#pragma once

#include "lattice/Lattice.h"
#include "tools/AbstractTool.h"
#include "tools/TerrainStroke.h"

#include <optional>

class QDoubleSpinBox;

namespace rb::tools {

// Digs a channel along the dragged path: a trench `width` wide and `depth` deep below the terrain
// as it was when the drag began, with a flat bottom over the middle half of its width and
// cosine-rounded banks. Going over the same ground twice does not dig deeper; the terrain is only
// ever lowered. One drag is one PaintTerrainCommand.
class DigChannelTool : public AbstractTool {
    Q_OBJECT
public:
    explicit DigChannelTool(ToolContext context, QObject* parent = nullptr);

    QString statusHint() const override;
    void mapReplaced() override;
    void mousePressed(const view::ViewportMouse& mouse) override;
    void mouseMoved(const view::ViewportMouse& mouse) override;
    void mouseReleased(const view::ViewportMouse& mouse) override;
    void mouseHovered(const view::ViewportMouse& mouse) override;
    void resize(int steps) override;
    bool isBusy() const override { return stroke_.active(); }

    double widthCells() const { return widthCells_; }
    double depth() const { return depth_; }
    void setWidthCells(double cells);
    void setDepth(double metres);

    // The trench's depth below the original terrain at `distance` from its centre line.
    static double profile(double distance, double width, double depth);

protected:
    QWidget* createOptions() override;
    void cancelInProgress() override;
    view::BrushOutline footprintAround(const QVector3D& centre) const override;

private:
    double widthMetres() const;
    void carve(WorldPoint from, WorldPoint to);
    void syncBoxes();

    double widthCells_ = 3.0;
    double depth_ = 2.0;
    TerrainStroke stroke_;
    std::optional<WorldPoint> last_;
    QDoubleSpinBox* widthBox_ = nullptr;
    QDoubleSpinBox* depthBox_ = nullptr;
};

} // namespace rb::tools
