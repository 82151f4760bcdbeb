#include "dialogs/ShortcutsDialog.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QMenu>
#include <QSet>
#include <QTableWidget>
#include <QVBoxLayout>

namespace rb::editor {
namespace {

enum ShortcutColumn { kMenu, kAction, kKeys, kTip, kColumns };

// The menu an action is found in ("Edit"), or empty for actions only on a toolbar or the window.
QString menuOf(const QAction* action)
{
    for (const QObject* owner : action->associatedObjects())
        if (const auto* menu = qobject_cast<const QMenu*>(owner)) return menu->title().remove(QChar('&'));
    return {};
}

} // namespace

ShortcutsDialog::ShortcutsDialog(const QList<QAction*>& actions, QWidget* parent) : QDialog(parent)
{
    setObjectName("shortcutsDialog");
    setWindowTitle(tr("Keyboard shortcuts"));
    table_ = new QTableWidget(0, kColumns, this);
    table_->setObjectName("shortcutsTable");
    table_->setHorizontalHeaderLabels({tr("Menu"), tr("Action"), tr("Keys"), tr("What it does")});
    table_->verticalHeader()->hide();
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->horizontalHeader()->setStretchLastSection(true);
    // Descriptions wrap instead of ending in "…": the rows grow whenever the columns change width.
    table_->setTextElideMode(Qt::ElideNone);
    table_->setWordWrap(true);
    connect(table_->horizontalHeader(), &QHeaderView::sectionResized, table_, [this] { table_->resizeRowsToContents(); });
    fill(actions);
    table_->setSortingEnabled(true); // click a header to sort by it
    table_->sortByColumn(kMenu, Qt::AscendingOrder);
    table_->resizeColumnsToContents();

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(table_);
    layout->addWidget(buttons);
    resize(720, 520);
}

QString ShortcutsDialog::plainText(const QAction* action)
{
    QString text = action->text();
    text.remove(QChar('&')).remove(QChar(0x2026)); // mnemonic markers and "…"
    return text.trimmed();
}

QString ShortcutsDialog::keysText(const QAction* action)
{
    QStringList keys;
    for (const QKeySequence& key : action->shortcuts()) keys << key.toString(QKeySequence::NativeText);
    return keys.join(tr(", "));
}

// Actions without keys are left out, and an action reachable twice (a menu and a toolbar share
// the same QAction; copies made by Qt share text and keys) is listed once.
void ShortcutsDialog::fill(const QList<QAction*>& actions)
{
    QSet<QString> seen;
    for (const QAction* action : actions) {
        const QString name = plainText(action), keys = keysText(action);
        if (name.isEmpty() || keys.isEmpty() || seen.contains(name + '\n' + keys)) continue;
        seen.insert(name + '\n' + keys);
        const int row = table_->rowCount();
        table_->insertRow(row);
        table_->setItem(row, kMenu, new QTableWidgetItem(menuOf(action)));
        table_->setItem(row, kAction, new QTableWidgetItem(name));
        table_->setItem(row, kKeys, new QTableWidgetItem(keys));
        table_->setItem(row, kTip, new QTableWidgetItem(action->statusTip().isEmpty() ? action->toolTip() : action->statusTip()));
    }
}

QString ShortcutsDialog::keysFor(const QString& text) const
{
    for (int row = 0; row < table_->rowCount(); ++row)
        if (table_->item(row, kAction)->text() == text) return table_->item(row, kKeys)->text();
    return {};
}

} // namespace rb::editor
