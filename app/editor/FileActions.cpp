#include "editor/FileActions.h"

#include "dialogs/EngineBundleDialog.h"
#include "dialogs/EngineExportDialog.h"
#include "dialogs/ImportHeightmapDialog.h"
#include "document/AutosaveTimer.h"
#include "document/MapDocument.h"
#include "document/RecoveryFiles.h"
#include "session/EditingSession.h"
#include "editor/MakeAction.h"
#include "editor/RecentFiles.h"
#include "editor/UserPrompts.h"
#include "io/export/LayerExport.h"
#include "io/raster/RasterWriter.h"
#include "panels/EditorStatusBar.h"

#include <QActionGroup>
#include <QFileDialog>
#include <QFileInfo>
#include <QMainWindow>
#include <QMenu>

namespace rb::editor {

FileActions::FileActions(QMainWindow* window, EditingSession* session, const UserPrompts* prompts, panels::EditorStatusBar* statusBar)
    : QObject(window), window_(window), session_(session), prompts_(prompts), statusBar_(statusBar)
{
    createActions();
    connect(session_, &EditingSession::engineExportFinished, this, &FileActions::showEngineExport);
    connect(session_, &EditingSession::bundleExportFinished, this, &FileActions::showBundleExport);
}

// The actions belong to the window, like its others: the shortcuts list and the tests find them there.
void FileActions::createActions()
{
    connect(makeAction(window_, "open", tr("&Open…"), QKeySequence::Open, tr("Open a .rbmap file")), &QAction::triggered, this,
            [this] { openDialog(); });
    connect(makeAction(window_, "exportEngine", tr("For game &engine…"), QKeySequence(Qt::CTRL | Qt::Key_E),
                       tr("Write heightmaps, flow map and mask the way Unity, Unreal or Godot import them")),
            &QAction::triggered, this, [this] { runEngineDialog<EngineExportDialog>(&EditingSession::exportForEngine); });
    connect(makeAction(window_, "exportBundle", tr("Engine &bundle…"), QKeySequence(),
                       tr("Write every layer, the splat map and a manifest with the import settings into one folder for Unity, Unreal or Godot")),
            &QAction::triggered, this, [this] { runEngineDialog<EngineBundleDialog>(&EditingSession::exportBundle); });
    connect(makeAction(window_, "save", tr("&Save"), QKeySequence::Save, tr("Save the map with its water and parameters")),
            &QAction::triggered, this, [this] { save(); });
    connect(makeAction(window_, "saveAs", tr("Save &As…"), QKeySequence::SaveAs, tr("Save the map under a new name")),
            &QAction::triggered, this, [this] { saveAsDialog(); });
    connect(makeAction(window_, "importHeightmap", tr("&Import heightmap…"), QKeySequence(Qt::CTRL | Qt::Key_I),
                       tr("Make a map from a heightmap: PNG, EXR, .npy, raw, GeoTIFF or any raster GDAL reads")),
            &QAction::triggered, this, [this] { importDialog(); });
}

void FileActions::fillMenu(QMenu* file)
{
    const auto action = [this](const char* name) { return window_->findChild<QAction*>(name); };
    file->addAction(action("open"));
    recentFiles_ = new RecentFiles(file->addMenu(tr("Recent files")), this);
    connect(recentFiles_, &RecentFiles::chosen, this, &FileActions::openFile);
    connect(session_, &EditingSession::opened, recentFiles_, &RecentFiles::add);
    file->addActions({action("save"), action("saveAs")});
    addAutosaveMenu(file);
    file->addSeparator();
    file->addAction(action("importHeightmap"));
    addExportMenu(file);
}

// File › Autosave: how often unsaved work goes to the recovery file (AutosaveTimer's setting).
void FileActions::addAutosaveMenu(QMenu* file)
{
    QMenu* menu = file->addMenu(tr("Autosave"));
    menu->setObjectName("autosaveMenu");
    menu->setToolTipsVisible(true);
    auto* group = new QActionGroup(menu);
    AutosaveTimer* timer = session_->autosaveTimer();
    for (const int minutes : {0, 1, 2, 5, 10}) {
        QAction* item = menu->addAction(minutes == 0 ? tr("Off") : tr("Every %n minute(s)", nullptr, minutes));
        item->setObjectName(QString("autosave%1").arg(minutes));
        item->setCheckable(true);
        item->setChecked(timer->minutes() == minutes);
        item->setToolTip(tr("While there are unsaved changes, write them where a crash cannot lose them"));
        group->addAction(item);
        connect(item, &QAction::triggered, timer, [timer, minutes] { timer->setMinutes(minutes); });
    }
}

void FileActions::addExportMenu(QMenu* file)
{
    QMenu* exportMenu = file->addMenu(tr("&Export"));
    exportMenu->setToolTipsVisible(true);
    exportMenu->addAction(window_->findChild<QAction*>("exportEngine"));
    exportMenu->addAction(window_->findChild<QAction*>("exportBundle"));
    exportMenu->addSeparator();
    const std::pair<io::Layer, QString> layers[] = {
        {io::Layer::Terrain, tr("Terrain…")}, {io::Layer::WaterDepth, tr("Water depth…")}, {io::Layer::WaterSurface, tr("Water surface…")}};
    for (const auto& [kind, label] : layers) {
        const io::Layer layer = kind; // a copy: lambdas may not capture structured bindings before C++20 in clang 15
        QAction* item = exportMenu->addAction(label);
        item->setToolTip(tr("Write the %1 layer as a raster").arg(QString::fromUtf8(io::layerName(layer).data())));
        connect(item, &QAction::triggered, this, [this, layer] { exportDialog(static_cast<int>(layer)); });
    }
}

// ---- unsaved changes and recovery ----------------------------------------------------------

void FileActions::whenSafeToDiscard(const QString& action, std::function<void()> proceed)
{
    session_->catchUpWithRunner();
    MapDocument* document = session_->document();
    if (!document->isModified()) return proceed();
    switch (prompts_->askUnsaved(window_, document->displayName(), action)) {
    case UserPrompts::Unsaved::Save:
        save(std::move(proceed));
        return;
    case UserPrompts::Unsaved::Discard:
        proceed();
        return;
    case UserPrompts::Unsaved::Cancel:
        return;
    }
}

void FileActions::offerRecovery()
{
    if (!prompts_->askRecovery) return;
    for (const RecoveryEntry& orphan : session_->recoveryFiles().orphans()) {
        switch (prompts_->askRecovery(window_, orphan)) {
        case UserPrompts::Recovery::Restore:
            return session_->restore(orphan);
        case UserPrompts::Recovery::Discard:
            RecoveryFiles::discard(orphan);
            break;
        case UserPrompts::Recovery::Keep:
            return;
        }
    }
}

// ---- open, save, import ----------------------------------------------------------------------

void FileActions::openDialog()
{
    const QString path = QFileDialog::getOpenFileName(window_, tr("Open map"), QString(), tr("Riverbed maps (*.rbmap)"));
    if (!path.isEmpty()) openFile(path);
}

void FileActions::openFile(const QString& path)
{
    whenSafeToDiscard(tr("open another map"), [this, path] { session_->open(path); });
}

void FileActions::save(std::function<void()> onSuccess)
{
    const QString fileName = session_->document()->fileName();
    if (fileName.isEmpty()) return saveAsDialog(std::move(onSuccess));
    session_->saveAs(fileName, std::move(onSuccess));
}

void FileActions::saveAsDialog(std::function<void()> onSuccess)
{
    QString path = QFileDialog::getSaveFileName(window_, tr("Save map"), session_->document()->fileName(), tr("Riverbed maps (*.rbmap)"));
    if (path.isEmpty()) return;
    if (QFileInfo(path).suffix().isEmpty()) path += ".rbmap";
    session_->saveAs(path, std::move(onSuccess));
}

void FileActions::importDialog()
{
    const QString path = QFileDialog::getOpenFileName(
        window_, tr("Import heightmap"), QString(),
        tr("Heightmaps (*.png *.npy *.exr *.r16 *.raw *.tif *.tiff *.hgt *.asc *.dem *.img);;All files (*)"));
    if (!path.isEmpty()) showImportDialog(path);
}

// Window-modal and non-blocking (open, not exec): the file is read in the background meanwhile,
// and tests drive the dialog like a user. Import replaces the map (after the unsaved-changes
// question); Cancel leaves everything as it was.
ImportHeightmapDialog* FileActions::showImportDialog(const QString& path)
{
    auto* dialog = new ImportHeightmapDialog(path, window_);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, path, dialog] {
        whenSafeToDiscard(tr("import a heightmap"), [this, path, options = dialog->options()] { session_->importHeightmap(path, options); });
    });
    dialog->open();
    return dialog;
}

