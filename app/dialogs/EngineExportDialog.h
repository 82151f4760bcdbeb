#pragma once

#include "io/export/EngineExport.h"

#include <QDialog>

#include <map>

class QCheckBox;
class QDialogButtonBox;
class QLineEdit;

namespace rb::editor {

class EngineTargetFields;

// Asks what to take into a game engine: the engine, the grid size it takes, the layers, the
// folder and a base name. Shows the files it will write and why it cannot yet (OK stays disabled
// until the request is writable). Remembers the engine and folder between sessions (QSettings).
class EngineExportDialog : public QDialog {
    Q_OBJECT
public:
    EngineExportDialog(const Lattice& lattice, const QString& baseName, QWidget* parent = nullptr);

    io::EngineExportRequest request() const;
    void setRequest(const io::EngineExportRequest& request); // for tests and remembered choices

    void accept() override; // remembers the choices

private:
    void refresh();

    EngineTargetFields* target_ = nullptr;
    std::map<io::Layer, QCheckBox*> layers_;
    QLineEdit* baseName_ = nullptr;
    QDialogButtonBox* buttons_ = nullptr;
};

} // namespace rb::editor
