#include "panels/ErosionLegend.h"

#include <QPainter>

namespace rb::panels {

ErosionLegend::ErosionLegend(QWidget* parent) : RampLegend(parent)
{
    setColouring(view::TerrainColouring::Natural);
}

void ErosionLegend::setColouring(view::TerrainColouring colouring)
{
    colouring_ = colouring;
    setVisible(colouring != view::TerrainColouring::Natural);
    setToolTip(byErodibility()
                   ? tr("Terrain colour by erodibility: slate bedrock (0) that the water cannot take, ochre loose soil (1)")
                   : tr("Terrain colour by the net bed change since the map's start: red where the water eroded it, blue where "
                        "material settled, white where it is unchanged; full colour at the largest change on the map"));
    update();
}

void ErosionLegend::setScale(float metres)
{
    if (scale_ == metres) return;
    scale_ = metres;
    update();
}

QString ErosionLegend::title() const
{
    return byErodibility() ? tr("Erodibility") : tr("Net erosion / deposition (m)");
}

QString ErosionLegend::lowText() const
{
    if (byErodibility()) return tr("0 bedrock");
    return scale_ > 0.0f ? tr("−%1 eroded").arg(static_cast<double>(scale_), 0, 'g', 3) : tr("none yet");
}

QString ErosionLegend::highText() const
{
    if (byErodibility()) return tr("1 loose soil");
    return scale_ > 0.0f ? tr("+%1 deposited").arg(static_cast<double>(scale_), 0, 'g', 3) : QString();
}

// The terrain's own colours: the erodibility from 0 to 1, or the net deposition from −scale to
// +scale (in units of the scale: the colours depend only on the ratio).
QColor ErosionLegend::colourAt(double fraction) const
{
    const auto f = static_cast<float>(fraction);
    return byErodibility() ? view::erodibilityColour(f) : view::erosionColour(2.0f * f - 1.0f, 1.0f);
}

void ErosionLegend::paintScale(QPainter& painter, const QRect& ramp) const
{
    painter.drawRect(ramp.adjusted(0, 0, -1, -1));
    const QRect labels(0, ramp.bottom() + 2, width(), fontMetrics().height());
    painter.drawText(labels, Qt::AlignLeft, lowText());
    painter.drawText(labels, Qt::AlignHCenter, byErodibility() ? QString() : QStringLiteral("0"));
    painter.drawText(labels, Qt::AlignRight, highText());
}

} // namespace rb::panels
