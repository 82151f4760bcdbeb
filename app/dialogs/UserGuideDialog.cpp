#include "dialogs/UserGuideDialog.h"

#include <QDialogButtonBox>
#include <QPushButton>
#include <QTextBrowser>
#include <QVBoxLayout>

// Outside any namespace, as Q_INIT_RESOURCE requires: the guide lives in a static library, whose
// resources register only when asked to.
static void initHelpResources()
{
    Q_INIT_RESOURCE(help);
}

namespace rb::editor {

UserGuideDialog::UserGuideDialog(QWidget* parent) : QDialog(parent)
{
    setObjectName("userGuideDialog");
    setWindowTitle(tr("Riverbed user guide"));
    initHelpResources();
    browser_ = new QTextBrowser(this);
    browser_->setObjectName("userGuide");
    browser_->setOpenExternalLinks(true); // web links go to the user's browser; the guide's own pages stay here
    // By URL rather than setMarkdown: relative links (import-export.md) and the screenshot resolve.
    browser_->setSource(QUrl("qrc:/help/editor.md"), QTextDocument::MarkdownResource);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    auto* back = buttons->addButton(tr("&Back"), QDialogButtonBox::ActionRole);
    back->setEnabled(false);
    connect(browser_, &QTextBrowser::backwardAvailable, back, &QPushButton::setEnabled);
    connect(back, &QPushButton::clicked, browser_, &QTextBrowser::backward);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(browser_);
    layout->addWidget(buttons);
    resize(900, 700);
}

} // namespace rb::editor
