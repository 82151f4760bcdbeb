#pragma once

#include <QDialog>

class QTextBrowser;

namespace rb::editor {

// Help › User guide: docs/editor.md (and the pages it links to) from the application's resources,
// rendered from Markdown in the window: no network, no installed copy to find.
class UserGuideDialog : public QDialog {
    Q_OBJECT
public:
    explicit UserGuideDialog(QWidget* parent = nullptr);

    QTextBrowser* browser() const { return browser_; }

private:
    QTextBrowser* browser_ = nullptr;
};

} // namespace rb::editor
