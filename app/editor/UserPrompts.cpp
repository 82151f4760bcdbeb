#include "editor/UserPrompts.h"

#include <QMessageBox>

namespace rb::editor {

UserPrompts UserPrompts::dialogs()
{
    UserPrompts prompts;
    prompts.askUnsaved = [](QWidget* parent, const QString& documentName, const QString& action) {
        const auto answer = QMessageBox::warning(
            parent, QObject::tr("Unsaved changes"),
            QObject::tr("“%1” has changes that are not saved. Save them before you %2?").arg(documentName, action),
            QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
        if (answer == QMessageBox::Save) return Unsaved::Save;
        return answer == QMessageBox::Discard ? Unsaved::Discard : Unsaved::Cancel;
    };
    prompts.showError = [](QWidget* parent, const QString& title, const QString& message) {
        QMessageBox::critical(parent, title, message);
    };
    prompts.showReport = [](QWidget* parent, const QString& title, const QString& message) {
        auto* box = new QMessageBox(QMessageBox::Information, title, message, QMessageBox::Ok, parent);
        box->setTextInteractionFlags(Qt::TextSelectableByMouse); // settings to copy into the engine
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open(); // not modal to the application: the simulation and the editor go on
    };
    return prompts;
}

} // namespace rb::editor