// ---- exports ---------------------------------------------------------------------------------

void FileActions::exportDialog(int layerIndex)
{
    QStringList patterns;
    for (const io::RasterFormat& format : io::rasterFormats())
        patterns << QString("%1 (*.%2)").arg(format.description, format.extension);
    const QString path = QFileDialog::getSaveFileName(window_, tr("Export layer"), QString(), patterns.join(";;"));
    if (!path.isEmpty()) session_->exportLayer(static_cast<io::Layer>(layerIndex), path);
}

// Both engine dialogs are made for the map's lattice and name; an accepted one's request goes to
// the session.
template <typename Dialog, typename Export>
void FileActions::runEngineDialog(Export exportRequest)
{
    const MapDocument* document = session_->document();
    Dialog dialog(document->map().state.lattice, document->displayName(), window_);
    if (dialog.exec() == QDialog::Accepted) (session_->*exportRequest)(dialog.request());
}

// The report lists the files and the settings the engine's importer needs (Z scale, height range).
void FileActions::showEngineExport(const io::EngineExportResult& result)
{
    if (result.ok()) {
        statusBar_->showMessage(tr("Exported %n file(s)", nullptr, static_cast<int>(result.files.size())), 5000);
        if (prompts_->showReport) {
            const QString settings = io::engineSettingsText(result);
            prompts_->showReport(window_, tr("Export for game engine"),
                                 tr("Wrote:\n%1%2").arg(result.files.join('\n'),
                                                       settings.isEmpty() ? QString() : tr("\n\nImport settings:\n%1").arg(settings)));
        }
    }
    emit engineExportFinished(result.ok(), result.files);
}

// A failure was reported by the session (its message names the file); success names the folder.
void FileActions::showBundleExport(const io::EngineBundleResult& result)
{
    if (result.ok()) {
        const QString folder = result.files.isEmpty() ? QString() : QFileInfo(result.files.last()).absolutePath();
        statusBar_->showMessage(tr("Wrote the bundle to %1 (%n file(s))", nullptr, static_cast<int>(result.files.size())).arg(folder), 5000);
        if (prompts_->showReport)
            prompts_->showReport(window_, tr("Export engine bundle"),
                                 tr("Wrote %1 with manifest.json (the engine's import settings for every file):\n%2")
                                     .arg(folder, result.files.join('\n')));
    }
    emit bundleExportFinished(result.ok(), result.files);
}

} // namespace rb::editor
