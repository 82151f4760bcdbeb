#pragma once

#include <QDoubleSpinBox>

namespace rb::panels {

// A number box as wide as the value it shows, not as its range's extremes: QDoubleSpinBox sizes
// itself for "1000000000.000 m³/s" when its maximum is 1e9, which in a table column of boxes
// pushed the Boundary dock's Value column out of sight at 1280 px. Typing a longer number widens
// it again (the table resizes its columns after each edit).
class FittedDoubleSpinBox : public QDoubleSpinBox {
    Q_OBJECT
public:
    explicit FittedDoubleSpinBox(QWidget* parent = nullptr);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override { return sizeHint(); }
};

} // namespace rb::panels
