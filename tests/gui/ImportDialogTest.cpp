// File › Import heightmap as one dialog: the preview shows the file (its dark and bright halves),
// the size and type are read from it, a 16-bit PNG without a range is warned about (and given a
// sensible range) while one with a sidecar is not, a GeoTIFF brings its cell size from its
// geotransform, Cancel leaves the map alone, Import brings the map in with the chosen cell size
// and lattice, and the next import offers them again.
#include "GuiTestSupport.h"

#include "dialogs/ImportHeightmapDialog.h"
#include "document/MapDocument.h"
#include "io/raster/Sidecar.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QImage>
#include <QLabel>
#include <QPushButton>
#include <QSettings>
#include <QTemporaryDir>

#include <gdal_priv.h>
#include <ogr_spatialref.h>

#include <algorithm>
#include <array>
#include <vector>

using rb::editor::ImportHeightmapDialog;

namespace {

constexpr int kWidth = 200, kHeight = 100;
constexpr quint16 kDark = 1000, kBright = 60000;

// 16-bit grey, dark on the left half and bright on the right.
void writeHalves(const QString& path)
{
    QImage image(kWidth, kHeight, QImage::Format_Grayscale16);
    for (int y = 0; y < kHeight; ++y) {
        auto* line = reinterpret_cast<quint16*>(image.scanLine(y));
        for (int x = 0; x < kWidth; ++x) line[x] = x < kWidth / 2 ? kDark : kBright;
    }
    QVERIFY(image.save(path, "PNG"));
}

// A north-up Float32 GeoTIFF of 30 m pixels in UTM 33N, 100 m on its west half and 900 m on its
// east half, written with GDAL's own API.
void writeGeoTiff(const QString& path, int width, int height, float west = 100.0f, float east = 900.0f)
{
    GDALAllRegister();
    GDALDriver* driver = GetGDALDriverManager()->GetDriverByName("GTiff");
    QVERIFY(driver);
    GDALDataset* dataset = driver->Create(path.toUtf8().constData(), width, height, 1, GDT_Float32, nullptr);
    QVERIFY(dataset);
    std::array<double, 6> transform{500000.0, 30.0, 0.0, 4000000.0, 0.0, -30.0};
    dataset->SetGeoTransform(transform.data());
    OGRSpatialReference crs;
    crs.importFromEPSG(32633);
    dataset->SetSpatialRef(&crs);
    std::vector<float> row(static_cast<std::size_t>(width));
    for (int x = 0; x < width; ++x) row[static_cast<std::size_t>(x)] = x < width / 2 ? west : east;
    for (int y = 0; y < height; ++y)
        QCOMPARE(dataset->GetRasterBand(1)->RasterIO(GF_Write, 0, y, width, 1, row.data(), width, 1, GDT_Float32, 0, 0), CE_None);
    GDALClose(GDALDataset::ToHandle(dataset));
}

QPushButton* button(ImportHeightmapDialog* dialog, QDialogButtonBox::StandardButton which)
{
    return dialog->findChild<QDialogButtonBox*>()->button(which);
}

} // namespace

class ImportDialogTest : public QObject {
    Q_OBJECT

private:
    rb::guitest::Editor editor_;
    QTemporaryDir dir_;
    rb::editor::MainWindow* window() { return editor_.window.get(); }

    ImportHeightmapDialog* openDialog(const QString& path)
    {
        ImportHeightmapDialog* dialog = window()->showImportDialog(path);
        if (!rb::guitest::waitUntil([&] { return dialog->isReady(); })) qWarning("the file was not read");
        return dialog;
    }

    QString halves(const QString& name, bool withSidecar)
    {
        const QString path = dir_.filePath(name);
        writeHalves(path);
        if (withSidecar) {
            QFile sidecar(rb::io::sidecarPath(path));
            if (!sidecar.open(QIODevice::WriteOnly) || sidecar.write(R"({"min": -20, "max": 480})") < 0) qWarning("no sidecar");
        }
        return path;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(dir_.isValid());
        QSettings().remove("import"); // the choices remembered from an earlier run
        editor_ = rb::guitest::openEditor(32);
    }

