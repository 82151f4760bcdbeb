#include "panels/VolumePlot.h"

#include <QPainter>
#include <QPainterPath>

#include <algorithm>

namespace rb::panels {

VolumePlot::VolumePlot(QWidget* parent) : QWidget(parent)
{
    setMinimumHeight(80);
    setToolTip(tr("Water volume on the map against simulated time"));
}

void VolumePlot::add(double time, double volume)
{
    if (!points_.isEmpty() && time <= points_.last().x()) {
        if (time < points_.last().x()) points_.clear(); // time went back: water was reset
        else return;
    }
    if (points_.size() >= kMaxPoints) {
        QVector<QPointF> kept;
        for (qsizetype i = 0; i < points_.size(); i += 2) kept.push_back(points_[i]);
        points_ = kept;
    }
    points_.push_back({time, volume});
    update();
}

void VolumePlot::clear()
{
    points_.clear();
    update();
}

void VolumePlot::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    painter.fillRect(rect(), palette().base());
    painter.setPen(palette().mid().color());
    painter.drawRect(rect().adjusted(0, 0, -1, -1));
    if (points_.size() < 2) return;
    const auto [low, high] = std::minmax_element(points_.begin(), points_.end(),
                                                 [](const QPointF& a, const QPointF& b) { return a.y() < b.y(); });
    // A flat line stays in the middle instead of magnifying rounding noise to full height.
    const double span = std::max(high->y() - low->y(), 1e-6 * std::max(1.0, std::abs(high->y())));
    const double mid = 0.5 * (high->y() + low->y());
    const double t0 = points_.first().x(), t1 = points_.last().x();
    const QRectF area = QRectF(rect()).adjusted(4, 14, -4, -4);
    QPainterPath path;
    for (qsizetype i = 0; i < points_.size(); ++i) {
        const double u = (points_[i].x() - t0) / std::max(t1 - t0, 1e-9);
        const double v = 0.5 - (points_[i].y() - mid) / span;
        const QPointF p(area.left() + u * area.width(), area.top() + v * area.height());
        if (i == 0) path.moveTo(p);
        else path.lineTo(p);
    }
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setPen(QPen(QColor(30, 110, 200), 1.5));
    painter.drawPath(path);
    painter.setPen(palette().text().color());
    painter.drawText(rect().adjusted(4, 1, -4, -1), Qt::AlignTop | Qt::AlignLeft,
                     tr("%1 – %2 m³").arg(low->y(), 0, 'g', 6).arg(high->y(), 0, 'g', 6));
}

} // namespace rb::panels
