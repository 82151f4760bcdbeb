#pragma once

#include <QObject>
#include <QString>

class QMenu;

namespace rb::editor {

// File › Recent files: the last maps opened or saved (QSettings "recentFiles"), newest first.
class RecentFiles : public QObject {
    Q_OBJECT
public:
    static constexpr int kMaxFiles = 8;

    RecentFiles(QMenu* menu, QObject* parent);
    void add(const QString& path);

signals:
    void chosen(const QString& path);

private:
    void rebuild();

    QMenu* menu_;
};

} // namespace rb::editor
