#pragma once

#include "currents/CurrentsSettings.h"
#include "model/BoundarySegment.h"

#include <QDockWidget>

#include <array>

class QCheckBox;
class QDoubleSpinBox;
class QFormLayout;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;

namespace rb {
struct BoundaryBalance;
struct CurrentsReport;
}
namespace rb::editor {
struct CurrentsOutcome;
}

namespace rb::panels {

class ScientificSpinBox;

// The steady sea current around the terrain (docs/solver.md, "Currents"): the prevailing current
// across each side (open or a wall; m/s, positive into the map), viscosity, tolerance and
// iterations, a Solve button, a progress bar and Cancel while it runs, what the last solve gave,
// and Clear. It only reports what the user asks for; the window runs the solve and stores it.
class CurrentsDock : public QDockWidget {
    Q_OBJECT
public:
    explicit CurrentsDock(QWidget* parent = nullptr);

    CurrentsSettings settings() const;
    void setSideCurrent(Side side, std::optional<double> speed); // shows, reports nothing

    // While a solve runs: Solve is off, the progress bar and Cancel are shown.
    void setSolving(bool solving, int maxIterations = 0);
    void showProgress(int iteration, int maxIterations, double residual);
    void showReport(const CurrentsReport& report, double seconds);
    // A solve ended: its report, that it was cancelled, or why it failed.
    void showOutcome(const editor::CurrentsOutcome& outcome);
    void showMessage(const QString& text);
    void setHasCurrents(bool has); // Clear is only offered when there is something to clear
    void showArrowScale(const QString& text);

    QLabel* resultLabel() const { return result_; }

signals:
    void solveRequested(const rb::CurrentsSettings& settings);
    void cancelRequested();
    void clearRequested();

private:
    void addSideRow(QFormLayout* form, Side side, const QString& name, const QString& tip);
    void addSolverRows(QFormLayout* form);
    void requestSolve();
    QString steadiness(const CurrentsReport& report) const;
    QString balance(const BoundaryBalance& balance) const;

    std::array<QCheckBox*, 4> open_{};
    std::array<QDoubleSpinBox*, 4> speed_{};
    QCheckBox* automaticViscosity_ = nullptr;
    QDoubleSpinBox* viscosity_ = nullptr;
    ScientificSpinBox* tolerance_ = nullptr;
    QSpinBox* maxIterations_ = nullptr;
    QPushButton* solve_ = nullptr;
    QPushButton* cancel_ = nullptr;
    QPushButton* clear_ = nullptr;
    QProgressBar* progress_ = nullptr;
    QLabel* result_ = nullptr;
    QLabel* scale_ = nullptr;
};

} // namespace rb::panels
