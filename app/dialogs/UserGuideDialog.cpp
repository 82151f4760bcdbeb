#include "dialogs/UserGuideDialog.h"

#include "dialogs/GuideBrowser.h"

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

namespace {
const char* const kGuide = "qrc:/help/guide.md";
const char* const kReference = "qrc:/help/editor.md";
} // namespace

UserGuideDialog::UserGuideDialog(QWidget* parent) : QDialog(parent)
{
    setObjectName("userGuideDialog");
    setWindowTitle(tr("Riverbed user guide"));
    initHelpResources();
    browser_ = new GuideBrowser(this);
    browser_->setObjectName("userGuide");
    browser_->setOpenExternalLinks(true); // web links go to the user's browser; the guide's own pages stay here
    // F1 opens the walk through a first map (docs/guide.md); the reference (docs/editor.md) is a
    // button and a link away. By URL rather than setMarkdown: relative links and pictures resolve.
    browser_->setSource(QUrl(kGuide), QTextDocument::MarkdownResource);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    auto* back = buttons->addButton(tr("&Back"), QDialogButtonBox::ActionRole);
    back->setEnabled(false);
    auto* reference = buttons->addButton(tr("Editor &reference"), QDialogButtonBox::ActionRole);
    reference->setObjectName("referenceButton");
    connect(reference, &QPushButton::clicked, browser_, [this] { browser_->setSource(QUrl(kReference), QTextDocument::MarkdownResource); });
    connect(browser_, &QTextBrowser::backwardAvailable, back, &QPushButton::setEnabled);
    connect(back, &QPushButton::clicked, browser_, &QTextBrowser::backward);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(browser_);
    layout->addWidget(buttons);
    resize(900, 700);
}

} // namespace rb::editor
