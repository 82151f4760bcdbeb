#pragma once

#include <QPointF>
#include <QVector>
#include <QWidget>

namespace rb::panels {

// A small line plot of water volume against simulated time. Keeps at most kMaxPoints points by
// dropping every other one when full, so a long run still shows its whole history.
class VolumePlot : public QWidget {
    Q_OBJECT
public:
    explicit VolumePlot(QWidget* parent = nullptr);

    void add(double time, double volume);
    void clear();
    qsizetype pointCount() const { return points_.size(); }
    QSize sizeHint() const override { return {240, 110}; }

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    static constexpr qsizetype kMaxPoints = 512;
    QVector<QPointF> points_;
};

} // namespace rb::panels
