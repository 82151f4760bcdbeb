#pragma once

#include "solver/Diagnostics.h"

#include <QDockWidget>
#include <QElapsedTimer>

class QFormLayout;
class QLabel;

namespace rb::panels {

class VolumePlot;
class WaterLegend;
class DyeLegend;
class ErosionLegend;

// What the simulation is doing: time, speed of the solver and of the view, the water budget and
// extremes (with a robust speed beside the maximum), the key to the water's colours, and a plot of
// volume over time.
class StatisticsDock : public QDockWidget {
    Q_OBJECT
public:
    explicit StatisticsDock(QWidget* parent = nullptr);

    void showDiagnostics(const Diagnostics& diagnostics, double stepsPerSecond);
    // The 99th percentile of the wet cells' speeds, from a bounded sub-grid of the snapshot's state
    // (io::wetSpeedPercentile), at most four times a second: O(sample) on the GUI thread.
    void showSpeeds(const MapState& state);
    void showFramesPerSecond(double framesPerSecond);
    void clearHistory();
    VolumePlot* plot() const { return plot_; }
    WaterLegend* legend() const { return legend_; }
    DyeLegend* dyeLegend() const { return dyeLegend_; }
    ErosionLegend* erosionLegend() const { return erosionLegend_; }

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
    QLabel* speedPercentile_ = nullptr;
    QLabel* sediment_ = nullptr;
    QLabel* netEroded_ = nullptr;
    QElapsedTimer sinceSpeeds_;
    WaterLegend* legend_ = nullptr;
    DyeLegend* dyeLegend_ = nullptr;
    ErosionLegend* erosionLegend_ = nullptr;
    VolumePlot* plot_ = nullptr;
};

} // namespace rb::panels
