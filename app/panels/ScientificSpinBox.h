#pragma once

#include <QDoubleSpinBox>

namespace rb::panels {

// A number box for values that span orders of magnitude: shows the shortest text that gives the
// value back (2e-04, 0.35, 1500), accepts any C-locale number a designer types (2e-4, 0.0002,
// 1.5e3), and can show its value in a display unit (e.g. rain in mm/h while the map stores m/s).
// The value in storage units is kept exactly as set until the user edits the box, so showing a
// setting never changes it by a rounding of the unit conversion.
class ScientificSpinBox : public QDoubleSpinBox {
    Q_OBJECT
public:
    // `displayPerStored`: display units per storage unit (3.6e6 shows m/s as mm/h).
    explicit ScientificSpinBox(double displayPerStored = 1.0, QWidget* parent = nullptr);

    void setStoredRange(double minimum, double maximum);
    void setStoredValue(double value);
    double storedValue() const;

    QString textFromValue(double value) const override;
    double valueFromText(const QString& text) const override;
    QValidator::State validate(QString& input, int& position) const override;

private:
    QString numberPart(const QString& text) const; // without prefix and suffix

    double displayPerStored_ = 1.0;
    double stored_ = 0.0;
    bool userEdited_ = false;
    bool settingValue_ = false;
};

} // namespace rb::panels
