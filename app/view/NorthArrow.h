#pragma once

#include <QWidget>

namespace rb::view {

// A compass in the 3D view's top-right corner: an arrow marked N pointing where north lies on
// screen, turning with the camera's yaw. It is a native child window because the 3D view is one
// (a window container), and a plain widget would be drawn underneath it.
class NorthArrow : public QWidget {
    Q_OBJECT
public:
    explicit NorthArrow(QWidget* viewport);

    // The camera's yaw (radians, 0 looking north): north is then `yaw` clockwise from screen up.
    void setYaw(float yawRadians);
    float angleDegrees() const { return angleDegrees_; } // clockwise from screen up

protected:
    void paintEvent(QPaintEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void placeInCorner();

    float angleDegrees_ = 0.0f;
};

} // namespace rb::view
