#pragma once

#include <QDialog>
#include <QList>

class QAction;
class QTableWidget;

namespace rb::editor {

// Help › Keyboard shortcuts: a table made from the window's actions as they are (menu, name, keys,
// what it does), so it cannot disagree with the keys that work.
class ShortcutsDialog : public QDialog {
    Q_OBJECT
public:
    explicit ShortcutsDialog(const QList<QAction*>& actions, QWidget* parent = nullptr);

    QTableWidget* table() const { return table_; }
    // The keys shown for the action named `text` (as in the table), empty if it is not listed.
    QString keysFor(const QString& text) const;

    static QString plainText(const QAction* action); // "&Open…" → "Open"
    static QString keysText(const QAction* action);  // every shortcut, as the platform writes them

private:
    void fill(const QList<QAction*>& actions);

    QTableWidget* table_ = nullptr;
};

} // namespace rb::editor
