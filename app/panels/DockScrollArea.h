#pragma once

#include <QScrollArea>
#include <QScrollBar>
#include <QWidget>

namespace rb::panels {

// A dock's contents in a scroll area that scrolls up and down only: as wide as the contents need
// (with room for the scroll bar), and as short as a few rows, so that the docks stacked on one
// side of the window do not set its minimum height (a 768 or 1080 px screen must hold it). What
// does not fit scrolls inside the dock instead of being drawn over by the next one.
class DockScrollArea : public QScrollArea {
public:
    explicit DockScrollArea(QWidget* contents, QWidget* parent = nullptr) : QScrollArea(parent)
    {
        setWidgetResizable(true);
        setFrameShape(QFrame::NoFrame);
        setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        setWidget(contents);
    }

    QSize minimumSizeHint() const override
    {
        const QWidget* contents = widget();
        const int width = contents ? contents->minimumSizeHint().width() : 0;
        return {width + verticalScrollBar()->sizeHint().width() + 2 * frameWidth(), kMinimumHeight};
    }

    static constexpr int kMinimumHeight = 120;
};

} // namespace rb::panels
