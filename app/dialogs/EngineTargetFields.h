#pragma once

#include "io/export/EnginePreset.h"
#include "lattice/Lattice.h"

#include <QObject>
#include <QString>

#include <optional>

class QBoxLayout;
class QComboBox;
class QDialog;
class QDialogButtonBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QWidget;

namespace rb::editor {

// The fields both engine dialogs (export, bundle) share: the engine, its grid size, the folder
// with its Browse button, and the report labels (what will be written, why it cannot). Remembers
// engine and folder in QSettings under its prefix. The dialogs add their own rows between the
// size and the folder, so the rows are built in two steps to keep the tab order.
class EngineTargetFields : public QObject {
    Q_OBJECT
public:
    // The texts that differ between the dialogs.
    struct Texts {
        QString engineTip;
        QString sizeTip;
        QString folderTip;
        QString browseTip;
        QString browseTitle;
        QString (*engineItemTip)(io::Engine) = nullptr; // a tooltip per engine, if any
    };

    // `owner` parents every widget; `settingsPrefix` is the QSettings group ("engineExport").
    EngineTargetFields(const Lattice& lattice, const QString& settingsPrefix, Texts texts, QWidget* owner);

    void addEngineRows(QFormLayout* form); // "&Engine:" and "&Size:", the engine remembered
    void addFolderRow(QFormLayout* form);  // "&Folder:" with Browse, the folder remembered
    // Lays `dialog` out: `form`, the report labels (the files, the problem) and the buttons, OK
    // reading "Export", OK and Cancel wired to the dialog's accept and reject. The dialog enables OK.
    QDialogButtonBox* finishDialog(QDialog* dialog, QFormLayout* form);

    io::Engine engine() const;
    std::optional<int> size() const; // empty for "Automatic"
    QString folder() const;
    void set(io::Engine engine, std::optional<int> size, const QString& folder);
    // The engine, size and folder of a dialog's request (EngineExportRequest, EngineBundleRequest).
    template <typename Request>
    void fill(Request& request) const
    {
        request.engine = engine();
        request.size = size();
        request.folder = folder();
    }

    void showReport(const QString& files, const QString& problem);
    QLabel* filesLabel() const { return files_; }
    void remember() const; // on accept: the engine and folder for next time

signals:
    void changed();

private:
    void addReport(QBoxLayout* layout); // the files and problem labels
    void fillSizes();
    void browse();
    QString key(const char* name) const;

    Lattice lattice_;
    QString prefix_;
    Texts texts_;
    QWidget* owner_ = nullptr;
    QComboBox* engine_ = nullptr;
    QComboBox* size_ = nullptr;
    QLineEdit* folder_ = nullptr;
    QLabel* files_ = nullptr;
    QLabel* problem_ = nullptr;
};

} // namespace rb::editor
