#include "panels/StatisticsDock.h"

#include "io/flow/SpeedPercentile.h"
#include "panels/DockScrollArea.h"
#include "panels/DyeLegend.h"
#include "panels/ErosionLegend.h"
#include "panels/VolumePlot.h"
#include "panels/WaterLegend.h"

#include <QFormLayout>
#include <QLabel>
#include <QVBoxLayout>

namespace rb::panels {
namespace {

constexpr qint64 kSpeedsEveryMs = 250;        // the sample costs ~1 ms: not at every view refresh
constexpr std::size_t kSpeedSampleCells = 16384; // a 128² sub-grid, whatever the map's size

} // namespace

StatisticsDock::StatisticsDock(QWidget* parent) : QDockWidget(tr("Statistics"), parent)
{
    setObjectName("StatisticsDock");
    auto* body = new QWidget(this);
    auto* layout = new QVBoxLayout(body);
    form_ = new QFormLayout;
    layout->addLayout(form_);
    time_ = addRow("time", tr("Simulated time"), tr("Simulated seconds since the map's time 0, and steps"));
    stepsPerSecond_ = addRow("stepsPerSecond", tr("Steps/s"), tr("Solver steps per wall-clock second while playing"));
    framesPerSecond_ = addRow("framesPerSecond", tr("Frames/s"), tr("Pictures the 3D view drew per second"));
    volume_ = addRow("volume", tr("Volume"), tr("Water on the map"));
    inflow_ = addRow("inflow", tr("Inflow"), tr("Water that entered so far: boundaries, springs and rain"));
    outflow_ = addRow("outflow", tr("Outflow"), tr("Water that left so far: boundaries, drains and evaporation"));
    edited_ = addRow("edited", tr("Brushed"), tr("Water added (+) or removed (−) by the water brushes so far; "
                                                  "volume = initial + inflow − outflow + brushed"));
    maxDepth_ = addRow("maxDepth", tr("Max depth"), tr("Deepest water on the map"));
    // The maximum and the percentile come from the same cells and the same speeds (a cell's whole
    // velocity), so the percentile can never read above the maximum.
    maxSpeed_ = addRow("maxSpeed", tr("Max speed"), tr("Fastest wet cell (deeper than 1 mm) among those the 99th percentile below "
                                                        "looks at (a sub-grid of at most %1 cells): a few cells of thin film "
                                                        "racing down a slope can set it").arg(kSpeedSampleCells));
    speedPercentile_ = addRow("speedPercentile", tr("Speed, 99th pct"),
                              tr("99 of 100 wet cells flow slower than this: the speed of the water you see moving, which "
                                 "a few fast film cells cannot set (cells deeper than 1 mm, on a sub-grid of at most %1 "
                                 "cells)").arg(kSpeedSampleCells));
    sediment_ = addRow("sediment", tr("Sediment"), tr("Erosion (docs/erosion.md): the load the water carries now, in m³ of bed material"));
    netEroded_ = addRow("netEroded", tr("Net eroded"), tr("Bed material the water took from the bed less what settled, since the map's start"));
    legend_ = new WaterLegend(body);
    legend_->setObjectName("waterLegend");
    layout->addWidget(legend_);
    dyeLegend_ = new DyeLegend(body);
    dyeLegend_->setObjectName("dyeLegend");
    layout->addWidget(dyeLegend_);
    erosionLegend_ = new ErosionLegend(body);
    erosionLegend_->setObjectName("erosionLegend");
    layout->addWidget(erosionLegend_);
    plot_ = new VolumePlot(body);
    plot_->setObjectName("volumePlot");
    layout->addWidget(plot_, 1);
    setWidget(new DockScrollArea(body, this)); // the window fits a small screen: the contents scroll
}

QLabel* StatisticsDock::addRow(const QString& name, const QString& label, const QString& tip)
{
    auto* value = new QLabel("–");
    value->setObjectName(name);
    value->setToolTip(tip);
    value->setTextInteractionFlags(Qt::TextSelectableByMouse);
    form_->addRow(label, value);
    return value;
}

void StatisticsDock::showDiagnostics(const Diagnostics& d, double stepsPerSecond)
{
    dyeLegend_->setVolumes(d.dyeVolumes);
    time_->setText(tr("%1 s (%2 steps)").arg(d.time, 0, 'f', 2).arg(d.steps));
    stepsPerSecond_->setText(QString::number(stepsPerSecond, 'f', 1));
    volume_->setText(tr("%1 m³").arg(d.volume, 0, 'f', 1));
    inflow_->setText(tr("%1 m³").arg(d.inflow(), 0, 'f', 1));
    outflow_->setText(tr("%1 m³").arg(d.outflow(), 0, 'f', 1));
    edited_->setText(tr("%1 m³").arg(d.ledger.edited, 0, 'f', 1));
    maxDepth_->setText(tr("%1 m").arg(d.maxDepth, 0, 'f', 2));
    sediment_->setText(tr("%1 m³").arg(d.sediment, 0, 'f', 2));
    netEroded_->setText(tr("%1 m³").arg(d.sedimentLedger.netEroded(), 0, 'f', 2));
    plot_->add(d.time, d.volume);
}

void StatisticsDock::showSpeeds(const MapState& state)
{
    if (sinceSpeeds_.isValid() && sinceSpeeds_.elapsed() < kSpeedsEveryMs) return;
    sinceSpeeds_.start();
    const std::optional<io::SpeedPercentile> p = io::wetSpeedPercentile(state, 0.99, kSpeedSampleCells);
    const std::optional<io::SpeedPercentile> top = io::wetSpeedPercentile(state, 1.0, kSpeedSampleCells); // the same sample's largest
    speedPercentile_->setText(p ? tr("%1 m/s").arg(p->speed, 0, 'f', 2) : QString("–"));
    maxSpeed_->setText(top ? tr("%1 m/s").arg(top->speed, 0, 'f', 2) : QString("–"));
}

void StatisticsDock::showFramesPerSecond(double framesPerSecond)
{
    framesPerSecond_->setText(QString::number(framesPerSecond, 'f', 1));
}

void StatisticsDock::clearHistory()
{
    plot_->clear();
    sinceSpeeds_.invalidate(); // a new map's figure at its first snapshot
}

} // namespace rb::panels
