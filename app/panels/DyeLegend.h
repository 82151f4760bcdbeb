#pragma once

#include <QWidget>

#include <vector>

class QLabel;

namespace rb::panels {

// The key to the water's dye tint: a swatch in each channel's colour (view/DyeColours, the
// shader's own definition) with the channel's dyed volume. Shown while the view tints the water
// and the map carries dye.
class DyeLegend : public QWidget {
    Q_OBJECT
public:
    explicit DyeLegend(QWidget* parent = nullptr);

    // The dyed volume (m³) of each channel the map has; none: the legend hides.
    void setVolumes(const std::vector<double>& volumes);
    void setTintShown(bool shown);
    QString channelText(int channel) const; // for tests

private:
    void updateVisibility();

    std::vector<QLabel*> labels_;
    int channels_ = 0;
    bool tintShown_ = true;
};

} // namespace rb::panels
