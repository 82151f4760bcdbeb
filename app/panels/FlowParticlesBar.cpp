#include "panels/FlowParticlesBar.h"

#include <QDoubleSpinBox>
#include <QLabel>
#include <QSpinBox>

#include <algorithm>

namespace rb::panels {
namespace {

constexpr int kDefaultCount = 2000;
constexpr double kMaxTickSeconds = 0.2; // a stalled frame must not fling the particles across the map

} // namespace

FlowParticlesBar::FlowParticlesBar(QWidget* parent)
    : QToolBar(tr("Flow particles"), parent)
{
    setObjectName("flowParticlesBar");
    addWidget(new QLabel(tr("Particles ")));
    countBox_ = new QSpinBox(this);
    countBox_->setObjectName("particleCount");
    countBox_->setRange(100, 50000);
    countBox_->setSingleStep(500);
    countBox_->setValue(kDefaultCount);
    countBox_->setToolTip(tr("How many particles ride on the water (for the eye only: they change nothing)"));
    addWidget(countBox_);
    addWidget(new QLabel(tr("  Speed ×")));
    scaleBox_ = new QDoubleSpinBox(this);
    scaleBox_->setObjectName("particleSpeedScale");
    scaleBox_->setRange(0.1, 100.0);
    scaleBox_->setDecimals(1);
    scaleBox_->setValue(1.0);
    scaleBox_->setToolTip(tr("How much faster than the water the particles move (raise it to see slow currents)"));
    addWidget(scaleBox_);
    particles_.setCount(kDefaultCount);
    connect(countBox_, &QSpinBox::valueChanged, this, [this](int n) { particles_.setCount(n); });
    setVisible(false);
}

void FlowParticlesBar::setOn(bool on)
{
    on_ = on;
    setVisible(on);
    if (on) clock_.restart();
}

void FlowParticlesBar::restart()
{
    particles_ = view::FlowParticles();
    particles_.setCount(countBox_->value());
    clock_.restart();
}

std::vector<view::FlowParticles::Streak> FlowParticlesBar::tick(const MapState& state)
{
    if (!on_) return {};
    const double seconds = std::min(kMaxTickSeconds, static_cast<double>(clock_.restart()) / 1000.0);
    particles_.advance(state, seconds, speedScale());
    return particles_.streaks(state, speedScale());
}

int FlowParticlesBar::count() const
{
    return countBox_->value();
}

double FlowParticlesBar::speedScale() const
{
    return scaleBox_->value();
}

void FlowParticlesBar::setCount(int count)
{
    countBox_->setValue(count);
}

void FlowParticlesBar::setSpeedScale(double scale)
{
    scaleBox_->setValue(scale);
}

} // namespace rb::panels
