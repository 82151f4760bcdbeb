#pragma once

#include "editor/UserPrompts.h"

#include <QObject>
#include <QString>

class QImage;

namespace rb::editor {

class MainWindow;

// `riverbed --smoke-test`: the check an install (the Debian package, CI's scratch root) runs to
// see the editor work end to end without a person: the window opens, the start-up map is
// generated (or MAP opened) and the 3D view draws it; then the program quits with status 0 and a
// line on stdout. A failed generation, a blank picture or no picture before the time limit quits
// with status 1 and a line on stderr saying which.
class SmokeCheck : public QObject {
    Q_OBJECT
public:
    SmokeCheck(MainWindow& window, int timeoutMs);

    // `prompts` with errors failing the check at once (a map that does not open, a generation
    // that fails) instead of waiting in a dialog no one will close.
    UserPrompts failingOnErrors(UserPrompts prompts);

private:
    void captureView();
    void judge(const QImage& image);
    void finish(int status, const QString& message);

    MainWindow& window_;
    bool finished_ = false;
};

} // namespace rb::editor
