#include "dialogs/EngineExportDialog.h"

#include "dialogs/EngineTargetFields.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

#include <algorithm>

namespace rb::editor {
namespace {

QString exportDialogText(std::string_view name)
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
    case io::Layer::Dye: return QObject::tr("Dye (PNG, RGBA = channels 0–3)");
    case io::Layer::Currents: return QObject::tr("Currents flow map (PNG)");
    case io::Layer::Erodibility: return QObject::tr("Erodibility (0 bedrock … 1 loose soil)");
    case io::Layer::Deposition: return QObject::tr("Net deposition (splat map: + deposited, − eroded)");
    default: return exportDialogText(io::layerName(layer));
    }
}

} // namespace

EngineExportDialog::EngineExportDialog(const Lattice& lattice, const QString& baseName, QWidget* parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Export for game engine"));
    auto* form = new QFormLayout;

    EngineTargetFields::Texts texts;
    texts.engineTip = tr("The engine whose terrain importer the heightmaps are written for");
    texts.sizeTip = tr("Vertices per side of the engine's heightmap; the map is resampled onto it");
    texts.folderTip = tr("The folder the files go to (made if it does not exist yet)");
    texts.browseTip = tr("Choose the folder");
    texts.browseTitle = tr("Export to folder");
    texts.engineItemTip = engineTip;
    target_ = new EngineTargetFields(lattice, "engineExport", texts, this);
    target_->addEngineRows(form);

    auto* layerBox = new QVBoxLayout;
    for (io::Layer layer : io::engineBundleLayers()) {
        auto* box = new QCheckBox(layerLabel(layer), this);
        box->setObjectName(QString("layer-%1").arg(exportDialogText(io::layerName(layer))));
        box->setChecked(layer == io::Layer::Terrain || layer == io::Layer::WaterSurface || layer == io::Layer::FlowMap);
        box->setToolTip(tr("Write the %1 layer").arg(exportDialogText(io::layerName(layer))));
        layerBox->addWidget(box);
        layers_[layer] = box;
        connect(box, &QCheckBox::toggled, this, [this] { refresh(); });
    }
    form->addRow(tr("Layers:"), layerBox);

    target_->addFolderRow(form);

    baseName_ = new QLineEdit(baseName, this);
    baseName_->setObjectName("baseName");
    baseName_->setToolTip(tr("Files are named BASE_LAYER.EXT"));
    form->addRow(tr("&Base name:"), baseName_);

    buttons_ = target_->finishDialog(this, form);

    connect(target_, &EngineTargetFields::changed, this, [this] { refresh(); });
    connect(baseName_, &QLineEdit::textChanged, this, [this] { refresh(); });
    refresh();
}

io::EngineExportRequest EngineExportDialog::request() const
{
    io::EngineExportRequest request;
    target_->fill(request);
    request.layers.clear();
    for (io::Layer layer : io::engineBundleLayers())
        if (layers_.at(layer)->isChecked()) request.layers.push_back(layer);
    request.baseName = baseName_->text();
    request.createFolder = true;
    return request;
}

void EngineExportDialog::setRequest(const io::EngineExportRequest& request)
{
    target_->set(request.engine, request.size, request.folder);
    for (auto& [layer, box] : layers_) box->setChecked(std::find(request.layers.begin(), request.layers.end(), layer) != request.layers.end());
    baseName_->setText(request.baseName);
    refresh();
}

void EngineExportDialog::refresh()
{
    const io::EngineExportRequest current = request();
    const QString problem = io::engineExportProblem(current);
    buttons_->button(QDialogButtonBox::Ok)->setEnabled(problem.isEmpty());
    QStringList names;
    if (problem.isEmpty())
        for (io::Layer layer : current.layers) names << QFileInfo(io::engineExportPath(current, layer)).fileName();
    QString writes = names.isEmpty() ? QString() : tr("Writes: %1").arg(names.join(", "));
    if (!names.isEmpty() && !QFileInfo(current.folder).exists()) writes += tr(" (in a new folder)");
    target_->showReport(writes, problem);
}

void EngineExportDialog::accept()
{
    target_->remember();
    QDialog::accept();
}

} // namespace rb::editor
