#include "tools/OptionsRow.h"

#include "tools/UndoKeys.h"

#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>

#include <cmath>

namespace rb::tools {

OptionsRow::OptionsRow(QWidget* parent) : QWidget(parent)
{
    layout_ = new QHBoxLayout(this);
    layout_->setContentsMargins(4, 0, 4, 0);
}

QDoubleSpinBox* OptionsRow::addNumber(const QString& name, const QString& label, double min, double max, int decimals,
                                      const QString& suffix, const QString& tip, double value, std::function<void(double)> changed)
{
    auto* box = new QDoubleSpinBox(this);
    box->setObjectName(name);
    box->setRange(min, max);
    box->setDecimals(decimals);
    box->setSuffix(suffix);
    box->setValue(value);
    box->setKeyboardTracking(false);
    box->setAccelerated(true);
    box->setSingleStep(std::min(1.0, std::pow(10.0, 1 - decimals)));
    passUndoKeysToWindow(box); // the Springs/drains bar's values are undoable edits
    connect(box, &QDoubleSpinBox::valueChanged, this, [changed = std::move(changed)](double v) { changed(v); });
    addWidget(label, box, tip);
    return box;
}

void OptionsRow::addWidget(const QString& label, QWidget* widget, const QString& tip)
{
    widget->setParent(this);
    widget->setToolTip(tip);
    if (!label.isEmpty()) {
        auto* text = new QLabel(label, this);
        text->setToolTip(tip);
        text->setBuddy(widget);
        layout_->addWidget(text);
    }
    layout_->addWidget(widget);
    layout_->addSpacing(8);
}

void OptionsRow::finish()
{
    layout_->addStretch(1);
}

} // namespace rb::tools
