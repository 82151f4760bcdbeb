#pragma once

#include "panels/RampLegend.h"
#include "view/WaterMesh.h"

namespace rb::panels {

// The key to the water's colours: a ramp drawn from view::WaterColourScale (the renderer's own
// definition) with ticks in m or m/s, for whichever colouring the View menu has chosen.
class WaterLegend : public RampLegend {
    Q_OBJECT
public:
    explicit WaterLegend(QWidget* parent = nullptr);

    void setColouring(view::WaterColouring colouring);
    view::WaterColouring colouring() const { return colouring_; }
    QString title() const override;
    float rampTop() const; // the value at the ramp's right end (m or m/s)

protected:
    QColor colourAt(double fraction) const override;
    void paintScale(QPainter& painter, const QRect& ramp) const override;

private:
    view::WaterColouring colouring_ = view::WaterColouring::Depth;
};

} // namespace rb::panels
