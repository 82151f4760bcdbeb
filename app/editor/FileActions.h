#pragma once

#include "io/export/EngineBundle.h"
#include "io/export/EngineExport.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <functional>

class QMainWindow;
class QMenu;

namespace rb::panels {
class EditorStatusBar;
}

namespace rb::editor {

class EditingSession;
class ImportHeightmapDialog;
class RecentFiles;
struct UserPrompts;

// The File menu's work from Open to Export: the file dialogs, the unsaved-changes question before
// anything replaces the map, the recent files, the autosave interval, the reports of what an
// export wrote, and the recovery of autosaves a crash left. The work itself is the session's.
class FileActions : public QObject {
    Q_OBJECT
public:
    // `prompts` stays the window's: tests replace its answers after construction.
    FileActions(QMainWindow* window, EditingSession* session, const UserPrompts* prompts, panels::EditorStatusBar* statusBar);

    // Open, Recent files, Save, Save As, Autosave, Import heightmap and Export, in that order.
    void fillMenu(QMenu* file);

    // Runs `proceed` once unsaved changes are saved or may go (the user is asked first); nothing
    // when the user cancels. `action` completes "Save the changes before you …?".
    void whenSafeToDiscard(const QString& action, std::function<void()> proceed);
    void openFile(const QString& path);
    void save(std::function<void()> onSuccess = {});
    // File › Import heightmap's dialog for `path`, shown window-modal; its Import replaces the map.
    ImportHeightmapDialog* showImportDialog(const QString& path);
    // Offers each autosave a crash left, newest first (UserPrompts::askRecovery), until one is restored.
    void offerRecovery();

signals:
    void engineExportFinished(bool ok, const QStringList& files);
    void bundleExportFinished(bool ok, const QStringList& files); // the files: manifest.json last

private:
    void createActions();
    void addAutosaveMenu(QMenu* file);
    void addExportMenu(QMenu* file);
    void saveAsDialog(std::function<void()> onSuccess = {});
    void openDialog();
    void importDialog();
    void exportDialog(int layer);
    template <typename Dialog, typename Export>
    void runEngineDialog(Export exportRequest);
    void showEngineExport(const io::EngineExportResult& result);
    void showBundleExport(const io::EngineBundleResult& result);

    QMainWindow* window_;
    EditingSession* session_;
    const UserPrompts* prompts_;
    panels::EditorStatusBar* statusBar_;
    RecentFiles* recentFiles_ = nullptr;
};

} // namespace rb::editor
