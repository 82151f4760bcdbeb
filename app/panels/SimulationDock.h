#pragma once

#include <utility>

#include "lattice/Lattice.h"
#include "model/SimParams.h"
#include "solver/Diagnostics.h"

#include <QDockWidget>

#include <functional>
#include <vector>

class QAction;
class QFormLayout;
class QHBoxLayout;
class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QSpinBox;
class QVBoxLayout;

namespace rb {
struct SimParamSpec;
}
namespace rb::opencl {
struct DeviceInfo;
}

namespace rb::panels {

// Backend and device, lattice, and every SimParams field, all live: each edit is reported at once
// (as the whole parameter set plus the name of the field) and reaches the solver before its next
// step. Shows the CFL number the dt in the box would give the solver for the water now on the map.
class SimulationDock : public QDockWidget {
    Q_OBJECT
public:
    struct ErosionRow; // a row of the Erosion box (its table is in the .cpp)

    explicit SimulationDock(QWidget* parent = nullptr);

    void setControls(QAction* playPause, QAction* step, QAction* resetWater);
    // The OpenCL devices, once listed (off the GUI thread: the runtime can take a second to answer).
    // Until then the CPU is the only choice and a line says the devices are being looked for. With
    // none, a line (shown, not choosable) says why: `problem`, e.g. a build without OpenCL.
    void setDevices(const std::vector<opencl::DeviceInfo>& devices, const QString& problem = {});
    void setParams(const SimParams& params); // shows them without reporting an edit
    void setLattice(const Lattice& lattice);
    // What the solver runs with now (the automatic time step's dt) and what it measured of the
    // water: its CFL number, deepest water and fastest flow, from which the readout is computed.
    void setSolverState(const SimParams& inForce, const Diagnostics& diagnostics);
    void showMessage(const QString& text, bool warning);
    SimParams params() const;
    QString backend() const;

    static constexpr double kCflWarning = 0.9; // the readout turns to a warning from here on

signals:
    void paramsEdited(const rb::SimParams& params, const QString& fieldName);
    void backendChosen(const QString& backend);
    void latticeChosen(rb::LatticeKind kind);
    // The model is not a tuning value like the others: it gets its own signal (and undo command).
    void flowModelChosen(rb::FlowModel model);

private:
    using Apply = std::function<void(SimParams&, double)>;
    QDoubleSpinBox* addNumber(const QString& name, const QString& label, double min, double max, int decimals,
                              double step, const QString& suffix, const QString& tip, Apply apply, bool addRow = true);
    QDoubleSpinBox* addErosionNumber(const QString& name, const QString& label, double min, double max, int decimals, double step,
                                     const QString& suffix, const QString& tip, Apply apply);
    void addFlowModelChoice(QWidget* body);
    void addTableNumbers(QWidget* body);
    void addTimeStepRows(QWidget* body);
    void addPipeAndBatchRows(QWidget* body);
    void addErosionSection(QWidget* body, QVBoxLayout* layout);
    void showRowsOfModel(FlowModel model);
    void edited(const SimParams& params, const QString& fieldName);
    void updateCfl();
    double cflOfShown() const;
    std::pair<double, double> nextAutomaticStep() const; // dt (s) and CFL number
    void showCflWarning(bool warning);

    QFormLayout* form_ = nullptr;
    QComboBox* backend_ = nullptr;
    QComboBox* lattice_ = nullptr;
    QComboBox* model_ = nullptr;
    std::vector<std::pair<const SimParamSpec*, QDoubleSpinBox*>> tableBoxes_; // one per row of the parameter table
    QDoubleSpinBox* dt_ = nullptr;
    QLabel* cfl_ = nullptr;
    QCheckBox* automaticDt_ = nullptr;
    SimParams inForce_;
    Diagnostics solver_; // the solver's last report on this map (cfl, maxDepth, maxSpeed)
    bool solverReported_ = false; // false until the first report on the map shown
    QComboBox* pipe_ = nullptr;
    QSpinBox* substeps_ = nullptr;
    QCheckBox* erosion_ = nullptr;
    QFormLayout* erosionForm_ = nullptr;
    std::vector<std::pair<const ErosionRow*, QDoubleSpinBox*>> erosionBoxes_; // one per row of kErosionRows
    QDoubleSpinBox* interval_ = nullptr;
    QLabel* message_ = nullptr;
    QHBoxLayout* controls_ = nullptr;

    Lattice mapLattice_;
    SimParams shown_; // what the boxes show, at full precision (the boxes round)
    bool updating_ = false; // set while setParams fills the boxes: no edit to report
};

} // namespace rb::panels
