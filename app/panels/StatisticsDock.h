#pragma once

#include "solver/Diagnostics.h"

#include <QDockWidget>

class QFormLayout;
class QLabel;

namespace rb::panels {

class VolumePlot;

// What the simulation is doing: time, speed of the solver and of the view, the water budget and
// extremes, and a plot of volume over time.
class StatisticsDock : public QDockWidget {
    Q_OBJECT
public:
    explicit StatisticsDock(QWidget* parent = nullptr);

    void showDiagnostics(const Diagnostics& diagnostics, double stepsPerSecond);
    void showFramesPerSecond(double framesPerSecond);
    void clearHistory();
    VolumePlot* plot() const { return plot_; }

private:
    QLabel* addRow(const QString& name, const QString& label, const QString& tip);

    QFormLayout* form_ = nullptr;
    QLabel* time_ = nullptr;
    QLabel* stepsPerSecond_ = nullptr;
    QLabel* framesPerSecond_ = nullptr;
    QLabel* volume_ = nullptr;
    QLabel* inflow_ = nullptr;
    QLabel* outflow_ = nullptr;
    QLabel* edited_ = nullptr;
    QLabel* maxDepth_ = nullptr;
    QLabel* maxSpeed_ = nullptr;
    VolumePlot* plot_ = nullptr;
};

} // namespace rb::panels
