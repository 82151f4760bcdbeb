#include "dialogs/EngineBundleDialog.h"

#include "analysis/RiversBundleItem.h"
#include "io/BundleItem.h"
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

} // namespace

EngineBundleDialog::EngineBundleDialog(const Lattice& lattice, const QString& mapName, QWidget* parent)
    : QDialog(parent), lattice_(lattice), mapName_(mapName)
{
    setWindowTitle(tr("Export engine bundle"));
    auto* form = new QFormLayout;

    engine_ = new QComboBox(this);
    engine_->setObjectName("engine");
    for (io::Engine engine : {io::Engine::Unity, io::Engine::Unreal, io::Engine::Godot}) engine_->addItem(text(io::engineName(engine)), static_cast<int>(engine));
    engine_->setToolTip(tr("The engine whose importers every file is written for"));
    form->addRow(tr("&Engine:"), engine_);

    size_ = new QComboBox(this);
    size_->setObjectName("size");
    size_->setToolTip(tr("Vertices per side of the engine's heightmap; every layer is sampled on it"));
    form->addRow(tr("&Size:"), size_);

    folder_ = new QLineEdit(QSettings().value("engineBundle/folder", QDir::homePath()).toString(), this);
    folder_->setObjectName("folder");
    folder_->setToolTip(tr("The bundle's folder (made if it does not exist yet)"));
    auto* browse = new QPushButton(tr("&Browse…"), this);
    browse->setToolTip(tr("Choose or create the folder"));
    auto* folderRow = new QHBoxLayout;
    folderRow->addWidget(folder_);
    folderRow->addWidget(browse);
    auto* folderLabel = new QLabel(tr("&Folder:"), this); // a buddy, so Alt+F reaches the field
    folderLabel->setBuddy(folder_);
    form->addRow(folderLabel, folderRow);

    force_ = new QCheckBox(tr("Write among the folder's other files"), this);
    force_->setObjectName("force");
    force_->setToolTip(tr("Only the bundle's own files are replaced; the others stay as they are"));
    form->addRow(QString(), force_);

    files_ = new QLabel(this);
    files_->setObjectName("files");
    files_->setWordWrap(true);
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

    engine_->setCurrentIndex(std::max(0, engine_->findText(QSettings().value("engineBundle/engine", "unity").toString())));
    fillSizes();
    connect(engine_, &QComboBox::currentIndexChanged, this, [this] {
        fillSizes();
        refresh();
    });
    connect(size_, &QComboBox::currentIndexChanged, this, [this] { refresh(); });
    connect(folder_, &QLineEdit::textChanged, this, [this] { refresh(); });
    connect(force_, &QCheckBox::toggled, this, [this] { refresh(); });
    connect(browse, &QPushButton::clicked, this, [this] { this->browse(); });
    connect(buttons_, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons_, &QDialogButtonBox::rejected, this, &QDialog::reject);
    refresh();
}

// "Automatic" first (the engine's choice for this map), then every size the engine takes.
void EngineBundleDialog::fillSizes()
{
    const auto engine = static_cast<io::Engine>(engine_->currentData().toInt());
    const io::GridSize automatic = io::engineGridSize(engine, io::exportRasterSize(lattice_));
    const QSignalBlocker blocker(size_);
    size_->clear();
    size_->addItem(tr("Automatic (%1 × %2)").arg(automatic.width).arg(automatic.height), 0);
    for (int n : io::engineSizes(engine)) size_->addItem(QString("%1 × %1").arg(n), n);
}

io::EngineBundleRequest EngineBundleDialog::request() const
{
    io::EngineBundleRequest request;
    request.engine = static_cast<io::Engine>(engine_->currentData().toInt());
    if (const int n = size_->currentData().toInt(); n > 0) request.size = n;
    request.folder = folder_->text();
    request.mapName = mapName_;
    request.force = force_->isChecked();
    return request;
}

void EngineBundleDialog::setRequest(const io::EngineBundleRequest& request)
{
    engine_->setCurrentIndex(engine_->findData(static_cast<int>(request.engine)));
    size_->setCurrentIndex(request.size ? std::max(0, size_->findData(*request.size)) : 0);
    folder_->setText(request.folder);
    force_->setChecked(request.force);
    refresh();
}

void EngineBundleDialog::refresh()
{
    const io::EngineBundleRequest current = request();
    const QString problem = io::engineBundleProblem(current);
    problem_->setText(problem);
    buttons_->button(QDialogButtonBox::Ok)->setEnabled(problem.isEmpty());
    QStringList names;
    if (problem.isEmpty())
        for (const io::BundleItem& item : analysis::engineBundleItems(current.engine, nullptr)) names << item.fileName(current.engine);
    names << "manifest.json";
    QString writes = problem.isEmpty() ? tr("Writes: %1").arg(names.join(", ")) : QString();
    if (problem.isEmpty() && !QFileInfo(current.folder).exists()) writes += tr(" (in a new folder)");
    files_->setText(writes);
}

// The native folder chooser has a "new folder" button; the non-native one Qt falls back to too.
void EngineBundleDialog::browse()
{
    const QString folder = QFileDialog::getExistingDirectory(this, tr("Bundle folder"), folder_->text());
    if (!folder.isEmpty()) folder_->setText(folder);
}

void EngineBundleDialog::accept()
{
    QSettings settings;
    settings.setValue("engineBundle/engine", engine_->currentText());
    settings.setValue("engineBundle/folder", folder_->text());
    QDialog::accept();
}

} // namespace rb::editor
