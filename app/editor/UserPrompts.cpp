#include "editor/UserPrompts.h"

#include "document/RecoveryFiles.h"

#include <QLocale>
#include <QMessageBox>
#include <QPushButton>

#include <cstdio>

namespace rb::editor {

namespace {

QString describeOrphan(const RecoveryEntry& orphan)
{
    const QString when = QLocale().toString(orphan.info.savedAt, QLocale::LongFormat);
    const QString where = orphan.info.originalFile.isEmpty() ? QObject::tr("never saved")
                                                             : QObject::tr("file %1").arg(orphan.info.originalFile);
    return QObject::tr("“%1” (%2), autosaved at %3, step %4").arg(orphan.info.documentName, where, when).arg(orphan.info.steps);
}

UserPrompts::Recovery askToRestore(QWidget* parent, const RecoveryEntry& orphan)
{
    QMessageBox box(QMessageBox::Question, QObject::tr("Restore unsaved work?"),
                    QObject::tr("Riverbed did not close normally last time. An autosave is left of:\n\n%1\n\n"
                                "Restore it? It opens as an unsaved map, continuing from the autosaved step.")
                        .arg(describeOrphan(orphan)),
                    QMessageBox::NoButton, parent);
    QPushButton* restore = box.addButton(QObject::tr("Restore"), QMessageBox::AcceptRole);
    QPushButton* discard = box.addButton(QObject::tr("Discard"), QMessageBox::DestructiveRole);
    QPushButton* later = box.addButton(QObject::tr("Later"), QMessageBox::RejectRole);
    box.setInformativeText(QObject::tr("Discard deletes the autosave; Later keeps it and asks at the next start."));
    box.setDefaultButton(restore);
    box.setEscapeButton(later);
    box.exec();
    if (box.clickedButton() == restore) return UserPrompts::Recovery::Restore;
    return box.clickedButton() == discard ? UserPrompts::Recovery::Discard : UserPrompts::Recovery::Keep;
}

} // namespace

std::function<UserPrompts::Recovery(QWidget*, const RecoveryEntry&)> UserPrompts::answerRecovery(Recovery answer)
{
    return [answer](QWidget*, const RecoveryEntry& orphan) {
        const char* verb = answer == Recovery::Restore ? "restoring" : answer == Recovery::Discard ? "discarding" : "keeping";
        std::fprintf(stderr, "riverbed: an autosave is left of %s: %s it\n", qPrintable(describeOrphan(orphan)), verb);
        return answer;
    };
}

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
    prompts.askRecovery = [](QWidget* parent, const RecoveryEntry& orphan) { return askToRestore(parent, orphan); };
    prompts.showReport = [](QWidget* parent, const QString& title, const QString& message) {
        auto* box = new QMessageBox(QMessageBox::Information, title, message, QMessageBox::Ok, parent);
        box->setTextInteractionFlags(Qt::TextSelectableByMouse); // settings to copy into the engine
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open(); // not modal to the application: the simulation and the editor go on
    };
    return prompts;
}

} // namespace rb::editor
