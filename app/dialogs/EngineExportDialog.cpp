#include "dialogs/EngineExportDialog.h"

#include "io/ExportGrid.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QVBoxLayout>

#include <algorithm>

namespace rb::editor {
namespace {

QString text(std::string_view name)
{
    return QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size()));
}

QString engineTip(io::Engine engine)
{
    switch (engine) {
    case io::Engine::Unity: return QObject::tr("16-bit raw .r16, 2ⁿ+1 square, south row first (Terrain › Import Raw)");
    case io::Engine::Unreal: return QObject::tr("16-bit PNG from the landscape size table, mid-grey = 0 m (Landscape › Import from File)");
    case io::Engine::Godot: return QObject::tr("32-bit float OpenEXR in metres, any size (Image.load, FORMAT_RF)");
    }
    return {};
}

QString layerLabel(io::Layer layer)
{
    switch (layer) {
    case io::Layer::Terrain: return QObject::tr("Terrain heightmap");
    case io::Layer::WaterSurface: return QObject::tr("Water surface heightmap");
    case io::Layer::WaterDepth: return QObject::tr("Water depth");
    case io::Layer::FlowMap: return QObject::tr("Flow map (PNG)");
    case io::Layer::Mask: return QObject::tr("Water mask (PNG)");
    default: return text(io::layerName(layer));
    }
}

} // namespace

EngineExportDialog::EngineExportDialog(const Lattice& lattice, const QString& baseName, QWidget* parent)
    : QDialog(parent), lattice_(lattice)
{
    setWindowTitle(tr("Export for game engine"));
    auto* form = new QFormLayout;

    engine_ = new QComboBox(this);
    engine_->setObjectName("engine");
    for (io::Engine engine : {io::Engine::Unity, io::Engine::Unreal, io::Engine::Godot}) {
        engine_->addItem(text(io::engineName(engine)), static_cast<int>(engine));
        engine_->setItemData(engine_->count() - 1, engineTip(engine), Qt::ToolTipRole);
    }
    engine_->setToolTip(tr("The engine whose terrain importer the heightmaps are written for"));
    form->addRow(tr("&Engine:"), engine_);

    size_ = new QComboBox(this);
    size_->setObjectName("size");
    size_->setToolTip(tr("Vertices per side of the engine's heightmap; the map is resampled onto it"));
    form->addRow(tr("&Size:"), size_);

    auto* layerBox = new QVBoxLayout;
    for (io::Layer layer : io::engineBundleLayers()) {
        auto* box = new QCheckBox(layerLabel(layer), this);
        box->setObjectName(QString("layer-%1").arg(text(io::layerName(layer))));
        box->setChecked(layer == io::Layer::Terrain || layer == io::Layer::WaterSurface || layer == io::Layer::FlowMap);
        box->setToolTip(tr("Write the %1 layer").arg(text(io::layerName(layer))));
        layerBox->addWidget(box);
        layers_[layer] = box;
        connect(box, &QCheckBox::toggled, this, [this] { refresh(); });
    }
    form->addRow(tr("Layers:"), layerBox);

    folder_ = new QLineEdit(QSettings().value("engineExport/folder", QDir::homePath()).toString(), this);
    folder_->setObjectName("folder");
    folder_->setToolTip(tr("The folder the files go to (made if it does not exist yet)"));
    auto* browse = new QPushButton(tr("&Browse…"), this);
    browse->setToolTip(tr("Choose the folder"));
    auto* folderRow = new QHBoxLayout;
    folderRow->addWidget(folder_);
    folderRow->addWidget(browse);
    // A row of a layout gets a plain label, which would show the & as text: this one names the
    // line edit as its buddy, so Alt+F reaches it.
    auto* folderLabel = new QLabel(tr("&Folder:"), this);
    folderLabel->setBuddy(folder_);
    form->addRow(folderLabel, folderRow);

    baseName_ = new QLineEdit(baseName, this);
    baseName_->setObjectName("baseName");
    baseName_->setToolTip(tr("Files are named BASE_LAYER.EXT"));
    form->addRow(tr("&Base name:"), baseName_);

    files_ = new QLabel(this);
    files_->setObjectName("files");
    files_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    problem_ = new QLabel(this);
    problem_->setObjectName("problem");
    problem_->setStyleSheet("color: #b00020");
    problem_->setWordWrap(true);
    buttons_ = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons_->button(QDialogButtonBox::Ok)->setText(tr("Export"));

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(files_);
    layout->addWidget(problem_);
    layout->addWidget(buttons_);

    const int remembered = engine_->findText(QSettings().value("engineExport/engine", "unity").toString());
    engine_->setCurrentIndex(std::max(0, remembered));
    fillSizes();
    connect(engine_, &QComboBox::currentIndexChanged, this, [this] {
        fillSizes();
        refresh();
    });
    connect(size_, &QComboBox::currentIndexChanged, this, [this] { refresh(); });
    connect(folder_, &QLineEdit::textChanged, this, [this] { refresh(); });
    connect(baseName_, &QLineEdit::textChanged, this, [this] { refresh(); });
    connect(browse, &QPushButton::clicked, this, [this] { this->browse(); });
    connect(buttons_, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons_, &QDialogButtonBox::rejected, this, &QDialog::reject);
    refresh();
}

