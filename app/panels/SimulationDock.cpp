#include "panels/SimulationDock.h"

#include "ClDevices.h"
#include "model/SimParamTable.h"
#include "panels/DockScrollArea.h"
#include "tools/UndoKeys.h"
#include "solver/AdaptiveTimeStep.h"
#include "solver/Stability.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QStringList>
#include <QToolButton>
#include <QVBoxLayout>

#include <cmath>

namespace rb::panels {

namespace {
// The undo entry names a field mid-sentence ("Change time step"): the label with its first letter
// in lower case, unless the label starts with a person's name ("Change Manning's n").
QString fieldInSentence(const QString& label)
{
    static const QStringList names = {QStringLiteral("Manning's")};
    if (label.isEmpty() || names.contains(label.section(' ', 0, 0))) return label;
    return label.left(1).toLower() + label.mid(1);
}
} // namespace

// A rate of the Erosion box: ranges as ErosionParams::validate allows, narrowed to what a designer
// would type.
struct SimulationDock::ErosionRow {
    const char* name;
    const char* label;
    double min;
    double max;
    int decimals;
    double step;
    const char* suffix;
    const char* tip;
    double ErosionParams::*field;
};

namespace {

#define RB_TR(text) QT_TRANSLATE_NOOP("rb::panels::SimulationDock", text)
const SimulationDock::ErosionRow kErosionRows[] = {
    {"erosionCapacity", RB_TR("Capacity"), 0.0, 1000.0, 4, 0.01, " s/m",
     RB_TR("How much sediment the water can carry: C = capacity · depth · speed · slope (metres of bed material over the cell). "
           "Higher: faster water digs deeper before it is full. Unit: s/m"),
     &ErosionParams::capacity},
    {"erosionRate", RB_TR("Erosion rate"), 0.0, 1000.0, 3, 0.05, " /s",
     RB_TR("Share of the missing load (C − s) the bed gives up per second where the water carries less than it can, times the "
           "ground's erodibility. Unit: 1/s"),
     &ErosionParams::erosionRate},
    {"depositionRate", RB_TR("Deposition rate"), 0.0, 1000.0, 3, 0.05, " /s",
     RB_TR("Share of the excess load (s − C) that settles onto the bed per second where the water carries more than it can. Unit: 1/s"),
     &ErosionParams::depositionRate},
    {"talusAngle", RB_TR("Talus angle"), 1.0, 89.0, 1, 1.0, " °",
     RB_TR("Loose ground steeper than this slides downhill (thermal erosion): banks cut by the water slump to it. Firmer ground "
           "stands steeper (the slope over its erodibility); bedrock never slides. Unit: degrees"),
     &ErosionParams::talusDegrees},
    {"thermalRate", RB_TR("Slide rate"), 0.0, 1000.0, 3, 0.1, " /s",
     RB_TR("Share of the excess over the talus angle that slides per second (0 = no thermal erosion). Unit: 1/s"), &ErosionParams::thermalRate},
    {"erosionMinDepth", RB_TR("Min depth"), 0.0001, 100.0, 4, 0.005, " m",
     RB_TR("Water shallower than this neither erodes nor carries: its load settles. Unit: m"), &ErosionParams::minDepth},
};
#undef RB_TR

} // namespace

SimulationDock::SimulationDock(QWidget* parent) : QDockWidget(tr("Simulation"), parent)
{
    setObjectName("SimulationDock");
    auto* body = new QWidget(this);
    auto* layout = new QVBoxLayout(body);
    controls_ = new QHBoxLayout;
    layout->addLayout(controls_);
    form_ = new QFormLayout;
    layout->addLayout(form_);

    backend_ = new QComboBox(body);
    backend_->setObjectName("backend");
    backend_->setToolTip(tr("Where the water is simulated: the CPU solver, or an OpenCL device (the CPU solver takes over if it cannot run)"));
    backend_->addItem(tr("CPU"), QString("cpu"));
    backend_->addItem(tr("Looking for OpenCL devices…"));
    qobject_cast<QStandardItemModel*>(backend_->model())->item(1)->setEnabled(false); // shown, not choosable
    form_->addRow(tr("Backend"), backend_);
    connect(backend_, &QComboBox::activated, this, [this] { emit backendChosen(backend()); });

    lattice_ = new QComboBox(body);
    lattice_->setObjectName("lattice");
    lattice_->addItem(tr("Square"), static_cast<int>(LatticeKind::Square));
    lattice_->addItem(tr("Triangle"), static_cast<int>(LatticeKind::Triangle));
    lattice_->setToolTip(tr("Square cells, or triangle vertices (more isotropic flow); changing it resamples the map"));
    form_->addRow(tr("Lattice"), lattice_);
    connect(lattice_, &QComboBox::activated, this,
            [this] { emit latticeChosen(static_cast<LatticeKind>(lattice_->currentData().toInt())); });
    addFlowModelChoice(body);

    addTableNumbers(body);

    addErosionSection(body, layout);

    message_ = new QLabel(body);
    message_->setObjectName("message");
    message_->setWordWrap(true);
    layout->addWidget(message_);
    layout->addStretch(1);
    setWidget(new DockScrollArea(body, this)); // the window fits a small screen: the contents scroll
    showRowsOfModel(shown_.model);
    updateCfl();
}

// Erosion and deposition by the water (docs/erosion.md): on/off and its rates, each applied live
// like the other parameters (and undone like them). Ranges as ErosionParams::validate allows,
// narrowed to what a designer would type.
void SimulationDock::addErosionSection(QWidget* body, QVBoxLayout* layout)
{
    auto* group = new QGroupBox(tr("Erosion"), body);
    group->setObjectName("erosionGroup");
    erosionForm_ = new QFormLayout(group);
    erosion_ = new QCheckBox(tr("Erode and deposit"), group);
    erosion_->setObjectName("erosionEnabled");
    erosion_->setToolTip(tr("Let the running water erode the bed, carry the sediment and set it down where it slows; the terrain "
                            "changes as it plays, and each run until a pause is one undo step"));
    erosionForm_->addRow(erosion_);
    connect(erosion_, &QCheckBox::toggled, this, [this](bool on) {
        SimParams p = shown_;
        if (p.erosion.enabled == on) return;
        p.erosion.enabled = on;
        edited(p, tr("erosion"));
    });
    for (const ErosionRow& row : kErosionRows)
        erosionBoxes_.push_back({&row, addErosionNumber(row.name, tr(row.label), row.min, row.max, row.decimals, row.step, tr(row.suffix),
                                                        tr(row.tip), [field = row.field](SimParams& p, double v) { p.erosion.*field = v; })});
    interval_ = addErosionNumber("erosionInterval", tr("Bed interval"), 1.0, ErosionParams::kMaxInterval, 0, 1.0, tr(" steps"),
                                 tr("The terrain changes once every so many steps of the water, by that many steps' worth: the "
                                    "bed moves far slower than the water, and updating it less often makes erosion cheap "
                                    "(the default, 64, adds at most about a quarter to a step at 1024²). 1 = after every step, the sediment carried exactly as dye"),
                                 [](SimParams& p, double v) { p.erosion.interval = static_cast<int>(std::lround(v)); });
    layout->addWidget(group);
}

// A number of the Erosion box. The undo step names the field as "Change erosion capacity"; the
// row, inside the box, just "Capacity".
QDoubleSpinBox* SimulationDock::addErosionNumber(const QString& name, const QString& label, double min, double max, int decimals,
                                                 double step, const QString& suffix, const QString& tip, Apply apply)
{
    const QString field = label.startsWith(tr("Erosion")) ? label : tr("Erosion %1").arg(fieldInSentence(label));
    QDoubleSpinBox* box = addNumber(name, field, min, max, decimals, step, suffix, tip, std::move(apply), false);
    erosionForm_->addRow(label, box);
    return box;
}

// Pipes or momentum, each explained by what a level designer sees, not by its equations.
void SimulationDock::addFlowModelChoice(QWidget* body)
{
    model_ = new QComboBox(body);
    model_->setObjectName("flowModel");
    // Momentum first: it is what every new map runs; the pipes stay for a quick look.
    model_->addItem(tr("Momentum"), static_cast<int>(FlowModel::Momentum));
    model_->setItemData(0, tr("The water new maps get. Water keeps its momentum: rivers carry their discharge to the sea, jets shoot "
                              "across a lake, currents carry on round bends and dam breaks rush out as they should. Use it for "
                              "what you export. Runs on the CPU or an OpenCL device"),
                        Qt::ToolTipRole);
    model_->addItem(tr("Pipes (fast preview)"), static_cast<int>(FlowModel::Pipes));
    model_->setItemData(1, tr("About ten times faster, for a quick look while you shape terrain. Water carries no inertia: it "
                              "always runs straight downhill, so a stream entering a lake spreads out at once, and pools and "
                              "droplets appear where a river should run"),
                        Qt::ToolTipRole);
    model_->setToolTip(tr("Which equations move the water: Momentum (what new maps run: rivers, jets and dam breaks behave "
                          "physically) or Pipes (a fast preview without inertia). Both run on either backend. Switching keeps "
                          "the water and its flow"));
    form_->addRow(tr("Flow model"), model_);
    connect(model_, &QComboBox::activated, this, [this] {
        const auto model = static_cast<FlowModel>(model_->currentData().toInt());
        if (updating_ || model == shown_.model) return;
        shown_.model = model;
        showRowsOfModel(model);
        updateCfl();
        emit flowModelChosen(model);
    });
}

// The numbers of the parameter table (core/model/SimParamTable), in its order, with the time step
// under gravity and the pipes' cross-section and the batch size under the viscosity.
void SimulationDock::addTableNumbers(QWidget* body)
{
    const auto text = [](std::string_view view) { return QString::fromUtf8(view.data(), static_cast<qsizetype>(view.size())); };
    for (const SimParamSpec& spec : simParamTable()) {
        QDoubleSpinBox* box = addNumber(text(spec.key), tr(spec.label.data()), spec.minimum / spec.siPerShown, spec.shownMaximum, spec.decimals,
                                        spec.step, text(spec.shownUnit), tr(spec.tooltip.data()),
                                        [&spec](SimParams& p, double v) { p.*spec.field = v * spec.siPerShown; });
        tableBoxes_.push_back({&spec, box});
        if (spec.key == "gravity") addTimeStepRows(body);
        if (spec.key == "viscosity") addPipeAndBatchRows(body);
    }
}

void SimulationDock::addTimeStepRows(QWidget* body)
{
    dt_ = addNumber("dt", tr("Time step"), 0.0001, 60.0, 4, 0.01, " s",
                    tr("Simulated seconds per step (with Automatic on: the longest step it may take); the CFL number beside it must stay below 1"),
                    [](SimParams& p, double v) {
                        if (!p.automaticDt()) return void(p.dt = v);
                        p.dtMax = v;
                        p.dt = std::min(p.dt, v);
                    },
                    false);
    automaticDt_ = new QCheckBox(tr("Automatic"), body);
    automaticDt_->setObjectName("automaticDt");
    automaticDt_->setToolTip(tr("Pick each step's dt to hold the CFL number at %1, at most the time step set here: a deep dab or a big "
                                "inflow slows the steps instead of pausing the simulation").arg(kDefaultCflTarget));
    connect(automaticDt_, &QCheckBox::toggled, this, [this](bool on) {
        SimParams p = shown_;
        if (on == p.automaticDt()) return;
        p.cflTarget = on ? kDefaultCflTarget : 0.0;
        p.dt = on ? p.dt : p.dtMax;
        p.dtMax = on ? p.dt : 0.0;
        edited(p, tr("automatic time step"));
    });
    cfl_ = new QLabel(body);
    cfl_->setObjectName("cfl");
    cfl_->setToolTip(tr("CFL number of this dt for the water now on the map: the solver refuses steps at 1 and above"));
    auto* dtRow = new QHBoxLayout;
    dtRow->addWidget(dt_, 1);
    dtRow->addWidget(automaticDt_);
    form_->addRow(tr("Time step"), dtRow);
    form_->addRow(QString(), cfl_);
}

void SimulationDock::addPipeAndBatchRows(QWidget* body)
{
    pipe_ = new QComboBox(body);
    pipe_->setObjectName("pipe");
    pipe_->addItem(tr("Depth"), static_cast<int>(PipeMode::Depth));
    pipe_->addItem(tr("Constant"), static_cast<int>(PipeMode::Constant));
    pipe_->setToolTip(tr("Pipe cross-section: depth × face width (waves at √(g·h)), or constant dx² (Mei et al.)"));
    form_->addRow(tr("Pipes"), pipe_);
    connect(pipe_, &QComboBox::activated, this, [this] {
        SimParams p = shown_;
        p.pipe = static_cast<PipeMode>(pipe_->currentData().toInt());
        edited(p, tr("pipe mode"));
    });

    substeps_ = new QSpinBox(body);
    substeps_->setObjectName("substeps");
    substeps_->setRange(1, 1000);
    substeps_->setKeyboardTracking(false);
    // What the box sets is the simulation thread's batch: while playing it runs a whole multiple
    // of this many steps in one call (as many as fit in about one frame of the view;
    // SimulationRunner::playingBatch), then takes the queued edits and offers a snapshot.
    substeps_->setToolTip(tr("The simulation runs whole multiples of this many steps in one go (as many as fit in about one frame "
                             "of the view) before it takes new edits and offers the view a new picture, so this is the fewest "
                             "steps between two pictures, not their number; Step runs exactly this many"));
    tools::passUndoKeysToWindow(substeps_);
    form_->addRow(tr("Steps per batch"), substeps_);
    connect(substeps_, &QSpinBox::valueChanged, this, [this](int value) {
        SimParams p = shown_;
        p.substeps = value;
        edited(p, tr("steps per batch"));
    });
}

// Each model's own parameters are shown only while it runs; Friction, Gravity and the rest are shared.
void SimulationDock::showRowsOfModel(FlowModel model)
{
    const bool momentum = model == FlowModel::Momentum;
    for (const auto& [spec, box] : tableBoxes_) form_->setRowVisible(box, spec->readBy(model));
    form_->setRowVisible(pipe_, !momentum);
}

QDoubleSpinBox* SimulationDock::addNumber(const QString& name, const QString& label, double min, double max, int decimals,
                                          double step, const QString& suffix, const QString& tip,
                                          std::function<void(SimParams&, double)> apply, bool addRow)
{
    auto* box = new QDoubleSpinBox;
    box->setObjectName(name);
    box->setRange(min, max);
    box->setDecimals(decimals);
    box->setSingleStep(step);
    box->setSuffix(suffix);
    box->setToolTip(tip);
    box->setKeyboardTracking(false); // report a typed value once, not at every keystroke
    tools::passUndoKeysToWindow(box);
    if (addRow) form_->addRow(label, box);
    connect(box, &QDoubleSpinBox::valueChanged, this, [this, field = fieldInSentence(label), apply](double value) {
        SimParams p = shown_;
        apply(p, value);
        edited(p, field);
    });
    return box;
}

void SimulationDock::setDevices(const std::vector<opencl::DeviceInfo>& devices, const QString& problem)
{
    while (backend_->count() > 1) backend_->removeItem(1);
    for (const opencl::DeviceInfo& device : devices)
        backend_->addItem(tr("OpenCL: %1 (%2)").arg(QString::fromStdString(device.name), QString::fromStdString(device.type)),
                          QString("opencl:%1").arg(device.index));
    if (!devices.empty()) return;
    backend_->addItem(problem.isEmpty() ? tr("No OpenCL device found") : tr("No OpenCL: %1").arg(problem));
    backend_->setItemData(1, backend_->itemText(1), Qt::ToolTipRole); // the whole reason, however narrow the dock
    qobject_cast<QStandardItemModel*>(backend_->model())->item(1)->setEnabled(false); // the reason, not a choice
}

void SimulationDock::setControls(QAction* playPause, QAction* step, QAction* resetWater)
{
    for (QAction* action : {playPause, step, resetWater}) {
        auto* button = new QToolButton(widget());
        button->setDefaultAction(action);
        button->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
        controls_->addWidget(button);
    }
    controls_->addStretch(1);
}

void SimulationDock::setParams(const SimParams& params)
{
    updating_ = true;
    shown_ = params;
    for (const auto& [spec, box] : tableBoxes_) box->setValue(params.*spec->field / spec->siPerShown);
    dt_->setValue(params.automaticDt() ? params.dtMax : params.dt);
    automaticDt_->setChecked(params.automaticDt());
    model_->setCurrentIndex(model_->findData(static_cast<int>(params.model)));
    showRowsOfModel(params.model);
    pipe_->setCurrentIndex(pipe_->findData(static_cast<int>(params.pipe)));
    substeps_->setValue(params.substeps);
    erosion_->setChecked(params.erosion.enabled);
    for (const auto& [row, box] : erosionBoxes_) box->setValue(params.erosion.*row->field);
    interval_->setValue(params.erosion.interval);
    updating_ = false;
    updateCfl();
}

SimParams SimulationDock::params() const
{
    return shown_;
}

QString SimulationDock::backend() const
{
    return backend_->currentData().toString();
}

void SimulationDock::setLattice(const Lattice& lattice)
{
    mapLattice_ = lattice;
    solverReported_ = false; // the last report was on the previous map
    lattice_->setCurrentIndex(lattice_->findData(static_cast<int>(lattice.kind())));
    updateCfl();
}

void SimulationDock::setSolverState(const SimParams& inForce, const Diagnostics& diagnostics)
{
    inForce_ = inForce;
    solver_ = diagnostics;
    solverReported_ = true;
    updateCfl();
}

void SimulationDock::showMessage(const QString& text, bool warning)
{
    message_->setText(text);
    message_->setStyleSheet(warning ? "color: #b00020; font-weight: bold" : "");
    message_->setProperty("warning", warning && !text.isEmpty());
}

void SimulationDock::edited(const SimParams& params, const QString& fieldName)
{
    if (updating_) return;
    shown_ = params;
    updateCfl();
    // A pause for instability names its cause; once an edit brings the step back below the limit
    // (or lets the dt follow the water) the warning has done its work.
    if (message_->property("warning").toBool() && (params.automaticDt() || cfl_->property("warning").toBool() == false)) showMessage(QString(), false);
    emit paramsEdited(shown_, fieldName);
}

void SimulationDock::updateCfl()
{
    if (mapLattice_.cellCount() == 0) return;
    if (shown_.automaticDt()) {
        const auto [dt, cfl] = nextAutomaticStep();
        cfl_->setText(tr("next step: %1 s, CFL %2").arg(dt, 0, 'g', 3).arg(cfl, 0, 'f', 2));
        cfl_->setToolTip(tr("The dt the next step will take for the water as it is, holding the CFL number at %1 (at most %2 s), "
                            "and its CFL number")
                             .arg(shown_.cflTarget).arg(shown_.dtMax, 0, 'g', 3));
        showCflWarning(cfl >= kCflWarning);
        return;
    }
    const double cfl = cflOfShown();
    // Every CFL number grows linearly with dt, so the limit is where this one would reach 1 (water
    // that left its range has no finite number: then the bound from its deepest and fastest).
    const bool scales = cfl > 0.0 && std::isfinite(cfl);
    const double limit = scales ? shown_.dt / cfl : stableDtLimit(mapLattice_, shown_, solver_.maxDepth, solver_.maxSpeed);
    cfl_->setText(tr("CFL %1").arg(cfl, 0, 'f', 2));
    if (shown_.model == FlowModel::Momentum)
        cfl_->setToolTip(tr("CFL number of the water as it moves now (fastest %1 m/s, deepest %2 m): the flow's speed "
                            "plus its wave speed; dt must stay below %3 s")
                             .arg(solver_.maxSpeed, 0, 'f', 2).arg(solver_.maxDepth, 0, 'f', 2).arg(limit, 0, 'g', 3));
    else
        cfl_->setToolTip(tr("CFL number at the deepest water (%1 m); dt must stay below %2 s").arg(solver_.maxDepth, 0, 'f', 2).arg(limit, 0, 'g', 3));
    showCflWarning(cfl >= kCflWarning);
}

// The number the solver checks its next step against once it has the dock's parameters: its own
// from the last report, carried over the change as the solver carries it (the momentum model's
// counts how fast the water moves, not only how deep it is). Before the first report on this map,
// the bound from the deepest water and the fastest flow.
double SimulationDock::cflOfShown() const
{
    if (!solverReported_) return cflNumber(mapLattice_, shown_, solver_.maxDepth, solver_.maxSpeed);
    return cflAfterParamsChange(inForce_, solver_.cfl, mapLattice_, shown_, solver_.maxDepth, solver_.maxSpeed);
}

// What AdaptiveTimeStep::step will do at the next step: a new dt where a period of
// kStepsPerChoice steps starts (the first step among them) or after an edit that pushed the water
// past twice the target; within a period, the dt in force. Showing the dt in force instead read
// "CFL 0.67" against the 0.5 target before the first step, a dt no step was going to use.
std::pair<double, double> SimulationDock::nextAutomaticStep() const
{
    const bool reported = solverReported_ && inForce_.automaticDt();
    SimParams base = shown_;
    if (reported) base.dt = inForce_.dt;
    const double cfl = reported ? cflAfterParamsChange(inForce_, solver_.cfl, mapLattice_, base, solver_.maxDepth, solver_.maxSpeed)
                                : cflNumber(mapLattice_, base, solver_.maxDepth, solver_.maxSpeed);
    const bool edited = solver_.cfl != solver_.cflAfterStep;
    const bool choose = !reported || solver_.steps % AdaptiveTimeStep::kStepsPerChoice == 0 ||
                        (edited && cfl > std::min(0.9, 2.0 * base.cflTarget));
    if (!choose) return {base.dt, cfl};
    const double dt = AdaptiveTimeStep::paramsForNextCall(base, cfl).dt;
    const bool scales = cfl > 0.0 && std::isfinite(cfl); // every CFL number grows linearly with dt
    return {dt, scales ? cfl * dt / base.dt : 0.0};
}

void SimulationDock::showCflWarning(bool warning)
{
    cfl_->setStyleSheet(warning ? "color: white; background: #c62828; padding: 1px 4px; font-weight: bold" : "");
    cfl_->setProperty("warning", warning);
}

} // namespace rb::panels
