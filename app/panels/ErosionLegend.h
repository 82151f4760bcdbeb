#pragma once

#include "panels/RampLegend.h"
#include "view/ErosionColours.h"

namespace rb::panels {

// The key to the terrain's erosion colours (view/ErosionColours): a ramp from eroded (red)
// through unchanged (white) to deposited (blue) with the scale in metres, or from bedrock to
// loose soil. Hidden while the terrain shows its natural colours.
class ErosionLegend : public RampLegend {
    Q_OBJECT
public:
    explicit ErosionLegend(QWidget* parent = nullptr);

    void setColouring(view::TerrainColouring colouring);
    void setScale(float metres); // the largest |net deposition| on the map
    QString title() const override;
    QString lowText() const; // for tests
    QString highText() const;

protected:
    QColor colourAt(double fraction) const override;
    void paintScale(QPainter& painter, const QRect& ramp) const override;

private:
    bool byErodibility() const { return colouring_ == view::TerrainColouring::Erodibility; }

    view::TerrainColouring colouring_ = view::TerrainColouring::Natural;
    float scale_ = 0.0f;
};

} // namespace rb::panels
