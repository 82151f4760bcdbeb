// File › Import heightmap as one dialog: the preview shows the file (its dark and bright halves),
// the size and type are read from it, a 16-bit PNG without a range is warned about (and given a
// sensible range) while one with a sidecar is not, Cancel leaves the map alone and Import brings
// the map in with the chosen cell size and lattice.
#include "GuiTestSupport.h"

#include "dialogs/ImportHeightmapDialog.h"
#include "editor/MapDocument.h"
#include "io/Sidecar.h"

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

#include <algorithm>

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

    void theNextImportOffersTheSameGrid()
    {
        ImportHeightmapDialog* dialog = openDialog(dir_.filePath("bare.png"));
        QCOMPARE(dialog->findChild<QDoubleSpinBox*>("cellSize")->value(), 3.5);
        QCOMPARE(dialog->options().lattice, rb::LatticeKind::Triangle);
        button(dialog, QDialogButtonBox::Cancel)->click();
    }
};

RIVERBED_GUI_TEST_MAIN(ImportDialogTest)
#include "ImportDialogTest.moc"
