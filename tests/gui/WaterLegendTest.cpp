// The legend in the Statistics dock is the water's colour scale: its ends have
// WaterColourScale's colours for the active colouring (depth, or speed after View › Colour water
// by speed), and its title and ticks follow the mode.
#include "GuiTestSupport.h"

#include "panels/StatisticsDock.h"
#include "panels/WaterLegend.h"
#include "view/WaterColourScale.h"

#include <QAction>

#include <cmath>

using rb::panels::WaterLegend;
using rb::view::Rgb;

namespace {

// Within rounding to 8 bits (and the painter's colour conversion).
bool sameColour(QRgb pixel, const Rgb& expected)
{
    const int channels[3] = {qRed(pixel), qGreen(pixel), qBlue(pixel)};
    for (int i = 0; i < 3; ++i)
        if (std::abs(channels[i] - static_cast<int>(std::lround(expected[static_cast<std::size_t>(i)] * 255.0f))) > 2) return false;
    return true;
}

QString describe(QRgb pixel, const Rgb& expected)
{
    return QString("pixel %1,%2,%3 expected %4,%5,%6").arg(qRed(pixel)).arg(qGreen(pixel)).arg(qBlue(pixel))
        .arg(expected[0] * 255).arg(expected[1] * 255).arg(expected[2] * 255);
}

} // namespace

class WaterLegendTest : public QObject {
    Q_OBJECT

private:
    rb::guitest::Editor editor_;
    WaterLegend* legend() { return editor_.window->statisticsDock()->legend(); }

    // The legend's ends as drawn, against the scale at 0 and at the ramp's top.
    void checkEnds(Rgb (*colour)(float))
    {
        const QImage image = legend()->grab().toImage();
        const QRect ramp = legend()->rampRect();
        const int y = ramp.center().y();
        const QRgb left = image.pixel(ramp.left(), y), right = image.pixel(ramp.right(), y);
        QVERIFY2(sameColour(left, colour(0.0f)), qPrintable(describe(left, colour(0.0f))));
        QVERIFY2(sameColour(right, colour(legend()->rampTop())), qPrintable(describe(right, colour(legend()->rampTop()))));
        QVERIFY(!sameColour(left, colour(legend()->rampTop()))); // a ramp, not one colour
    }

private slots:
    void initTestCase()
    {
        editor_ = rb::guitest::openEditor(32);
        QVERIFY(legend()->isVisible());
    }

    void depthByDefault()
    {
        QCOMPARE(legend()->colouring(), rb::view::WaterColouring::Depth);
        QVERIFY(legend()->title().contains("(m)"));
        checkEnds(&rb::view::WaterColourScale::depthColour);
    }

    void followsTheSpeedColouring()
    {
        editor_.window->action("colourBySpeed")->trigger();
        QCOMPARE(legend()->colouring(), rb::view::WaterColouring::Speed);
        QVERIFY(legend()->title().contains("m/s"));
        QCOMPARE(legend()->rampTop(), rb::view::WaterColourScale::kTopSpeed);
        checkEnds(&rb::view::WaterColourScale::speedColour);
        editor_.window->action("colourBySpeed")->trigger();
        QCOMPARE(legend()->colouring(), rb::view::WaterColouring::Depth);
        checkEnds(&rb::view::WaterColourScale::depthColour);
    }
};

RIVERBED_GUI_TEST_MAIN(WaterLegendTest)
#include "WaterLegendTest.moc"