// "Automatic" first (the engine's choice for this map), then every size the engine takes.
void EngineExportDialog::fillSizes()
{
    const auto engine = static_cast<io::Engine>(engine_->currentData().toInt());
    const io::GridSize automatic = io::engineGridSize(engine, io::exportRasterSize(lattice_));
    const QSignalBlocker blocker(size_);
    size_->clear();
    size_->addItem(tr("Automatic (%1 × %2)").arg(automatic.width).arg(automatic.height), 0);
    for (int n : io::engineSizes(engine)) size_->addItem(QString("%1 × %1").arg(n), n);
}

io::EngineExportRequest EngineExportDialog::request() const
{
    io::EngineExportRequest request;
    request.engine = static_cast<io::Engine>(engine_->currentData().toInt());
    if (const int n = size_->currentData().toInt(); n > 0) request.size = n;
    request.layers.clear();
    for (io::Layer layer : io::engineBundleLayers())
        if (layers_.at(layer)->isChecked()) request.layers.push_back(layer);
    request.folder = folder_->text();
    request.baseName = baseName_->text();
    request.createFolder = true;
    return request;
}

void EngineExportDialog::setRequest(const io::EngineExportRequest& request)
{
    engine_->setCurrentIndex(engine_->findData(static_cast<int>(request.engine)));
    size_->setCurrentIndex(request.size ? std::max(0, size_->findData(*request.size)) : 0);
    for (auto& [layer, box] : layers_) box->setChecked(std::find(request.layers.begin(), request.layers.end(), layer) != request.layers.end());
    folder_->setText(request.folder);
    baseName_->setText(request.baseName);
    refresh();
}

void EngineExportDialog::refresh()
{
    const io::EngineExportRequest current = request();
    const QString problem = io::engineExportProblem(current);
    problem_->setText(problem);
    buttons_->button(QDialogButtonBox::Ok)->setEnabled(problem.isEmpty());
    QStringList names;
    if (problem.isEmpty())
        for (io::Layer layer : current.layers) names << QFileInfo(io::engineExportPath(current, layer)).fileName();
    QString writes = names.isEmpty() ? QString() : tr("Writes: %1").arg(names.join(", "));
    if (!names.isEmpty() && !QFileInfo(current.folder).exists()) writes += tr(" (in a new folder)");
    files_->setText(writes);
}

void EngineExportDialog::browse()
{
    const QString folder = QFileDialog::getExistingDirectory(this, tr("Export to folder"), folder_->text());
    if (!folder.isEmpty()) folder_->setText(folder);
}

void EngineExportDialog::accept()
{
    QSettings settings;
    settings.setValue("engineExport/engine", engine_->currentText());
    settings.setValue("engineExport/folder", folder_->text());
    QDialog::accept();
}

} // namespace rb::editor
