#pragma once

#include <QAction>
#include <QKeySequence>
#include <QString>

namespace rb::editor {

// A named action (tests and the menus find it by name) whose tooltip shows its keys, so hovering
// teaches the shortcut.
inline QAction* makeAction(QObject* parent, const QString& name, const QString& text, const QKeySequence& shortcut, const QString& tip)
{
    auto* action = new QAction(text, parent);
    action->setObjectName(name);
    action->setShortcut(shortcut);
    action->setToolTip(shortcut.isEmpty() ? tip : QString("%1 (%2)").arg(tip, shortcut.toString(QKeySequence::NativeText)));
    action->setStatusTip(tip);
    return action;
}

} // namespace rb::editor