    void previewSizeTypeAndWarningWithoutRange()
    {
        ImportHeightmapDialog* dialog = openDialog(halves("bare.png", false));
        QVERIFY(dialog->isReady());
        const QImage preview = dialog->previewImage();
        QCOMPARE(preview.size(), QSize(kWidth, kHeight)); // small enough to be shown pixel for pixel
        QCOMPARE(qGray(preview.pixel(5, kHeight / 2)), 0);
        QCOMPARE(qGray(preview.pixel(kWidth - 5, kHeight / 2)), 255);
        QVERIFY(!dialog->findChild<QLabel*>("preview")->pixmap().isNull());
        const QString detected = dialog->findChild<QLabel*>("detected")->text();
        QVERIFY2(detected.contains(QString("%1 × %2").arg(kWidth).arg(kHeight)) && detected.contains("16-bit"), qPrintable(detected));

        auto* warning = dialog->findChild<QLabel*>("rangeWarning");
        QVERIFY2(warning->isVisible() && warning->text().contains("65 535"), qPrintable(warning->text()));
        QVERIFY(dialog->findChild<QCheckBox*>("useRange")->isChecked()); // the guess is in force, not 1 m per level
        QCOMPARE(dialog->options().heightRange->high, rb::io::kUnexplainedSixteenBitRange.high);
        // A range of the user's own: the guess is no longer there to warn about.
        dialog->findChild<QDoubleSpinBox*>("rangeHigh")->setValue(250.0);
        QVERIFY(!warning->isVisible());

        const std::uint64_t before = window()->currentMapId();
        button(dialog, QDialogButtonBox::Cancel)->click();
        QTest::qWait(300);
        QCOMPARE(window()->currentMapId(), before);
        QVERIFY(!window()->isBusy());
    }

    void sidecarRangeIsFilledInWithoutWarning()
    {
        ImportHeightmapDialog* dialog = openDialog(halves("ranged.png", true));
        QCOMPARE(dialog->findChild<QDoubleSpinBox*>("cellSize")->value(), 2.0); // nothing imported yet: the default
        QVERIFY(dialog->isReady());
        QVERIFY(!dialog->findChild<QLabel*>("rangeWarning")->isVisible());
        QCOMPARE(dialog->findChild<QDoubleSpinBox*>("rangeLow")->value(), -20.0);
        QCOMPARE(dialog->findChild<QDoubleSpinBox*>("rangeHigh")->value(), 480.0);
        QVERIFY(dialog->findChild<QLabel*>("notes")->text().contains("ranged.png.json"));
        button(dialog, QDialogButtonBox::Cancel)->click();
    }

    void geoTiffGivesItsCellSize()
    {
        const QString path = dir_.filePath("dem.tif");
        writeGeoTiff(path, 60, 40);
        ImportHeightmapDialog* dialog = openDialog(path);
        QVERIFY(dialog->isReady());
        const QString detected = dialog->findChild<QLabel*>("detected")->text();
        QVERIFY2(detected.contains("60 × 40") && detected.contains("Float32") && detected.contains("30 m cells"), qPrintable(detected));
        auto* cellSize = dialog->findChild<QDoubleSpinBox*>("cellSize");
        QCOMPARE(cellSize->value(), 30.0);
        QVERIFY(!cellSize->isEnabled()); // the importer would refuse another
        QVERIFY(!dialog->findChild<QCheckBox*>("useRange")->isEnabled()); // metres already
        QVERIFY(!dialog->findChild<QLabel*>("rangeWarning")->isVisible());
        QCOMPARE(qGray(dialog->previewImage().pixel(2, 20)), 0);
        QCOMPARE(qGray(dialog->previewImage().pixel(57, 20)), 255);
        const std::uint64_t before = window()->currentMapId();
        button(dialog, QDialogButtonBox::Ok)->click();
        QVERIFY(rb::guitest::waitUntil([&] { return window()->currentMapId() != before && !window()->isBusy(); }));
        QVERIFY2(editor_.errors->isEmpty(), qPrintable(editor_.errors->join('\n')));
        const rb::Map& map = window()->document()->map();
        QCOMPARE(map.state.lattice.cellSize(), 30.0);
        QCOMPARE(map.state.lattice.width(), 60);
        QVERIFY(map.georeference.has_value());
    }

