#pragma once

class QAbstractSpinBox;

namespace rb::tools {

// Lets the window's Undo and Redo keys through a number box that edits through the undo stack.
// Left alone, the box's line edit claims them (QEvent::ShortcutOverride) for its own text undo,
// which after Enter has nothing left to undo: the keys seemed dead while the box had the focus.
// The typed text is committed first, so Undo takes back the value just typed as its own command.
void passUndoKeysToWindow(QAbstractSpinBox* box);

} // namespace rb::tools
