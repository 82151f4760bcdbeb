#pragma once

#include <QPushButton>

namespace rb::panels {

// A dock's push button as the docks make them: its text, the object name tests and the layout
// restore find it by, and the tooltip that says what it does (the docks' buttons all have one).
inline QPushButton* dockButton(const QString& text, const QString& objectName, const QString& tip, QWidget* parent)
{
    auto* button = new QPushButton(text, parent);
    button->setObjectName(objectName);
    button->setToolTip(tip);
    return button;
}

} // namespace rb::panels
