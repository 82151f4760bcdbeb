// The generator dock as a designer meets it: human labels with units, values that survive being
// shown (the lakes' 2e-4 m/s rain is 720 mm/h, not "0.00"), any number notation typed, nothing
// clipped at the dock's default width, and a preview thumbnail that follows the boxes.
#include "GuiTestSupport.h"

#include "document/MapDocument.h"
#include "generator/GeneratorSettings.h"
#include "panels/GeneratorDock.h"
#include "panels/GeneratorPreview.h"
#include "panels/ScientificSpinBox.h"

#include <QComboBox>
#include <QFormLayout>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QMainWindow>
#include <QScrollArea>
#include <QSignalSpy>
#include <QSpinBox>
#include <QToolButton>

#include <memory>

using rb::gen::GeneratorSettings;
using rb::gen::Preset;
using rb::panels::GeneratorDock;
using rb::panels::ScientificSpinBox;

class GeneratorDockTest : public QObject {
    Q_OBJECT

private:
    std::unique_ptr<QMainWindow> window_;
    GeneratorDock* dock_ = nullptr;

    ScientificSpinBox* number(const char* key) { return dock_->findChild<ScientificSpinBox*>(key); }

    void typeInto(QDoubleSpinBox* box, const QString& text)
    {
        auto* edit = box->findChild<QLineEdit*>();
        edit->selectAll();
        QTest::keyClicks(edit, text);
        QTest::keyClick(edit, Qt::Key_Return);
    }

    QColor pixelOfPreview(double fx, double fy)
    {
        const QImage image = dock_->preview()->pixmap().toImage();
        return image.pixelColor(static_cast<int>(fx * (image.width() - 1)), static_cast<int>(fy * (image.height() - 1)));
    }

private slots:
    void init()
    {
        window_ = std::make_unique<QMainWindow>();
        window_->setCentralWidget(new QWidget); // as in the editor: the viewport takes the rest
        dock_ = new GeneratorDock(window_.get());
        window_->addDockWidget(Qt::LeftDockWidgetArea, dock_);
        window_->resize(900, 700);
        window_->show();
        QVERIFY(QTest::qWaitForWindowExposed(window_.get()));
    }

    void cleanup() { window_.reset(); }

    // Issue 32: the dock's island defaults were 512² cells of 2 m while the editor opens on 256²
    // of 4 m. Now choosing "Island" (after another preset) gives the map the editor opened on.
    void islandDefaultsAreTheStartUpMap()
    {
        const rb::editor::EditorOptions defaults;
        rb::guitest::Editor editor = rb::guitest::openEditor(defaults.startSize, defaults.startSeed, QSize(1100, 700), defaults.startCellSize);
        auto* dock = editor.window->findChild<GeneratorDock*>();
        QVERIFY(dock);
        auto* preset = dock->findChild<QComboBox*>("preset");
        QVERIFY(preset);
        for (Preset chosen : {Preset::Lakes, Preset::Island}) {
            const int index = preset->findData(static_cast<int>(chosen));
            preset->setCurrentIndex(index);
            emit preset->activated(index);
        }
        const GeneratorSettings offered = dock->settings();
        const rb::Map& map = editor.window->document()->map();
        QCOMPARE(offered.common.width, map.state.lattice.width());
        QCOMPARE(offered.common.height, map.state.lattice.height());
        QCOMPARE(offered.common.cellSize, map.state.lattice.cellSize());
        const QJsonObject generated = QJsonDocument::fromJson(QByteArray::fromStdString(map.generatorSettings)).object();
        QCOMPARE(generated.value("preset").toString(), QString("island"));
        QCOMPARE(static_cast<std::int64_t>(generated.value("seed").toDouble()), offered.common.seed);
        // A fresh dock (File › New before any map) offers the same.
        GeneratorDock fresh;
        QCOMPARE(QString::fromStdString(fresh.settings().toJson()), QString::fromStdString(offered.toJson()));
    }

