#pragma once

#include <QString>

#include <functional>

class QWidget;

namespace rb::editor {

struct RecoveryEntry;

// The questions and error reports the main window puts to the user. Modal dialogs by default;
// tests replace them with answers so that nothing waits for a click.
struct UserPrompts {
    enum class Unsaved { Save, Discard, Cancel };
    enum class Recovery { Restore, Discard, Keep }; // Keep: ask again at the next start

    std::function<Unsaved(QWidget* parent, const QString& documentName, const QString& action)> askUnsaved;
    std::function<void(QWidget* parent, const QString& title, const QString& message)> showError;
    // A result worth reading (what an export wrote and the settings to type into the engine).
    // Optional: tests may leave it empty.
    std::function<void(QWidget* parent, const QString& title, const QString& message)> showReport;

    // At start-up, for each autosave a crash left (newest first), until one is restored.
    // Optional: left empty, autosaves are kept for the next start.
    std::function<Recovery(QWidget* parent, const RecoveryEntry& orphan)> askRecovery;

    static UserPrompts dialogs();
    // askRecovery answered without a dialog (`riverbed --recover`, RIVERBED_AUTO_RECOVER): the
    // question and the answer go to stderr.
    static std::function<Recovery(QWidget*, const RecoveryEntry&)> answerRecovery(Recovery answer);
};

} // namespace rb::editor
