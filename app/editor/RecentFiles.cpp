#include "editor/RecentFiles.h"

#include <QFileInfo>
#include <QMenu>
#include <QSettings>

namespace rb::editor {

RecentFiles::RecentFiles(QMenu* menu, QObject* parent) : QObject(parent), menu_(menu)
{
    rebuild();
}

void RecentFiles::add(const QString& path)
{
    QSettings settings;
    QStringList files = settings.value("recentFiles").toStringList();
    const QString absolute = QFileInfo(path).absoluteFilePath();
    files.removeAll(absolute);
    files.prepend(absolute);
    while (files.size() > kMaxFiles) files.removeLast();
    settings.setValue("recentFiles", files);
    rebuild();
}

void RecentFiles::rebuild()
{
    menu_->clear();
    const QStringList files = QSettings().value("recentFiles").toStringList();
    for (const QString& file : files) {
        QAction* item = menu_->addAction(QFileInfo(file).fileName());
        item->setToolTip(file);
        connect(item, &QAction::triggered, this, [this, file] { emit chosen(file); });
    }
    menu_->setEnabled(!files.isEmpty());
}

} // namespace rb::editor
