#pragma once

#include "view/ErosionColours.h"

#include <QWidget>

namespace rb::panels {

// The key to the terrain's erosion colours (view/ErosionColours): a ramp from eroded (red)
// through unchanged (white) to deposited (blue) with the scale in metres, or from bedrock to
// loose soil. Hidden while the terrain shows its natural colours.
class ErosionLegend : public QWidget {
    Q_OBJECT
public:
    explicit ErosionLegend(QWidget* parent = nullptr);

    void setColouring(view::TerrainColouring colouring);
    void setScale(float metres); // the largest |net deposition| on the map
    QString title() const;       // for tests
    QString lowText() const;
    QString highText() const;
    QSize sizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    view::TerrainColouring colouring_ = view::TerrainColouring::Natural;
    float scale_ = 0.0f;
};

} // namespace rb::panels
