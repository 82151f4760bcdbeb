#pragma once

#include <QString>
#include <QWidget>

#include <functional>

class QDoubleSpinBox;
class QHBoxLayout;

namespace rb::tools {

// A tool's settings laid out in one row for the options bar: labelled number boxes (which accept
// only finite numbers in their range: NaN or text cannot be typed) and any other widgets.
class OptionsRow : public QWidget {
    Q_OBJECT
public:
    explicit OptionsRow(QWidget* parent = nullptr);

    QDoubleSpinBox* addNumber(const QString& name, const QString& label, double min, double max, int decimals,
                              const QString& suffix, const QString& tip, double value, std::function<void(double)> changed);
    void addWidget(const QString& label, QWidget* widget, const QString& tip);
    void finish(); // a stretch after the last item

private:
    QHBoxLayout* layout_ = nullptr;
};

} // namespace rb::tools
