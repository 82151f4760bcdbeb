#include "dialogs/GuideBrowser.h"

#include <QImage>
#include <QPixmap>
#include <QScrollBar>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocument>
#include <QTextFragment>
#include <QTextImageFormat>

#include <algorithm>
#include <vector>

namespace rb::editor {

GuideBrowser::GuideBrowser(QWidget* parent) : QTextBrowser(parent)
{
    connect(this, &QTextBrowser::sourceChanged, this, [this] { fitImages(); });
}

int GuideBrowser::pageWidth() const
{
    const int margins = static_cast<int>(2.0 * document()->documentMargin()) + 2;
    return std::max(32, viewport()->width() - margins);
}

void GuideBrowser::resizeEvent(QResizeEvent* event)
{
    QTextBrowser::resizeEvent(event);
    fitImages();
}

QSize GuideBrowser::naturalSize(const QString& name)
{
    const QUrl url = source().resolved(QUrl(name));
    const QString key = url.toString();
    if (const auto found = sizes_.constFind(key); found != sizes_.constEnd()) return *found;
    const QVariant data = loadResource(QTextDocument::ImageResource, url);
    QImage image;
    if (data.canConvert<QImage>() && data.typeId() == QMetaType::QImage) image = data.value<QImage>();
    else if (data.typeId() == QMetaType::QPixmap) image = data.value<QPixmap>().toImage();
    else image = QImage::fromData(data.toByteArray());
    sizes_.insert(key, image.size());
    return image.size();
}

// The formats are collected first: changing one splits or merges fragments under an iterator.
void GuideBrowser::fitImages()
{
    struct Found {
        int position, length;
        QTextImageFormat format;
    };
    std::vector<Found> images;
    for (QTextBlock block = document()->begin(); block.isValid(); block = block.next())
        for (auto it = block.begin(); !it.atEnd(); ++it) {
            const QTextFragment fragment = it.fragment();
            if (fragment.charFormat().isImageFormat())
                images.push_back({fragment.position(), fragment.length(), fragment.charFormat().toImageFormat()});
        }
    const double available = pageWidth();
    for (Found& image : images) {
        const QSize natural = naturalSize(image.format.name());
        if (natural.isEmpty()) continue;
        const double width = std::min<double>(natural.width(), available);
        if (image.format.width() == width) continue;
        image.format.setWidth(width);
        image.format.setHeight(width * natural.height() / natural.width());
        QTextCursor cursor(document());
        cursor.setPosition(image.position);
        cursor.setPosition(image.position + image.length, QTextCursor::KeepAnchor);
        cursor.setCharFormat(image.format);
    }
}

} // namespace rb::editor