    void lakesRainShowsInMillimetresPerHourAndKeepsItsValue()
    {
        dock_->setSettings(GeneratorSettings(Preset::Lakes));
        ScientificSpinBox* rain = number("rain");
        QVERIFY(rain);
        QCOMPARE(rain->suffix(), QString(" mm/h"));
        QCOMPARE(rain->text(), QString("720 mm/h")); // 2e-4 m/s
        QCOMPARE(dock_->settings().lakes.rain, GeneratorSettings(Preset::Lakes).lakes.rain); // exactly, not via mm/h
        typeInto(rain, "36");
        QCOMPARE(dock_->settings().lakes.rain, 36.0 / 3.6e6);
    }

    void numbersAcceptScientificNotation()
    {
        dock_->setSettings(GeneratorSettings(Preset::River));
        ScientificSpinBox* discharge = number("discharge");
        QVERIFY(discharge);
        typeInto(discharge, "1.5e3");
        QCOMPARE(dock_->settings().river.discharge, 1500.0);
        typeInto(discharge, "2.5e-3");
        QCOMPARE(dock_->settings().river.discharge, 0.0025);
        QCOMPARE(discharge->text(), QString("0.0025 m³/s"));
    }

    void labelsAreHumanWithUnitsAndTooltips()
    {
        dock_->setSettings(GeneratorSettings(Preset::Island));
        auto* form = dock_->findChild<QFormLayout*>();
        QVERIFY(form);
        QStringList labels;
        for (int row = 0; row < form->rowCount(); ++row)
            if (auto* label = qobject_cast<QLabel*>(form->itemAt(row, QFormLayout::LabelRole) ? form->itemAt(row, QFormLayout::LabelRole)->widget() : nullptr))
                labels << label->text();
        QVERIFY2(labels.contains("Mountain height"), qPrintable(labels.join(", ")));
        QVERIFY2(labels.contains("Cell size"), qPrintable(labels.join(", ")));
        for (const QString& label : labels) QVERIFY2(!label.contains('_'), qPrintable(label));
        QCOMPARE(number("cell_size")->suffix(), QString(" m"));
        QVERIFY(number("mountain_height")->toolTip().contains("Range: 0 to 8000 m"));
    }

    void nothingIsClippedAtTheDefaultWidth()
    {
        for (Preset preset : rb::gen::kAllPresets) {
            GeneratorSettings settings(preset);
            settings.common.seed = 2000000000; // the widest seed a designer might paste
            dock_->setSettings(settings);
            window_->resizeDocks({dock_}, {dock_->minimumWidth()}, Qt::Horizontal);
            QCoreApplication::processEvents();
            auto* scroll = dock_->findChild<QScrollArea*>();
            QVERIFY(scroll);
            QVERIFY2(scroll->widget()->minimumSizeHint().width() <= scroll->viewport()->width(),
                     qPrintable(QString("the form is squeezed: needs %1 px, has %2").arg(scroll->widget()->minimumSizeHint().width()).arg(scroll->viewport()->width())));
            auto* dice = dock_->findChild<QToolButton*>("randomiseSeed");
            QVERIFY(dice);
            QVERIFY2(dice->width() >= dice->sizeHint().width(), qPrintable(QString("random button %1 < %2").arg(dice->width()).arg(dice->sizeHint().width())));
            for (QLabel* label : dock_->findChildren<QLabel*>()) {
                if (!label->isVisible() || label->text().isEmpty() || label == dock_->preview()) continue;
                QVERIFY2(label->width() >= label->sizeHint().width(), qPrintable("clipped label: " + label->text()));
            }
            for (QAbstractSpinBox* box : dock_->findChildren<QAbstractSpinBox*>()) {
                const QLineEdit* edit = box->findChild<QLineEdit*>();
                const int textWidth = edit->fontMetrics().horizontalAdvance(edit->text());
                QVERIFY2(edit->contentsRect().width() >= textWidth, qPrintable("clipped value: " + box->objectName() + " " + edit->text()));
            }
        }
    }

