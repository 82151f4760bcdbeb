#include "view/NorthArrow.h"

#include <QEvent>
#include <QPainter>
#include <QPainterPath>

#include <cmath>

namespace rb::view {

namespace {
constexpr int kSize = 56;
constexpr int kInset = 8; // from the view's edges
} // namespace

NorthArrow::NorthArrow(QWidget* viewport) : QWidget(viewport)
{
    setAttribute(Qt::WA_NativeWindow);
    setAttribute(Qt::WA_TransparentForMouseEvents);
    setFixedSize(kSize, kSize);
    setAccessibleName(tr("North arrow")); // no tooltip: it lets the mouse through to the view
    viewport->installEventFilter(this);
    placeInCorner();
    raise();
}

void NorthArrow::setYaw(float yawRadians)
{
    const float degrees = std::remainder(yawRadians * 180.0f / 3.14159265f, 360.0f);
    if (degrees == angleDegrees_) return;
    angleDegrees_ = degrees;
    update();
}

void NorthArrow::placeInCorner()
{
    move(parentWidget()->width() - kSize - kInset, kInset);
    raise(); // above the window container, which is created after this at times
}

bool NorthArrow::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == parentWidget() && (event->type() == QEvent::Resize || event->type() == QEvent::Show)) placeInCorner();
    return QWidget::eventFilter(watched, event);
}

// A sky-coloured disc (the window cannot be see-through), the arrow's north half red, its south
// half white, and an N at its tip.
void NorthArrow::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.fillRect(rect(), QColor(176, 203, 228));
    const QPointF centre(0.5 * width(), 0.5 * height());
    painter.setPen(QPen(QColor(60, 70, 80), 1.5));
    painter.setBrush(QColor(235, 240, 245));
    painter.drawEllipse(centre, 0.5 * kSize - 2.0, 0.5 * kSize - 2.0);
    painter.translate(centre);
    painter.rotate(angleDegrees_);
    const qreal r = 0.5 * kSize - 6.0;
    QPainterPath north;
    north.moveTo(0, -r + 10), north.lineTo(7, 0), north.lineTo(-7, 0), north.closeSubpath();
    QPainterPath south;
    south.moveTo(0, r - 4), south.lineTo(7, 0), south.lineTo(-7, 0), south.closeSubpath();
    painter.setPen(QPen(QColor(60, 70, 80), 1.0));
    painter.setBrush(QColor(200, 40, 40));
    painter.drawPath(north);
    painter.setBrush(Qt::white);
    painter.drawPath(south);
    QFont font = painter.font();
    font.setBold(true);
    font.setPixelSize(10);
    painter.setFont(font);
    painter.drawText(QRectF(-8, -r - 1, 16, 11), Qt::AlignCenter, QStringLiteral("N"));
}

} // namespace rb::view
