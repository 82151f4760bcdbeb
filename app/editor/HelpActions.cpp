#include "editor/HelpActions.h"

#include "dialogs/AboutDialog.h"
#include "dialogs/ShortcutsDialog.h"
#include "dialogs/UserGuideDialog.h"
#include "editor/MakeAction.h"

#include <QMainWindow>
#include <QMenu>

namespace rb::editor {

HelpActions::HelpActions(QMainWindow* window) : QObject(window), window_(window)
{
    connect(makeAction(window_, "userGuide", tr("&User guide"), QKeySequence::HelpContents, tr("Read the editor's guide")),
            &QAction::triggered, this, [this] { showUserGuide(); });
    connect(makeAction(window_, "keyboardShortcuts", tr("&Keyboard shortcuts"), QKeySequence(Qt::CTRL | Qt::Key_Slash),
                       tr("List every action that has keys, with its keys")),
            &QAction::triggered, this, [this] { showShortcuts(); });
    connect(makeAction(window_, "about", tr("&About Riverbed"), QKeySequence(), tr("Version, Qt, solver and OpenCL devices")),
            &QAction::triggered, this, [this] { showAbout(); });
}

void HelpActions::fillMenu(QMenu* help)
{
    help->setObjectName("helpMenu");
    help->setToolTipsVisible(true);
    help->addActions({window_->findChild<QAction*>("userGuide"), window_->findChild<QAction*>("keyboardShortcuts")});
    help->addSeparator();
    help->addAction(window_->findChild<QAction*>("about"));
}

UserGuideDialog* HelpActions::showUserGuide()
{
    auto* dialog = window_->findChild<UserGuideDialog*>();
    if (!dialog) {
        dialog = new UserGuideDialog(window_);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
    }
    dialog->show();
    dialog->raise();
    return dialog;
}

ShortcutsDialog* HelpActions::showShortcuts()
{
    delete window_->findChild<ShortcutsDialog*>(); // rebuilt: the keys are read from the actions as they are now
    auto* dialog = new ShortcutsDialog(window_->findChildren<QAction*>(), window_);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
    return dialog;
}

AboutDialog* HelpActions::showAbout()
{
    delete window_->findChild<AboutDialog*>();
    auto* dialog = new AboutDialog(AboutFacts{solverName_, openclDevices_}, window_);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
    return dialog;
}

} // namespace rb::editor
