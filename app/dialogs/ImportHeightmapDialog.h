#pragma once

#include "dialogs/RasterFacts.h"
#include "io/import/HeightmapProbe.h"
#include "io/import/MapImport.h"

#include <QDialog>
#include <QImage>

#include <optional>

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QDoubleSpinBox;
class QLabel;

namespace rb::editor {

// File › Import heightmap in one dialog: a grey preview of the file, what it holds (size and
// type), the cell size and the height range filled in from the file (geotransform, sidecar, PNG
// text), a warning when 16-bit levels say nothing of their heights, and the lattice. The file is
// read on the thread pool (a 16k² GeoTIFF takes seconds); Import stays disabled until then.
class ImportHeightmapDialog : public QDialog {
    Q_OBJECT
public:
    explicit ImportHeightmapDialog(const QString& path, QWidget* parent = nullptr);

    QString path() const { return path_; }
    bool isReady() const { return probe_.has_value(); } // the file was read and described
    io::ImportOptions options() const;
    QImage previewImage() const { return preview_; } // one pixel per preview cell, before scaling

signals:
    void probed(bool ok);

private:
    void buildForm();
    void restoreChoices();
    void saveChoices() const;
    void startProbe();
    void showProbe(const std::optional<io::HeightmapProbe>& probe, const QString& error);
    void showPreview(const FloatField& preview);
    void showFacts(const io::HeightmapProbe& probe, const std::optional<RasterFacts>& facts);
    void fillCellSize(const io::HeightmapProbe& probe);
    void fillRange(const io::HeightmapProbe& probe);
    void updateMapSize();
    void updateRange();
    void updateImportButton();
    QString rangeWarningText() const;
    QString rangeNote(const io::HeightmapProbe& probe) const;

    QString path_;
    std::optional<io::HeightmapProbe> probe_;
    QImage preview_;
    QLabel* previewLabel_ = nullptr;
    QLabel* detected_ = nullptr;
    QLabel* notes_ = nullptr;
    QDoubleSpinBox* cellSize_ = nullptr;
    QCheckBox* useRange_ = nullptr;
    QDoubleSpinBox* rangeLow_ = nullptr;
    QDoubleSpinBox* rangeHigh_ = nullptr;
    QLabel* rangeWarning_ = nullptr;
    QComboBox* lattice_ = nullptr;
    QLabel* mapSize_ = nullptr;
    QLabel* values_ = nullptr; // the file's lowest and highest value
    QLabel* crs_ = nullptr;
    bool rangeOrdered_ = true;
    bool sizeFits_ = true;
    QDialogButtonBox* buttons_ = nullptr;
};

} // namespace rb::editor
