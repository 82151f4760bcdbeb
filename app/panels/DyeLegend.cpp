#include "panels/DyeLegend.h"

#include "model/DyeLedger.h"
#include "view/DyeColours.h"

#include <QHBoxLayout>
#include <QLabel>

namespace rb::panels {

DyeLegend::DyeLegend(QWidget* parent)
    : QWidget(parent)
{
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(new QLabel(tr("Dye:"), this));
    for (int c = 0; c < kMaxDyeChannels; ++c) {
        auto* swatch = new QLabel(this);
        swatch->setPixmap(view::dyeSwatch(c).pixmap(12, 12));
        auto* label = new QLabel(this);
        label->setObjectName(QString("dyeChannel%1").arg(c));
        label->setToolTip(tr("Dye channel %1: the water it tints in the view, and its dyed volume").arg(c));
        layout->addWidget(swatch);
        layout->addWidget(label);
        labels_.push_back(label);
    }
    layout->addStretch();
    // Its row stays reserved while hidden, so the view keeps its size when dye appears.
    QSizePolicy policy = sizePolicy();
    policy.setRetainSizeWhenHidden(true);
    setSizePolicy(policy);
    setVisible(false);
}

void DyeLegend::setVolumes(const std::vector<double>& volumes)
{
    channels_ = static_cast<int>(volumes.size());
    for (int c = 0; c < kMaxDyeChannels; ++c) {
        const bool present = c < channels_;
        labels_[static_cast<std::size_t>(c)]->setText(present ? tr("%1 m³").arg(volumes[static_cast<std::size_t>(c)], 0, 'g', 3) : tr("–"));
    }
    updateVisibility();
}

void DyeLegend::setTintShown(bool shown)
{
    tintShown_ = shown;
    updateVisibility();
}

QString DyeLegend::channelText(int channel) const
{
    return labels_.at(static_cast<std::size_t>(channel))->text();
}

void DyeLegend::updateVisibility()
{
    setVisible(tintShown_ && channels_ > 0);
}

} // namespace rb::panels
