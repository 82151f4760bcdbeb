#pragma once

#include <QDialog>
#include <QStringList>

#include <optional>

class QLabel;

namespace rb::editor {

// What Help › About shows beyond the program's own version: the simulation backend in use and the
// OpenCL devices found (none yet while they are still being looked for).
struct AboutFacts {
    QString solver;                           // the status bar's name of the running solver
    std::optional<QStringList> openclDevices; // nullopt: the search has not finished
};

// Help › About Riverbed: version, the Qt it runs on, whether the build has OpenCL, the solver and
// the OpenCL devices.
class AboutDialog : public QDialog {
    Q_OBJECT
public:
    explicit AboutDialog(const AboutFacts& facts, QWidget* parent = nullptr);

    QString text() const;
    static QString version(); // the project's version from CMake

private:
    QLabel* text_ = nullptr;
};

} // namespace rb::editor