    void previewFollowsTheSettings()
    {
        dock_->setSettings(GeneratorSettings(Preset::Island));
        QTRY_VERIFY_WITH_TIMEOUT(!dock_->preview()->busy() && !dock_->preview()->pixmap().isNull(), 20000);
        const QColor corner = pixelOfPreview(0.02, 0.02), centre = pixelOfPreview(0.5, 0.5);
        QVERIFY2(corner.blue() > corner.red() && corner.blue() > corner.green(), "the island's corner is sea");
        QVERIFY2(!(centre.blue() > centre.red() && centre.blue() > centre.green()), "the island's centre is land");
        // A much smaller island: the centre stays land, a point halfway out becomes sea.
        const QColor before = pixelOfPreview(0.5, 0.2);
        QSignalSpy updated(dock_->preview(), &rb::panels::GeneratorPreview::updated);
        typeInto(number("island_radius"), "0.2");
        QTRY_VERIFY_WITH_TIMEOUT(updated.count() >= 1 && !dock_->preview()->busy(), 20000);
        const QColor after = pixelOfPreview(0.5, 0.2);
        QVERIFY2(before != after, "the preview did not change with the island's radius");
        QVERIFY(after.blue() > after.red());
    }

    void previewSettingsCoverTheSameGround()
    {
        GeneratorSettings big(Preset::River);
        big.common.width = 2048;
        big.common.height = 1024;
        big.common.cellSize = 2.0;
        const GeneratorSettings small = rb::panels::GeneratorPreview::previewSettings(big);
        QCOMPARE(std::max(small.common.width, small.common.height), rb::panels::GeneratorPreview::kCells);
        QCOMPARE(small.common.width * small.common.cellSize, 2048 * 2.0);
        QVERIFY(small.validate().empty());
    }

    // An opened map's generator settings come into the dock, so Generate builds that map again.
    void showsTheSettingsAMapWasGeneratedWith()
    {
        GeneratorSettings made(Preset::River);
        made.common.seed = 7;
        made.common.width = 96;
        made.common.cellSize = 2.5;
        made.river.discharge = 31.0;
        QVERIFY(made.validate().empty());
        QVERIFY(dock_->showMapSettings(made.toJson()));
        QCOMPARE(dock_->settings().toJson(), made.toJson());
        QCOMPARE(dock_->findChild<QComboBox*>()->currentData().toInt(), static_cast<int>(Preset::River));
    }

    void leavesTheDockAloneForTextThatIsNoGeneratorsSettings()
    {
        GeneratorSettings shown(Preset::Lakes);
        shown.common.seed = 11;
        dock_->setSettings(shown);
        for (const std::string& text : {std::string(), std::string("{}"), std::string(R"({"generator":"other","preset":"island"})"),
                                        std::string(R"({"generator":"riverbed","preset":"volcano"})"), std::string("not json")})
            QVERIFY2(!dock_->showMapSettings(text), text.c_str());
        QCOMPARE(dock_->settings().toJson(), shown.toJson());
    }

    // The editor's wiring: File › Open shows the opened map's settings in the dock.
    void openingAMapShowsItsGeneratorSettings()
    {
        rb::guitest::Editor editor = rb::guitest::openEditor(64);
        std::optional<rb::Map> map = rb::guitest::readRunnerMap(*editor.window);
        QVERIFY(map);
        GeneratorSettings made(Preset::Island);
        made.common.seed = 5;
        made.common.width = made.common.height = 64;
        map->generatorSettings = made.toJson();
        QVERIFY(rb::guitest::openMap(*editor.window, *map));
        auto* dock = editor.window->findChild<GeneratorDock*>();
        QVERIFY(dock);
        QCOMPARE(dock->settings().common.seed, std::int64_t{5});
        QCOMPARE(dock->settings().toJson(), made.toJson());
    }
};

RIVERBED_GUI_TEST_MAIN(GeneratorDockTest)
#include "GeneratorDockTest.moc"
