#pragma once

#include <QHash>
#include <QSize>
#include <QTextBrowser>

namespace rb::editor {

// A QTextBrowser for the Markdown guide pages whose pictures fit the window: each image is drawn
// at its own size or, when that is wider than the page, scaled down to the page's width (keeping
// its proportions), again whenever the window is resized or another page is shown. QTextBrowser
// alone shows them at their own size, so a 1200 px screenshot needed a sideways scroll.
class GuideBrowser : public QTextBrowser {
    Q_OBJECT
public:
    explicit GuideBrowser(QWidget* parent = nullptr);

    int pageWidth() const; // what an image may take: the viewport less the document's margins

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void fitImages();
    QSize naturalSize(const QString& name);

    QHash<QString, QSize> sizes_; // by resolved URL: decoded once
};

} // namespace rb::editor
