#include "dialogs/EngineTargetFields.h"

#include "io/export/ExportGrid.h"

#include <QBoxLayout>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QVBoxLayout>

#include <algorithm>
#include <utility>

namespace rb::editor {
namespace {

QString targetFieldsText(std::string_view name)
{
    return QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size()));
}

} // namespace

EngineTargetFields::EngineTargetFields(const Lattice& lattice, const QString& settingsPrefix, Texts texts, QWidget* owner)
    : QObject(owner), lattice_(lattice), prefix_(settingsPrefix), texts_(std::move(texts)), owner_(owner)
{
}

QString EngineTargetFields::key(const char* name) const
{
    return prefix_ + '/' + QLatin1String(name);
}

void EngineTargetFields::addEngineRows(QFormLayout* form)
{
    engine_ = new QComboBox(owner_);
    engine_->setObjectName("engine");
    for (io::Engine engine : {io::Engine::Unity, io::Engine::Unreal, io::Engine::Godot}) {
        engine_->addItem(targetFieldsText(io::engineName(engine)), static_cast<int>(engine));
        if (texts_.engineItemTip) engine_->setItemData(engine_->count() - 1, texts_.engineItemTip(engine), Qt::ToolTipRole);
    }
    engine_->setToolTip(texts_.engineTip);
    form->addRow(tr("&Engine:"), engine_);

    size_ = new QComboBox(owner_);
    size_->setObjectName("size");
    size_->setToolTip(texts_.sizeTip);
    form->addRow(tr("&Size:"), size_);

    // Restored before the connections below, so that building the dialog reports no change.
    engine_->setCurrentIndex(std::max(0, engine_->findText(QSettings().value(key("engine"), "unity").toString())));
    fillSizes();
    connect(engine_, &QComboBox::currentIndexChanged, this, [this] {
        fillSizes();
        emit changed();
    });
    connect(size_, &QComboBox::currentIndexChanged, this, &EngineTargetFields::changed);
}

void EngineTargetFields::addFolderRow(QFormLayout* form)
{
    folder_ = new QLineEdit(QSettings().value(key("folder"), QDir::homePath()).toString(), owner_);
    folder_->setObjectName("folder");
    folder_->setToolTip(texts_.folderTip);
    auto* browse = new QPushButton(tr("&Browse…"), owner_);
    browse->setToolTip(texts_.browseTip);
    auto* folderRow = new QHBoxLayout;
    folderRow->addWidget(folder_);
    folderRow->addWidget(browse);
    // A row of a layout gets a plain label, which would show the & as text: this one names the
    // line edit as its buddy, so Alt+F reaches it.
    auto* folderLabel = new QLabel(tr("&Folder:"), owner_);
    folderLabel->setBuddy(folder_);
    form->addRow(folderLabel, folderRow);

    connect(folder_, &QLineEdit::textChanged, this, &EngineTargetFields::changed);
    connect(browse, &QPushButton::clicked, this, [this] { this->browse(); });
}

QDialogButtonBox* EngineTargetFields::finishDialog(QDialog* dialog, QFormLayout* form)
{
    auto* layout = new QVBoxLayout(dialog);
    layout->addLayout(form);
    addReport(layout);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, dialog);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Export"));
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, dialog, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::reject);
    return buttons;
}

void EngineTargetFields::addReport(QBoxLayout* layout)
{
    files_ = new QLabel(owner_);
    files_->setObjectName("files");
    files_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    problem_ = new QLabel(owner_);
    problem_->setObjectName("problem");
    problem_->setStyleSheet("color: #b00020");
    problem_->setWordWrap(true);
    layout->addWidget(files_);
    layout->addWidget(problem_);
}

// "Automatic" first (the engine's choice for this map), then every size the engine takes.
void EngineTargetFields::fillSizes()
{
    const io::Engine current = engine();
    const io::GridSize automatic = io::engineGridSize(current, io::exportRasterSize(lattice_));
    const QSignalBlocker blocker(size_);
    size_->clear();
    size_->addItem(tr("Automatic (%1 × %2)").arg(automatic.width).arg(automatic.height), 0);
    for (int n : io::engineSizes(current)) size_->addItem(QString("%1 × %1").arg(n), n);
}

io::Engine EngineTargetFields::engine() const
{
    return static_cast<io::Engine>(engine_->currentData().toInt());
}

std::optional<int> EngineTargetFields::size() const
{
    if (const int n = size_->currentData().toInt(); n > 0) return n;
    return std::nullopt;
}

QString EngineTargetFields::folder() const
{
    return folder_->text();
}

void EngineTargetFields::set(io::Engine engine, std::optional<int> size, const QString& folder)
{
    engine_->setCurrentIndex(engine_->findData(static_cast<int>(engine)));
    size_->setCurrentIndex(size ? std::max(0, size_->findData(*size)) : 0);
    folder_->setText(folder);
}

void EngineTargetFields::showReport(const QString& files, const QString& problem)
{
    files_->setText(files);
    problem_->setText(problem);
}

// The native folder chooser has a "new folder" button; the non-native one Qt falls back to too.
void EngineTargetFields::browse()
{
    const QString folder = QFileDialog::getExistingDirectory(owner_, texts_.browseTitle, folder_->text());
    if (!folder.isEmpty()) folder_->setText(folder);
}

void EngineTargetFields::remember() const
{
    QSettings settings;
    settings.setValue(key("engine"), engine_->currentText());
    settings.setValue(key("folder"), folder_->text());
}

} // namespace rb::editor
