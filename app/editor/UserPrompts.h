#pragma once

#include <QString>

#include <functional>

class QWidget;

namespace rb::editor {

// The questions and error reports the main window puts to the user. Modal dialogs by default;
// tests replace them with answers so that nothing waits for a click.
struct UserPrompts {
    enum class Unsaved { Save, Discard, Cancel };

    std::function<Unsaved(QWidget* parent, const QString& documentName, const QString& action)> askUnsaved;
    std::function<void(QWidget* parent, const QString& title, const QString& message)> showError;
    // A result worth reading (what an export wrote and the settings to type into the engine).
    // Optional: tests may leave it empty.
    std::function<void(QWidget* parent, const QString& title, const QString& message)> showReport;

    static UserPrompts dialogs();
};

} // namespace rb::editor