    // Issue 32: a float GeoTIFF of 236–1076 m showed "0 to 1000 m" and no CRS. The dialog shows
    // the values in the file (the disabled range boxes too) and the CRS's name and code.
    void geoTiffShowsItsValuesAndCrs()
    {
        const QString path = dir_.filePath("valley.tif");
        writeGeoTiff(path, 40, 30, 236.5f, 1076.25f);
        ImportHeightmapDialog* dialog = openDialog(path);
        QVERIFY(dialog->isReady());
        const QString values = dialog->findChild<QLabel*>("values")->text();
        QCOMPARE(values, QString("236.5 to 1076.25 m"));
        QCOMPARE(dialog->findChild<QDoubleSpinBox*>("rangeLow")->value(), 236.5);
        QCOMPARE(dialog->findChild<QDoubleSpinBox*>("rangeHigh")->value(), 1076.25);
        QVERIFY(!dialog->findChild<QDoubleSpinBox*>("rangeHigh")->isEnabled());
        const QString crs = dialog->findChild<QLabel*>("crs")->text();
        QVERIFY2(crs.contains("UTM zone 33N") && crs.contains("EPSG:32633"), qPrintable(crs));
        QVERIFY(!QFile::exists(path + ".aux.xml")); // nothing written beside the user's file
        button(dialog, QDialogButtonBox::Cancel)->click();

        ImportHeightmapDialog* png = openDialog(halves("plain.png", false));
        QVERIFY2(png->findChild<QLabel*>("crs")->text().startsWith("none"), qPrintable(png->findChild<QLabel*>("crs")->text()));
        button(png, QDialogButtonBox::Cancel)->click();
    }

    void importUsesTheChosenCellSizeAndLattice()
    {
        ImportHeightmapDialog* dialog = openDialog(dir_.filePath("ranged.png"));
        QVERIFY(dialog->isReady());
        dialog->findChild<QDoubleSpinBox*>("cellSize")->setValue(3.5);
        auto* lattice = dialog->findChild<QComboBox*>("lattice");
        lattice->setCurrentIndex(lattice->findData(static_cast<int>(rb::LatticeKind::Triangle)));
        QVERIFY(dialog->findChild<QLabel*>("mapSize")->text().contains("700 × 350 m"));
        const std::uint64_t before = window()->currentMapId();
        button(dialog, QDialogButtonBox::Ok)->click();
        QVERIFY(rb::guitest::waitUntil([&] { return window()->currentMapId() != before && !window()->isBusy(); }));
        QVERIFY2(editor_.errors->isEmpty(), qPrintable(editor_.errors->join('\n')));

        const rb::MapState& state = window()->document()->map().state;
        QCOMPARE(state.lattice.kind(), rb::LatticeKind::Triangle);
        QCOMPARE(state.lattice.cellSize(), 3.5);
        QCOMPARE(state.lattice.width(), kWidth);
        // The sidecar's range: level 60000 of 65535 between −20 and 480 m.
        const auto [low, high] = std::minmax_element(state.bed.values().begin(), state.bed.values().end());
        QVERIFY(std::abs(*high - (-20.0 + 500.0 * kBright / 65535.0)) < 0.01);
        QVERIFY(std::abs(*low - (-20.0 + 500.0 * kDark / 65535.0)) < 0.01);
    }

    // A raster no lattice can hold is not offered for import: said beside the map's size, and the
    // Import button stays off (a 1×1 PNG was offered, then refused after the unsaved-changes question).
    void aRasterTooSmallForAMapCannotBeImported()
    {
        const QString path = dir_.filePath("dot.png");
        QImage dot(1, 1, QImage::Format_Grayscale16);
        dot.fill(0);
        QVERIFY(dot.save(path, "PNG"));
        ImportHeightmapDialog* dialog = openDialog(path);
        QVERIFY(dialog->isReady());
        QVERIFY2(dialog->findChild<QLabel*>("mapSize")->text().contains("too small for a map (2 to 16384 cells per side)"),
                 qPrintable(dialog->findChild<QLabel*>("mapSize")->text()));
        QVERIFY(!button(dialog, QDialogButtonBox::Ok)->isEnabled());
        button(dialog, QDialogButtonBox::Cancel)->click();
    }

    void theNextImportOffersTheSameGrid()
    {
        // The last import's choices (a geotransform's 30 m before it was not the user's choice).
        ImportHeightmapDialog* dialog = openDialog(dir_.filePath("bare.png"));
        QCOMPARE(dialog->findChild<QDoubleSpinBox*>("cellSize")->value(), 3.5);
        QCOMPARE(dialog->options().lattice, rb::LatticeKind::Triangle);
        button(dialog, QDialogButtonBox::Cancel)->click();
    }
};

RIVERBED_GUI_TEST_MAIN(ImportDialogTest)
#include "ImportDialogTest.moc"
