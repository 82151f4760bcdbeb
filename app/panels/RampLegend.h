#pragma once

#include <QWidget>

class QPainter;

namespace rb::panels {

// What the colour keys of the view share (WaterLegend, ErosionLegend): a title line, a ramp of
// the view's colours from left to right, and what is drawn under it (ticks, labels). The ramp is
// drawn one column per pixel from colourAt, each the renderer's own colour for its place: the
// key is the scale itself, not a gradient between a few stops, so the two cannot drift apart.
class RampLegend : public QWidget {
    Q_OBJECT
public:
    virtual QString title() const = 0;
    QRect rampRect() const; // where the ramp is drawn, for tests

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    explicit RampLegend(QWidget* parent = nullptr);

    virtual QColor colourAt(double fraction) const = 0; // 0 at the ramp's left end, 1 at its right
    // Draws what goes around and under `ramp` (with the window's text pen).
    virtual void paintScale(QPainter& painter, const QRect& ramp) const = 0;
    // The rectangle for a label `text` centred under the ramp at x, kept inside the widget.
    QRect labelAt(int x, const QRect& ramp, const QString& text) const;

    void paintEvent(QPaintEvent* event) override;
};

} // namespace rb::panels
