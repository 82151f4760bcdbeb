#include "panels/WaterLegend.h"

#include "view/WaterColourScale.h"

#include <QPainter>

namespace rb::panels {
namespace {

constexpr int kTicks = 4; // intervals: five labels
// Depth colours approach the deep blue exponentially: at 3 scale depths they are 95% of the way,
// the rest of the ramp would be one colour.
constexpr float kDepthScalesShown = 3.0f;

} // namespace

WaterLegend::WaterLegend(QWidget* parent) : RampLegend(parent)
{
    setColouring(view::WaterColouring::Depth);
}

void WaterLegend::setColouring(view::WaterColouring colouring)
{
    colouring_ = colouring;
    setToolTip(colouring_ == view::WaterColouring::Depth
                   ? tr("Water colour by depth (View › Colour water by speed switches to speed)")
                   : tr("Water colour by speed; %1 m/s and faster are all red").arg(static_cast<double>(rampTop())));
    update();
}

QString WaterLegend::title() const
{
    return colouring_ == view::WaterColouring::Depth ? tr("Water depth (m)") : tr("Water speed (m/s)");
}

float WaterLegend::rampTop() const
{
    return colouring_ == view::WaterColouring::Depth ? kDepthScalesShown * view::WaterColourScale::kDepthScale
                                                     : view::WaterColourScale::kTopSpeed;
}

QColor WaterLegend::colourAt(double fraction) const
{
    const float value = rampTop() * static_cast<float>(fraction);
    const view::Rgb c = colouring_ == view::WaterColouring::Depth ? view::WaterColourScale::depthColour(value)
                                                                  : view::WaterColourScale::speedColour(value);
    return QColor::fromRgbF(c[0], c[1], c[2]);
}

void WaterLegend::paintScale(QPainter& painter, const QRect& ramp) const
{
    for (int t = 0; t <= kTicks; ++t) {
        const int x = ramp.left() + (ramp.width() - 1) * t / kTicks;
        painter.drawLine(x, ramp.bottom() + 1, x, ramp.bottom() + 3);
        const double value = static_cast<double>(rampTop()) * t / kTicks;
        QString label = QString::number(value, 'g', 3);
        if (t == kTicks && colouring_ == view::WaterColouring::Speed) label = tr("%1+").arg(label); // red from here on
        painter.drawText(labelAt(x, ramp, label), Qt::AlignCenter, label);
    }
}

} // namespace rb::panels
