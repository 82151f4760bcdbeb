#pragma once

#include "view/WaterMesh.h"

#include <QWidget>

namespace rb::panels {

// The key to the water's colours: a ramp drawn from view::WaterColourScale (the renderer's own
// definition, so the two cannot drift apart) with ticks in m or m/s, for whichever colouring the
// View menu has chosen.
class WaterLegend : public QWidget {
    Q_OBJECT
public:
    explicit WaterLegend(QWidget* parent = nullptr);

    void setColouring(view::WaterColouring colouring);
    view::WaterColouring colouring() const { return colouring_; }
    QString title() const;
    float rampTop() const;  // the value at the ramp's right end (m or m/s)
    QRect rampRect() const; // where the ramp is drawn, for tests

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    QColor colourAt(float value) const;
    void paintTicks(class QPainter& painter, const QRect& ramp) const;

    view::WaterColouring colouring_ = view::WaterColouring::Depth;
};

} // namespace rb::panels
