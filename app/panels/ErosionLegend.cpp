#include "panels/ErosionLegend.h"

#include <QLinearGradient>
#include <QPainter>

#include <cmath>

namespace rb::panels {
namespace {

constexpr int kRampHeight = 14; // px
constexpr int kMargin = 4;      // px

} // namespace

ErosionLegend::ErosionLegend(QWidget* parent) : QWidget(parent)
{
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    setColouring(view::TerrainColouring::Natural);
}

void ErosionLegend::setColouring(view::TerrainColouring colouring)
{
    colouring_ = colouring;
    setVisible(colouring != view::TerrainColouring::Natural);
    setToolTip(colouring == view::TerrainColouring::Erodibility
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
    return colouring_ == view::TerrainColouring::Erodibility ? tr("Erodibility") : tr("Net erosion / deposition (m)");
}

QString ErosionLegend::lowText() const
{
    if (colouring_ == view::TerrainColouring::Erodibility) return tr("0 bedrock");
    return scale_ > 0.0f ? tr("−%1 eroded").arg(static_cast<double>(scale_), 0, 'g', 3) : tr("none yet");
}

QString ErosionLegend::highText() const
{
    if (colouring_ == view::TerrainColouring::Erodibility) return tr("1 loose soil");
    return scale_ > 0.0f ? tr("+%1 deposited").arg(static_cast<double>(scale_), 0, 'g', 3) : QString();
}

QSize ErosionLegend::sizeHint() const
{
    return {200, 2 * fontMetrics().height() + kRampHeight + 6};
}

void ErosionLegend::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    const int line = fontMetrics().height();
    painter.drawText(QRect(kMargin, 0, width() - 2 * kMargin, line), Qt::AlignLeft, title());
    const QRect ramp(kMargin, line + 2, width() - 2 * kMargin, kRampHeight);
    QLinearGradient gradient(ramp.topLeft(), ramp.topRight());
    if (colouring_ == view::TerrainColouring::Erodibility) {
        gradient.setColorAt(0.0, view::bedrockColour());
        gradient.setColorAt(1.0, view::looseSoilColour());
    } else {
        gradient.setColorAt(0.0, view::erodedColour());
        gradient.setColorAt(0.5, view::unchangedColour());
        gradient.setColorAt(1.0, view::depositedColour());
    }
    painter.fillRect(ramp, gradient);
    painter.setPen(palette().color(QPalette::WindowText));
    painter.drawRect(ramp.adjusted(0, 0, -1, -1));
    const QRect labels(kMargin, ramp.bottom() + 2, width() - 2 * kMargin, line);
    painter.drawText(labels, Qt::AlignLeft, lowText());
    painter.drawText(labels, Qt::AlignHCenter, colouring_ == view::TerrainColouring::Erodibility ? QString() : QStringLiteral("0"));
    painter.drawText(labels, Qt::AlignRight, highText());
}

} // namespace rb::panels
