#include "panels/CurrentsDock.h"

#include "currents/CurrentsSolver.h"
#include "document/CurrentsJob.h"
#include "panels/DockButton.h"
#include "panels/DockScrollArea.h"
#include "panels/ScientificSpinBox.h"
#include "ranges/ValueRanges.h"

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace rb::panels {

namespace {

constexpr double kDefaultSpeed = 0.4; // m/s: a brisk coastal current
constexpr double kMaxSpeed = ranges::kMaxSideCurrent; // m/s: what a solve takes (CurrentsSolver::requestProblem)

std::size_t slot(Side side)
{
    return static_cast<std::size_t>(side);
}

QString sideKey(Side side)
{
    switch (side) {
    case Side::North: return "north";
    case Side::South: return "south";
    case Side::East: return "east";
    case Side::West: return "west";
    }
    return {};
}

} // namespace

CurrentsDock::CurrentsDock(QWidget* parent) : QDockWidget(tr("Currents"), parent)
{
    setObjectName("CurrentsDock");
    auto* body = new QWidget(this);
    auto* layout = new QVBoxLayout(body);
    auto* intro = new QLabel(tr("The steady current of the sea around the terrain, driven across the open sides. "
                                "Speeds are positive into the map: a current flowing east is West +0.4, East −0.4."),
                             body);
    intro->setWordWrap(true);
    layout->addWidget(intro);

    auto* form = new QFormLayout;
    layout->addLayout(form);
    const QString into = tr("Positive flows into the map, negative out of it (a current flowing east: West +0.4, East −0.4 m/s). "
                            "Unchecked, the side is a wall.");
    addSideRow(form, Side::North, tr("North"), tr("The current across the north side, m/s: positive flows south into the map. ") + into);
    addSideRow(form, Side::South, tr("South"), tr("The current across the south side, m/s: positive flows north into the map. ") + into);
    addSideRow(form, Side::East, tr("East"), tr("The current across the east side, m/s: positive flows west into the map. ") + into);
    addSideRow(form, Side::West, tr("West"), tr("The current across the west side, m/s: positive flows east into the map. ") + into);
    setSideCurrent(Side::West, kDefaultSpeed);
    setSideCurrent(Side::East, -kDefaultSpeed);
    addSolverRows(form);

    auto* buttons = new QHBoxLayout;
    solve_ = dockButton(tr("Solve"), "solveCurrents",
                        tr("Solve the steady current of the water now on the map and store it (one undo step)"), body);
    cancel_ = dockButton(tr("Cancel"), "cancelCurrents",
                         tr("Stop the solve after the iteration running now; the map keeps the currents it had"), body);
    clear_ = dockButton(tr("Clear currents"), "clearCurrents", tr("Remove the stored current from the map (one undo step)"), body);
    buttons->addWidget(solve_);
    buttons->addWidget(cancel_);
    buttons->addStretch(1);
    buttons->addWidget(clear_);
    layout->addLayout(buttons);
    connect(solve_, &QPushButton::clicked, this, &CurrentsDock::requestSolve);
    connect(cancel_, &QPushButton::clicked, this, &CurrentsDock::cancelRequested);
    connect(clear_, &QPushButton::clicked, this, &CurrentsDock::clearRequested);

    progress_ = new QProgressBar(body);
    progress_->setObjectName("currentsProgress");
    progress_->setToolTip(tr("Iterations done of the most allowed; the solve usually ends earlier, when the current is steady"));
    layout->addWidget(progress_);
    result_ = new QLabel(body);
    result_->setObjectName("currentsResult");
    result_->setWordWrap(true);
    result_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    result_->setToolTip(tr("What the last solve gave: iterations, the last change per iteration (residual), whether it reached a steady "
                           "state, the divergence left (relative), the fastest current and the time it took"));
    layout->addWidget(result_);
    scale_ = new QLabel(body);
    scale_->setObjectName("currentsScale");
    scale_->setWordWrap(true);
    scale_->setToolTip(tr("How long the arrows of View › Currents are drawn"));
    layout->addWidget(scale_);
    layout->addStretch(1);
    setWidget(new DockScrollArea(body, this)); // the window fits a small screen: the contents scroll
    setSolving(false);
    setHasCurrents(false);
}

void CurrentsDock::addSideRow(QFormLayout* form, Side side, const QString& name, const QString& tip)
{
    auto* open = new QCheckBox(tr("open"), this);
    open->setObjectName("currentOpen-" + sideKey(side));
    open->setToolTip(tr("Checked: a current crosses the %1 side at the speed beside. Unchecked: the side is a wall").arg(name.toLower()));
    auto* speed = new QDoubleSpinBox(this);
    speed->setObjectName("currentSpeed-" + sideKey(side));
    speed->setRange(-kMaxSpeed, kMaxSpeed);
    speed->setDecimals(2);
    speed->setSingleStep(0.1);
    speed->setSuffix(" m/s");
    speed->setToolTip(tip);
    speed->setEnabled(false);
    connect(open, &QCheckBox::toggled, speed, &QWidget::setEnabled);
    auto* row = new QHBoxLayout;
    row->addWidget(open);
    row->addWidget(speed, 1);
    form->addRow(name, row);
    open_[slot(side)] = open;
    speed_[slot(side)] = speed;
}

void CurrentsDock::addSolverRows(QFormLayout* form)
{
    const CurrentsSettings defaults;
    automaticViscosity_ = new QCheckBox(tr("automatic"), this);
    automaticViscosity_->setObjectName("currentsAutomaticViscosity");
    automaticViscosity_->setToolTip(tr("Checked: the viscosity at which the wakes behind islands settle to a steady current, from the map's "
                                       "size and the fastest current (fastest speed × the map's larger side / 20). Unchecked: the value beside"));
    automaticViscosity_->setChecked(defaults.automaticViscosity());
    viscosity_ = new QDoubleSpinBox(this);
    viscosity_->setObjectName("currentsViscosity");
    viscosity_->setRange(0.0, 1000.0);
    viscosity_->setDecimals(2);
    viscosity_->setSingleStep(0.5);
    viscosity_->setSuffix(" m²/s");
    viscosity_->setValue(defaults.automaticViscosity() ? 1.0 : defaults.viscosity);
    viscosity_->setToolTip(tr("Eddy viscosity: higher values smooth the current and shorten the wakes behind islands (0 = off). Below "
                              "the automatic value the wake may not settle: the result is then its mean over the second half of the iterations"));
    viscosity_->setEnabled(!automaticViscosity_->isChecked());
    connect(automaticViscosity_, &QCheckBox::toggled, viscosity_, [this](bool automatic) { viscosity_->setEnabled(!automatic); });
    auto* row = new QHBoxLayout;
    row->addWidget(automaticViscosity_);
    row->addWidget(viscosity_, 1);
    form->addRow(tr("Viscosity"), row);
    tolerance_ = new ScientificSpinBox(1.0, this);
    tolerance_->setObjectName("currentsTolerance");
    tolerance_->setStoredRange(1e-12, 0.5);
    tolerance_->setStoredValue(defaults.tolerance);
    tolerance_->setToolTip(tr("Steady when the current changes by less than this fraction of its fastest speed in one iteration"));
    form->addRow(tr("Tolerance"), tolerance_);
    maxIterations_ = new QSpinBox(this);
    maxIterations_->setObjectName("currentsMaxIterations");
    maxIterations_->setRange(0, 100000);
    maxIterations_->setValue(defaults.maxIterations);
    maxIterations_->setToolTip(tr("The most iterations after the potential flow (0: the potential flow only, the fast answer on big maps)"));
    form->addRow(tr("Max iterations"), maxIterations_);
}

CurrentsSettings CurrentsDock::settings() const
{
    CurrentsSettings settings;
    for (std::size_t s = 0; s < open_.size(); ++s)
        if (open_[s]->isChecked()) settings.sideSpeed[s] = speed_[s]->value();
    settings.viscosity = automaticViscosity_->isChecked() ? CurrentsSettings::kAutomaticViscosity : viscosity_->value();
    settings.tolerance = tolerance_->storedValue();
    settings.maxIterations = maxIterations_->value();
    return settings;
}

void CurrentsDock::setSideCurrent(Side side, std::optional<double> speed)
{
    open_[slot(side)]->setChecked(speed.has_value());
    if (speed) speed_[slot(side)]->setValue(*speed);
}

// Without an open side with a current there is nothing to drive the water: said here, not solved.
void CurrentsDock::requestSolve()
{
    const CurrentsSettings wanted = settings();
    bool driven = false;
    for (const std::optional<double>& speed : wanted.sideSpeed) driven = driven || (speed && *speed != 0.0);
    if (!driven) return showMessage(tr("Open at least one side with a current other than 0 m/s"));
    emit solveRequested(wanted);
}

void CurrentsDock::setSolving(bool solving, int maxIterations)
{
    solve_->setEnabled(!solving);
    cancel_->setVisible(solving);
    progress_->setVisible(solving);
    if (!solving) return;
    progress_->setRange(0, std::max(maxIterations, 0)); // 0…0: a busy bar for the potential flow only
    progress_->setValue(0);
    progress_->setFormat(tr("Potential flow…"));
    result_->setText(tr("Solving…"));
}

void CurrentsDock::showProgress(int iteration, int maxIterations, double residual)
{
    progress_->setRange(0, maxIterations);
    progress_->setValue(iteration);
    progress_->setFormat(tr("Iteration %1 of %2, residual %3").arg(iteration).arg(maxIterations).arg(residual, 0, 'g', 2));
}

void CurrentsDock::showOutcome(const editor::CurrentsOutcome& outcome)
{
    setSolving(false);
    if (outcome.ok()) showReport(outcome.report, outcome.seconds);
    else if (outcome.cancelled) showMessage(tr("Cancelled after %n iteration(s); the map keeps the currents it had", nullptr, outcome.report.iterations));
    else showMessage(tr("Failed: %1").arg(QString::fromStdString(outcome.error)));
}

void CurrentsDock::showReport(const CurrentsReport& report, double seconds)
{
    QString text = tr("%1 iteration(s), residual %2, %3; viscosity %4 m²/s; divergence %5; fastest %6 m/s; %7 s")
                       .arg(report.iterations)
                       .arg(report.residual, 0, 'g', 2)
                       .arg(steadiness(report))
                       .arg(report.viscosity, 0, 'g', 3)
                       .arg(report.divergence, 0, 'g', 2)
                       .arg(report.maxSpeed, 0, 'f', 3)
                       .arg(seconds, 0, 'f', 1);
    result_->setText(text + balance(report.balance));
}

// Whether the answer is steady, and what it is when it is not.
QString CurrentsDock::steadiness(const CurrentsReport& report) const
{
    if (report.converged) return tr("steady");
    if (!report.timeAveraged) return tr("not yet steady (raise Max iterations)");
    const QString averaged = tr("time-averaged over the last %n iteration(s)", nullptr, report.averagedIterations);
    if (report.viscosity < report.steadyViscosity)
        return tr("%1: the wake at this viscosity is unsteady (automatic: %2 m²/s)").arg(averaged).arg(report.steadyViscosity, 0, 'g', 3);
    return tr("%1: the current did not settle (raise Max iterations)").arg(averaged);
}

// What was done to balance the currents, said only when something was: a scale as a signed
// percentage (never "×1"), the closed seas on their own.
QString CurrentsDock::balance(const BoundaryBalance& balance) const
{
    QString text;
    if (balance.scaledSeas > 0)
        text += tr(". The currents did not balance: the outflow was scaled by %1 % to the inflow")
                    .arg(QString::number(largestScalePercent(balance), 'g', 2).prepend(largestScalePercent(balance) > 0.0 ? "+" : ""));
    if (balance.closedSeas > 0)
        text += tr(". %n sea(s) with only inflow or only outflow closed (they cannot balance)", nullptr, balance.closedSeas);
    return text;
}

void CurrentsDock::showMessage(const QString& text)
{
    result_->setText(text);
}

void CurrentsDock::setHasCurrents(bool has)
{
    clear_->setEnabled(has);
}

void CurrentsDock::showArrowScale(const QString& text)
{
    scale_->setText(text);
}

} // namespace rb::panels
