#include "panels/ScientificSpinBox.h"

#include <QLocale>

#include <cmath>

namespace rb::panels {

ScientificSpinBox::ScientificSpinBox(double displayPerStored, QWidget* parent)
    : QDoubleSpinBox(parent), displayPerStored_(displayPerStored)
{
    setDecimals(15); // QDoubleSpinBox rounds its value to this many decimals: keep them all
    setKeyboardTracking(false);
    setAccelerated(true);
    connect(this, &QDoubleSpinBox::valueChanged, this, [this](double) {
        if (!settingValue_) userEdited_ = true;
    });
}

void ScientificSpinBox::setStoredRange(double minimum, double maximum)
{
    settingValue_ = true;
    setRange(minimum * displayPerStored_, maximum * displayPerStored_);
    settingValue_ = false;
    // A step of a hundredth of the range, or of the value's own magnitude for wide ranges.
    setSingleStep((maximum - minimum) * displayPerStored_ / 100.0);
}

void ScientificSpinBox::setStoredValue(double value)
{
    settingValue_ = true;
    setValue(value * displayPerStored_);
    settingValue_ = false;
    stored_ = value;
    userEdited_ = false;
}

double ScientificSpinBox::storedValue() const
{
    return userEdited_ ? value() / displayPerStored_ : stored_;
}

QString ScientificSpinBox::textFromValue(double value) const
{
    if (value == 0.0) return QStringLiteral("0");
    // The shortest of up to 6 significant digits that reads back to what is shown.
    return QString::number(value, 'g', 6);
}

QString ScientificSpinBox::numberPart(const QString& text) const
{
    QString number = text;
    if (!prefix().isEmpty() && number.startsWith(prefix())) number.remove(0, prefix().size());
    if (!suffix().isEmpty() && number.endsWith(suffix())) number.chop(suffix().size());
    return number.trimmed();
}

double ScientificSpinBox::valueFromText(const QString& text) const
{
    bool ok = false;
    const double value = QLocale::c().toDouble(numberPart(text), &ok);
    return ok ? value : this->value();
}

QValidator::State ScientificSpinBox::validate(QString& input, int& position) const
{
    Q_UNUSED(position);
    const QString number = numberPart(input);
    if (number.isEmpty() || number == "-" || number == "+" || number.endsWith('e', Qt::CaseInsensitive) ||
        number.endsWith("e-", Qt::CaseInsensitive) || number.endsWith("e+", Qt::CaseInsensitive) || number == ".")
        return QValidator::Intermediate;
    bool ok = false;
    const double value = QLocale::c().toDouble(number, &ok);
    if (!ok || !std::isfinite(value)) return QValidator::Invalid;
    return value >= minimum() && value <= maximum() ? QValidator::Acceptable : QValidator::Intermediate;
}

} // namespace rb::panels
