#include "panels/RampLegend.h"

#include <QPainter>

#include <algorithm>

namespace rb::panels {
namespace {

constexpr int kRampHeight = 14; // px
constexpr int kMargin = 4;      // px, left and right, so the end labels fit

} // namespace

RampLegend::RampLegend(QWidget* parent) : QWidget(parent)
{
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
}

QRect RampLegend::rampRect() const
{
    const int titleHeight = fontMetrics().height();
    return QRect(kMargin + fontMetrics().horizontalAdvance("00") / 2, titleHeight + 2,
                 std::max(2, width() - 2 * kMargin - fontMetrics().horizontalAdvance("00")), kRampHeight);
}

QSize RampLegend::sizeHint() const
{
    return QSize(220, minimumSizeHint().height());
}

QSize RampLegend::minimumSizeHint() const
{
    return QSize(120, 2 * fontMetrics().height() + kRampHeight + 8);
}

QRect RampLegend::labelAt(int x, const QRect& ramp, const QString& text) const
{
    const int w = fontMetrics().horizontalAdvance(text);
    const int left = std::clamp(x - w / 2, 0, std::max(0, width() - w));
    return QRect(left, ramp.bottom() + 4, w, fontMetrics().height());
}

void RampLegend::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    painter.setPen(palette().color(QPalette::WindowText));
    painter.drawText(QRect(0, 0, width(), fontMetrics().height()), Qt::AlignLeft | Qt::AlignVCenter, title());
    const QRect ramp = rampRect();
    for (int i = 0; i < ramp.width(); ++i)
        painter.fillRect(QRect(ramp.left() + i, ramp.top(), 1, ramp.height()), colourAt(static_cast<double>(i) / (ramp.width() - 1)));
    paintScale(painter, ramp);
}

} // namespace rb::panels
