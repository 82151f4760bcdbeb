#pragma once

#include "model/BoundarySegment.h"
#include "tools/AbstractTool.h"
#include "view/OverlayLines.h"

#include <optional>

class QComboBox;
class QDoubleSpinBox;

namespace rb::tools {

// Click or drag along the map's edge to select a stretch of one side (it stays on the side where
// the press was); the release sets it to the type in the options bar: wall, outflow, sea (at a
// level) or inflow (m³/s through the whole stretch). That is one SetBoundaryCommand, appending a
// segment (later segments override earlier ones; those it covers entirely are dropped).
class BoundaryTool : public AbstractTool {
    Q_OBJECT
public:
    explicit BoundaryTool(ToolContext context, QObject* parent = nullptr);

    QString statusHint() const override;
    void mapReplaced() override;
    void mousePressed(const view::ViewportMouse& mouse) override;
    void mouseMoved(const view::ViewportMouse& mouse) override;
    void mouseReleased(const view::ViewportMouse& mouse) override;
    void mouseHovered(const view::ViewportMouse& mouse) override;
    bool isBusy() const override { return selection_.has_value(); }

    BoundaryType type() const { return type_; }
    double value() const; // of the current type: m³/s for inflow, m for sea, 0 otherwise
    void setType(BoundaryType type);
    void setValue(double value);
    // Applies the current type and value to cells start..end of a side (one command).
    void apply(Side side, int start, int end);

    // The side nearest to a cell and the cell's position along it, if within `reach` cells of it.
    static std::optional<std::pair<Side, int>> edgeNear(const Lattice& lattice, CellCoord cell, int reach);

protected:
    QWidget* createOptions() override;
    void cancelInProgress() override; // drops the selection

private:
    int positionAlong(Side side, CellCoord cell) const;
    void showOverlay();
    void syncOptions();

    BoundaryType type_ = BoundaryType::Inflow;
    double inflow_ = 5.0;   // m³/s
    double seaLevel_ = 0.0; // m
    std::optional<view::BoundaryHighlight> selection_;
    QComboBox* typeBox_ = nullptr;
    QDoubleSpinBox* valueBox_ = nullptr;
};

} // namespace rb::tools
