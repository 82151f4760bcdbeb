#include "dialogs/ImportHeightmapDialog.h"

#include "dialogs/RasterFacts.h"
#include "io/raster/Sidecar.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QLabel>
#include <QPixmap>
#include <QPushButton>
#include <QSettings>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <cmath>

namespace rb::editor {
namespace {

constexpr int kPreviewSide = 256;
constexpr double kDefaultCellSize = 2.0; // m: the old prompt's default, a fine game-terrain grid

struct ProbeResult {
    std::optional<io::HeightmapProbe> probe;
    std::optional<RasterFacts> facts; // rasters read through GDAL only
    QString error;
};

QDoubleSpinBox* metresBox(const QString& name, double low, double high, double value, const QString& tip)
{
    auto* box = new QDoubleSpinBox;
    box->setObjectName(name);
    box->setRange(low, high);
    box->setDecimals(3);
    box->setValue(value);
    box->setSuffix(QObject::tr(" m"));
    box->setToolTip(tip);
    return box;
}

QString number(double value)
{
    return QString::number(value, 'g', 10);
}

} // namespace

ImportHeightmapDialog::ImportHeightmapDialog(const QString& path, QWidget* parent) : QDialog(parent), path_(path)
{
    setObjectName("importHeightmapDialog");
    setWindowTitle(tr("Import heightmap — %1").arg(QFileInfo(path).fileName()));
    buildForm();
    restoreChoices();
    connect(this, &QDialog::accepted, this, &ImportHeightmapDialog::saveChoices);
    startProbe();
}

// A designer importing a series of tiles uses the same grid each time: the last cell size and
// lattice are offered again (a geotransform's cell size still wins).
void ImportHeightmapDialog::restoreChoices()
{
    QSettings settings;
    cellSize_->setValue(settings.value("import/cellSize", kDefaultCellSize).toDouble());
    const int lattice = lattice_->findData(settings.value("import/lattice", static_cast<int>(LatticeKind::Square)).toInt());
    lattice_->setCurrentIndex(std::max(0, lattice));
}

void ImportHeightmapDialog::saveChoices() const
{
    QSettings settings;
    if (cellSize_->isEnabled()) settings.setValue("import/cellSize", cellSize_->value());
    settings.setValue("import/lattice", lattice_->currentData());
}

void ImportHeightmapDialog::buildForm()
{
    previewLabel_ = new QLabel(tr("Reading the file…"));
    previewLabel_->setObjectName("preview");
    previewLabel_->setAlignment(Qt::AlignCenter);
    previewLabel_->setMinimumSize(kPreviewSide, kPreviewSide);
    previewLabel_->setToolTip(tr("The heightmap in grey, lowest black, highest white; north at the top"));
    detected_ = new QLabel;
    detected_->setObjectName("detected");
    detected_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    notes_ = new QLabel;
    notes_->setObjectName("notes");
    notes_->setWordWrap(true);

    cellSize_ = metresBox("cellSize", 0.01, 10000.0, kDefaultCellSize, tr("The size of one pixel on the ground, and the lattice spacing"));
    useRange_ = new QCheckBox(tr("Map the levels onto"));
    useRange_->setObjectName("useRange");
    useRange_->setToolTip(tr("Heights of the lowest and the highest level of an integer image; unchecked: one metre per level"));
    rangeLow_ = metresBox("rangeLow", -20000.0, 20000.0, 0.0, tr("Height of level 0"));
    rangeHigh_ = metresBox("rangeHigh", -20000.0, 20000.0, 1000.0, tr("Height of the largest level (255 or 65535)"));
    auto* range = new QHBoxLayout;
    range->addWidget(useRange_);
    range->addWidget(rangeLow_);
    range->addWidget(new QLabel(tr("to")));
    range->addWidget(rangeHigh_);
    rangeWarning_ = new QLabel;
    rangeWarning_->setObjectName("rangeWarning");
    rangeWarning_->setWordWrap(true);
    rangeWarning_->setStyleSheet("color: #b35900;");
    rangeWarning_->hide();

    lattice_ = new QComboBox;
    lattice_->setObjectName("lattice");
    lattice_->addItem(tr("Square (one cell per pixel)"), static_cast<int>(LatticeKind::Square));
    lattice_->addItem(tr("Triangle (resampled, same extent)"), static_cast<int>(LatticeKind::Triangle));
    lattice_->setToolTip(tr("Triangle lattices flow the same in every direction; square ones keep the pixels as they are"));
    mapSize_ = new QLabel;
    mapSize_->setObjectName("mapSize");
    values_ = new QLabel(tr("–"));
    values_->setObjectName("values");
    values_->setToolTip(tr("The lowest and highest value in the file (NoData left out)"));
    crs_ = new QLabel(tr("–"));
    crs_->setObjectName("crs");
    crs_->setWordWrap(true);
    crs_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    crs_->setToolTip(tr("The file's coordinate reference system; the map keeps only its cell size"));

    auto* form = new QFormLayout;
    form->addRow(tr("File:"), detected_);
    form->addRow(tr("Cell size:"), cellSize_);
    form->addRow(tr("Values:"), values_);
    form->addRow(tr("Coordinates:"), crs_);
    form->addRow(tr("Height range:"), range);
    form->addRow(QString(), rangeWarning_);
    form->addRow(tr("Lattice:"), lattice_);
    form->addRow(tr("Map:"), mapSize_);
    form->addRow(QString(), notes_);

    buttons_ = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    buttons_->button(QDialogButtonBox::Ok)->setText(tr("&Import"));
    buttons_->button(QDialogButtonBox::Ok)->setEnabled(false);
    connect(buttons_, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons_, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* columns = new QHBoxLayout;
    columns->addWidget(previewLabel_);
    columns->addLayout(form, 1);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(columns);
    layout->addWidget(buttons_);
    for (QWidget* field : std::initializer_list<QWidget*>{cellSize_, useRange_, rangeLow_, rangeHigh_, lattice_}) field->setEnabled(false);
}

// Reading a large file takes seconds: on the pool, the answer comes back to this dialog (or to
// nobody if it was closed, the watcher going with it).
void ImportHeightmapDialog::startProbe()
{
    auto* watcher = new QFutureWatcher<ProbeResult>(this);
    connect(watcher, &QFutureWatcher<ProbeResult>::finished, this, [this, watcher] {
        const ProbeResult result = watcher->result();
        showProbe(result.probe, result.error);
        if (result.probe) showFacts(*result.probe, result.facts);
    });
    watcher->setFuture(QtConcurrent::run([path = path_] {
        ProbeResult result;
        result.probe = io::probeHeightmap(path, kPreviewSide, &result.error);
        if (result.probe && result.probe->throughGdal) result.facts = readRasterFacts(path);
        return result;
    }));
}

void ImportHeightmapDialog::showProbe(const std::optional<io::HeightmapProbe>& probe, const QString& error)
{
    if (!probe) {
        previewLabel_->setText(tr("No preview"));
        detected_->setText(error);
        detected_->setStyleSheet("color: #c00000;");
        detected_->setWordWrap(true);
        emit probed(false);
        return;
    }
    probe_ = probe;
    QString detected = tr("%1 × %2, %3").arg(probe->size.width).arg(probe->size.height).arg(probe->description);
    if (probe->cellSize) detected += tr(", %1 m cells (geotransform)").arg(number(*probe->cellSize));
    detected_->setText(detected);
    showPreview(probe->preview);
    fillCellSize(*probe);
    fillRange(*probe);
    QStringList notes = probe->notes;
    if (const QString note = rangeNote(*probe); !note.isEmpty()) notes.prepend(note);
    notes_->setText(notes.join('\n'));
    lattice_->setEnabled(true);
    connect(cellSize_, &QDoubleSpinBox::valueChanged, this, &ImportHeightmapDialog::updateMapSize);
    connect(lattice_, &QComboBox::currentIndexChanged, this, &ImportHeightmapDialog::updateMapSize);
    connect(useRange_, &QCheckBox::toggled, this, &ImportHeightmapDialog::updateRange);
    connect(rangeLow_, &QDoubleSpinBox::valueChanged, this, &ImportHeightmapDialog::updateRange);
    connect(rangeHigh_, &QDoubleSpinBox::valueChanged, this, &ImportHeightmapDialog::updateRange);
    updateMapSize();
    updateRange();
    emit probed(true);
}

// Grey from 0 (lowest) to 255 (highest); cells without data in dark red, so holes show.
void ImportHeightmapDialog::showPreview(const FloatField& preview)
{
    preview_ = QImage(preview.width(), preview.height(), QImage::Format_RGB32);
    for (int y = 0; y < preview.height(); ++y)
        for (int x = 0; x < preview.width(); ++x) {
            const float v = preview(x, y);
            const int grey = static_cast<int>(std::lround(v * 255.0f));
            preview_.setPixel(x, y, std::isfinite(v) ? qRgb(grey, grey, grey) : qRgb(110, 0, 0));
        }
    previewLabel_->setPixmap(QPixmap::fromImage(preview_.scaled(kPreviewSide, kPreviewSide, Qt::KeepAspectRatio)));
}

// The values as they are in the file, and its CRS. A float raster's heights are metres already:
// the (disabled) range boxes show them instead of the 0 to 1000 m an integer image would be given.
void ImportHeightmapDialog::showFacts(const io::HeightmapProbe& probe, const std::optional<RasterFacts>& facts)
{
    if (!facts) {
        values_->setText(probe.throughGdal ? tr("not known") : tr("–"));
        crs_->setText(probe.throughGdal ? tr("not known") : tr("none (not a georeferenced format)"));
        return;
    }
    const QString unit = probe.integerBits > 0 ? tr("levels") : tr("m");
    if (facts->lowest && facts->highest) {
        values_->setText(tr("%1 to %2 %3").arg(number(*facts->lowest), number(*facts->highest), unit));
        if (probe.integerBits == 0) {
            rangeLow_->setValue(*facts->lowest);
            rangeHigh_->setValue(*facts->highest);
            rangeLow_->setToolTip(tr("The lowest height in the file"));
            rangeHigh_->setToolTip(tr("The highest height in the file"));
        }
    } else {
        values_->setText(tr("no data"));
    }
    crs_->setText(facts->crs.isEmpty() ? tr("none given") : facts->crs);
}

// A geotransform fixes the cell size (the importer refuses another): shown, not editable.
void ImportHeightmapDialog::fillCellSize(const io::HeightmapProbe& probe)
{
    if (probe.cellSize) {
        cellSize_->setValue(*probe.cellSize);
        cellSize_->setToolTip(tr("From the file's geotransform"));
        return;
    }
    cellSize_->setEnabled(true);
}

// Integer levels: the range the file gives (sidecar, PNG text); for 16-bit levels with none, a
// guess instead of one metre per level, and a warning saying so. Floats are metres already.
void ImportHeightmapDialog::fillRange(const io::HeightmapProbe& probe)
{
    useRange_->setEnabled(probe.integerBits > 0);
    if (probe.integerBits == 0) {
        useRange_->setToolTip(tr("This file holds heights in metres: nothing to map"));
        return;
    }
    const std::optional<io::HeightRange> range = probe.rangeMissing ? io::kUnexplainedSixteenBitRange : probe.fileRange;
    useRange_->setChecked(range.has_value());
    if (range) {
        rangeLow_->setValue(range->low);
        rangeHigh_->setValue(range->high);
    }
}

// Where the range came from, or what the levels mean without one.
QString ImportHeightmapDialog::rangeNote(const io::HeightmapProbe& probe) const
{
    if (probe.fileRange)
        return tr("Height range from %1").arg(probe.rangeOrigin == "PNG text" ? tr("the PNG's text") : QFileInfo(probe.rangeOrigin).fileName());
    if (probe.integerBits > 0 && probe.throughGdal)
        return tr("The levels are taken as metres, as elevation models store them; tick the height range to map them otherwise.");
    if (probe.integerBits == 8) return tr("The levels are taken as metres (0–255 m); tick the height range to map them otherwise.");
    return {};
}

// The guess for unexplained 16-bit levels is only a guess: the warning stays while it is in force
// (or while the levels are taken as metres) and goes once the user enters a range of their own.
QString ImportHeightmapDialog::rangeWarningText() const
{
    if (!probe_ || !probe_->rangeMissing) return {};
    const QString why = tr("This 16-bit image does not say what its levels mean (no sidecar %1, no range in the file).")
                            .arg(QFileInfo(io::sidecarPath(path_)).fileName());
    if (!useRange_->isChecked())
        return why + tr(" Its levels will be taken as metres: its brightest pixel could stand 65 535 m high.");
    const io::HeightRange guess = io::kUnexplainedSixteenBitRange;
    if (rangeLow_->value() != guess.low || rangeHigh_->value() != guess.high) return {};
    return why + tr(" One metre per level would make its brightest pixel 65 535 m high, so the range is set to %1–%2 m "
                    "instead: change it if you know the real one.").arg(number(guess.low), number(guess.high));
}

void ImportHeightmapDialog::updateRange()
{
    const bool mapped = useRange_->isEnabled() && useRange_->isChecked();
    rangeLow_->setEnabled(mapped);
    rangeHigh_->setEnabled(mapped);
    const QString warning = rangeWarningText();
    rangeWarning_->setText(warning);
    rangeWarning_->setVisible(!warning.isEmpty());
    const bool ordered = !mapped || rangeLow_->value() < rangeHigh_->value();
    rangeHigh_->setStyleSheet(ordered ? QString() : QString("color: #c00000;"));
    rangeOrdered_ = ordered;
    updateImportButton();
}

// Import only what the importer would take: levels in order, and a lattice size it can make (a
// 1×1 raster was offered, then refused after the unsaved-changes question).
void ImportHeightmapDialog::updateImportButton()
{
    QPushButton* import = buttons_->button(QDialogButtonBox::Ok);
    import->setEnabled(probe_.has_value() && rangeOrdered_ && sizeFits_);
    import->setToolTip(!rangeOrdered_ ? tr("The highest level must be above the lowest")
                       : !sizeFits_   ? tr("A map needs 2 to %1 cells per side").arg(Lattice::kMaxSide)
                                      : QString());
}

void ImportHeightmapDialog::updateMapSize()
{
    const io::ImportOptions chosen = options();
    const io::GridSize cells = io::importLatticeSize(chosen.lattice, probe_->size.width, probe_->size.height);
    const double dx = cellSize_->value();
    const auto fits = [](int side) { return side >= 2 && side <= Lattice::kMaxSide; };
    sizeFits_ = fits(cells.width) && fits(cells.height);
    mapSize_->setText(tr("%1 × %2 cells, %3 × %4 m")
                          .arg(cells.width).arg(cells.height)
                          .arg(number(probe_->size.width * dx)).arg(number(probe_->size.height * dx))
                      + (sizeFits_ ? QString() : tr(": too %1 for a map (2 to %2 cells per side)")
                                                      .arg(cells.width < 2 || cells.height < 2 ? tr("small") : tr("large"))
                                                      .arg(Lattice::kMaxSide)));
    mapSize_->setStyleSheet(sizeFits_ ? QString() : QString("color: #c00000;"));
    updateImportButton();
}

io::ImportOptions ImportHeightmapDialog::options() const
{
    io::ImportOptions options;
    options.lattice = static_cast<LatticeKind>(lattice_->currentData().toInt());
    options.cellSize = probe_ && probe_->cellSize ? std::optional<double>() : cellSize_->value();
    if (useRange_->isEnabled() && useRange_->isChecked()) options.heightRange = io::HeightRange{rangeLow_->value(), rangeHigh_->value()};
    // The preview filled NoData holes and showed how many; the import does the same.
    options.noData = io::NoDataPolicy::Fill;
    return options;
}

} // namespace rb::editor
