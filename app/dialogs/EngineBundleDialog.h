#pragma once

#include "io/export/EngineBundle.h"

#include <QDialog>

class QCheckBox;
class QDialogButtonBox;

namespace rb::editor {

class EngineTargetFields;

// File › Export › Engine bundle: asks for the engine, its grid size and the folder (which the
// folder chooser can create, and the export makes if it is missing). Lists the files it will
// write and keeps Export disabled while the request cannot be written (a file in the way, a folder
// with other files unless "write among other files" is ticked). Remembers engine and folder.
class EngineBundleDialog : public QDialog {
    Q_OBJECT
public:
    EngineBundleDialog(const Lattice& lattice, const QString& mapName, QWidget* parent = nullptr);

    io::EngineBundleRequest request() const;
    void setRequest(const io::EngineBundleRequest& request); // for tests and remembered choices

    void accept() override; // remembers the choices

private:
    void refresh();

    QString mapName_;
    EngineTargetFields* target_ = nullptr;
    QCheckBox* meanFlow_ = nullptr;
    QCheckBox* force_ = nullptr;
    QDialogButtonBox* buttons_ = nullptr;
};

} // namespace rb::editor
