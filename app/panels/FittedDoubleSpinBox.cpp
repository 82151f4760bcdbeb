#include "panels/FittedDoubleSpinBox.h"

#include <QLineEdit>
#include <QStyle>
#include <QStyleOptionSpinBox>

namespace rb::panels {

FittedDoubleSpinBox::FittedDoubleSpinBox(QWidget* parent) : QDoubleSpinBox(parent)
{
    connect(this, &QDoubleSpinBox::valueChanged, this, [this] { updateGeometry(); });
}

// As QAbstractSpinBox measures itself, from the text shown now (with a digit's room to spare).
QSize FittedDoubleSpinBox::sizeHint() const
{
    ensurePolished();
    const QFontMetrics metrics(font());
    const int width = metrics.horizontalAdvance(textFromValue(value()) + suffix() + prefix() + QLatin1Char('0')) + 4;
    const int height = lineEdit()->sizeHint().height();
    QStyleOptionSpinBox option;
    initStyleOption(&option);
    return style()->sizeFromContents(QStyle::CT_SpinBox, &option, QSize(width, height), this);
}

} // namespace rb::panels
