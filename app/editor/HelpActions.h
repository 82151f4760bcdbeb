#pragma once

#include <QObject>
#include <QString>
#include <QStringList>

#include <optional>

class QMainWindow;
class QMenu;

namespace rb::editor {

class AboutDialog;
class ShortcutsDialog;
class UserGuideDialog;

// The Help menu: the user guide, the keyboard shortcuts and About, each a non-modal window, one at
// a time, so the guide can stay open beside the map.
class HelpActions : public QObject {
    Q_OBJECT
public:
    explicit HelpActions(QMainWindow* window);

    void fillMenu(QMenu* help);
    UserGuideDialog* showUserGuide();
    ShortcutsDialog* showShortcuts();
    AboutDialog* showAbout();

    // What About tells: the solver in use, and the OpenCL devices once the search for them ends.
    void setSolverName(const QString& name) { solverName_ = name; }
    void setOpenClDevices(const QStringList& devices) { openclDevices_ = devices; }

private:
    QMainWindow* window_;
    QString solverName_;
    std::optional<QStringList> openclDevices_; // none until the background search ends
};

} // namespace rb::editor
