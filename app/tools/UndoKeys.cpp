#include "tools/UndoKeys.h"

#include <QAbstractSpinBox>
#include <QKeyEvent>

namespace rb::tools {
namespace {

// The window's Undo and Redo keys: the platform's, and Ctrl+Y, which the Edit menu adds for Redo.
bool isUndoOrRedo(const QKeyEvent* key)
{
    return key->matches(QKeySequence::Undo) || key->matches(QKeySequence::Redo) ||
           key->keyCombination() == QKeyCombination(Qt::ControlModifier, Qt::Key_Y);
}

// Watches the box itself: it is the focus widget, and hands the override on to its line edit
// directly (not as an event a filter on the edit would see).
class UndoKeysFilter : public QObject {
public:
    explicit UndoKeysFilter(QAbstractSpinBox* box) : QObject(box), box_(box) {}

    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (event->type() != QEvent::ShortcutOverride || !isUndoOrRedo(static_cast<QKeyEvent*>(event)))
            return QObject::eventFilter(watched, event);
        box_->interpretText(); // the typed value becomes a command before the undo or redo
        event->ignore();       // not claimed: the shortcut fires the window's action
        return true;
    }

private:
    QAbstractSpinBox* box_;
};

} // namespace

void passUndoKeysToWindow(QAbstractSpinBox* box)
{
    box->installEventFilter(new UndoKeysFilter(box));
}

} // namespace rb::tools
