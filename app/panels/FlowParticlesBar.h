#pragma once

#include "view/FlowParticles.h"

#include <QElapsedTimer>
#include <QToolBar>

#include <memory>

class QSpinBox;
class QDoubleSpinBox;

namespace rb::panels {

// View › Flow particles: the particles' options row (how many, and how much faster than the water
// they move) and the particles themselves, advanced by the wall-clock time between two view ticks
// so they keep flowing while the simulation is paused. Shown while the particles are on.
class FlowParticlesBar : public QToolBar {
    Q_OBJECT
public:
    explicit FlowParticlesBar(QWidget* parent = nullptr);

    void setOn(bool on);
    bool isOn() const { return on_; }
    // One view tick over the newest water: the streaks to draw (none when off).
    std::vector<view::FlowParticles::Streak> tick(const MapState& state);
    // A new map: the particles start afresh on its water.
    void restart();

    int count() const;
    double speedScale() const;
    void setCount(int count);
    void setSpeedScale(double scale);
    const view::FlowParticles& particles() const { return particles_; }

private:
    view::FlowParticles particles_;
    QElapsedTimer clock_;
    QSpinBox* countBox_ = nullptr;
    QDoubleSpinBox* scaleBox_ = nullptr;
    bool on_ = false;
};

} // namespace rb::panels
