#pragma once

#include <QDialog>

class QTextBrowser;

namespace rb::editor {

// Help › User guide: docs/guide.md, the walk through a first map, with Editor reference for
// docs/editor.md (and the pages they link to), from the application's resources, rendered from
// Markdown in the window with the pictures fitted to its width: no network, no installed copy.
class UserGuideDialog : public QDialog {
    Q_OBJECT
public:
    explicit UserGuideDialog(QWidget* parent = nullptr);

    QTextBrowser* browser() const { return browser_; }

private:
    QTextBrowser* browser_ = nullptr;
};

} // namespace rb::editor
