#include "panels/WaterLegend.h"

#include "view/WaterColourScale.h"

#include <QPainter>

#include <algorithm>

namespace rb::panels {
namespace {

constexpr int kTicks = 4;          // intervals: five labels
constexpr int kRampHeight = 14;    // px
constexpr int kMargin = 4;         // px, left and right, so the end labels fit
// Depth colours approach the deep blue exponentially: at 3 scale depths they are 95% of the way,
// the rest of the ramp would be one colour.
constexpr float kDepthScalesShown = 3.0f;

} // namespace

WaterLegend::WaterLegend(QWidget* parent) : QWidget(parent)
{
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
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

QColor WaterLegend::colourAt(float value) const
{
    const view::Rgb c = colouring_ == view::WaterColouring::Depth ? view::WaterColourScale::depthColour(value)
                                                                  : view::WaterColourScale::speedColour(value);
    return QColor::fromRgbF(c[0], c[1], c[2]);
}

QRect WaterLegend::rampRect() const
{
    const int titleHeight = fontMetrics().height();
    return QRect(kMargin + fontMetrics().horizontalAdvance("00") / 2, titleHeight + 2,
                 std::max(2, width() - 2 * kMargin - fontMetrics().horizontalAdvance("00")), kRampHeight);
}

QSize WaterLegend::sizeHint() const
{
    return QSize(220, minimumSizeHint().height());
}

QSize WaterLegend::minimumSizeHint() const
{
    return QSize(120, 2 * fontMetrics().height() + kRampHeight + 8);
}

// One column per pixel, each the renderer's colour for its value: the ramp is the scale itself,
// not a gradient between a few stops.
void WaterLegend::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    painter.setPen(palette().color(QPalette::WindowText));
    painter.drawText(QRect(0, 0, width(), fontMetrics().height()), Qt::AlignLeft | Qt::AlignVCenter, title());
    const QRect ramp = rampRect();
    for (int i = 0; i < ramp.width(); ++i) {
        const float value = rampTop() * static_cast<float>(i) / static_cast<float>(ramp.width() - 1);
        painter.fillRect(QRect(ramp.left() + i, ramp.top(), 1, ramp.height()), colourAt(value));
    }
    paintTicks(painter, ramp);
}

void WaterLegend::paintTicks(QPainter& painter, const QRect& ramp) const
{
    const int labelTop = ramp.bottom() + 4;
    for (int t = 0; t <= kTicks; ++t) {
        const int x = ramp.left() + (ramp.width() - 1) * t / kTicks;
        painter.drawLine(x, ramp.bottom() + 1, x, ramp.bottom() + 3);
        const double value = static_cast<double>(rampTop()) * t / kTicks;
        QString label = QString::number(value, 'g', 3);
        if (t == kTicks && colouring_ == view::WaterColouring::Speed) label = tr("%1+").arg(label); // red from here on
        const int w = fontMetrics().horizontalAdvance(label);
        const int left = std::clamp(x - w / 2, 0, width() - w);
        painter.drawText(QRect(left, labelTop, w, fontMetrics().height()), Qt::AlignCenter, label);
    }
}

} // namespace rb::panels
