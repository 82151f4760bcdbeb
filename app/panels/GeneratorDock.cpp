#include "panels/GeneratorDock.h"

#include "generator/ParamSpec.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QProgressBar>
#include <QPushButton>
#include <QRandomGenerator>
#include <QScrollArea>
#include <QSpinBox>
#include <QToolButton>
#include <QVBoxLayout>

#include <cmath>

namespace rb::panels {

namespace {

QString text(std::string_view view)
{
    return QString::fromUtf8(view.data(), static_cast<qsizetype>(view.size()));
}

QString tooltipOf(const gen::ParamSpec& spec)
{
    QString tip = text(spec.description) + "\n" + QObject::tr("Range: %1").arg(text(spec.rangeText()));
    if (!spec.unit.empty()) tip += " " + text(spec.unit);
    return tip;
}

// Enough decimals to show the table's defaults and limits exactly.
int decimalsFor(const gen::ParamSpec& spec)
{
    const double smallest = std::min(std::abs(spec.minimum) > 0 ? std::abs(spec.minimum) : 1.0, 1.0);
    return std::clamp(static_cast<int>(std::ceil(-std::log10(smallest))) + 2, 2, 6);
}

} // namespace

GeneratorDock::GeneratorDock(QWidget* parent) : QDockWidget(tr("Generator"), parent)
{
    setObjectName("GeneratorDock");
    auto* body = new QWidget(this);
    auto* layout = new QVBoxLayout(body);

    preset_ = new QComboBox(body);
    preset_->setObjectName("preset");
    for (gen::Preset preset : gen::kAllPresets) {
        preset_->addItem(text(gen::presetName(preset)), static_cast<int>(preset));
        preset_->setItemData(preset_->count() - 1, text(gen::presetSummary(preset)), Qt::ToolTipRole);
    }
    preset_->setToolTip(tr("The kind of landscape to generate"));
    layout->addWidget(preset_);
    connect(preset_, &QComboBox::activated, this,
            [this] { setSettings(gen::GeneratorSettings(static_cast<gen::Preset>(preset_->currentData().toInt()))); });

    auto* scroll = new QScrollArea(body);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    layout->addWidget(scroll, 1);
    formHost_ = new QWidget;
    form_ = new QFormLayout(formHost_);
    form_->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    setMinimumWidth(270);
    scroll->setWidget(formHost_);

    auto* buttons = new QHBoxLayout;
    generate_ = new QPushButton(tr("Generate"), body);
    generate_->setObjectName("generate");
    generate_->setToolTip(tr("Make a new map from these settings (asks before discarding unsaved work)"));
    cancel_ = new QPushButton(tr("Cancel"), body);
    cancel_->setObjectName("cancel");
    cancel_->setToolTip(tr("Stop the generation; the current map stays"));
    cancel_->setEnabled(false);
    buttons->addWidget(generate_);
    buttons->addWidget(cancel_);
    layout->addLayout(buttons);
    progress_ = new QProgressBar(body);
    progress_->setObjectName("progress");
    progress_->setRange(0, 100);
    progress_->setValue(0);
    progress_->setToolTip(tr("Generation progress"));
    layout->addWidget(progress_);
    connect(generate_, &QPushButton::clicked, this, [this] { emit generateRequested(settings()); });
    connect(cancel_, &QPushButton::clicked, this, &GeneratorDock::cancelRequested);

    setWidget(body);
    setSettings(gen::GeneratorSettings(gen::Preset::Island));
}

void GeneratorDock::setSettings(const gen::GeneratorSettings& settings)
{
    preset_->setCurrentIndex(preset_->findData(static_cast<int>(settings.preset())));
    rebuildForm(settings.preset());
    for (const gen::ParamSpec* spec : gen::presetParameters(settings.preset())) {
        QWidget* editor = editors_.value(text(spec->key));
        const double value = spec->get(settings);
        if (auto* combo = qobject_cast<QComboBox*>(editor)) combo->setCurrentIndex(static_cast<int>(value));
        else if (auto* spin = qobject_cast<QSpinBox*>(editor)) spin->setValue(static_cast<int>(value));
        else if (auto* number = qobject_cast<QDoubleSpinBox*>(editor)) number->setValue(value);
    }
}

void GeneratorDock::rebuildForm(gen::Preset preset)
{
    while (form_->rowCount() > 0) form_->removeRow(0);
    editors_.clear();
    const gen::GeneratorSettings defaults(preset);
    for (const gen::ParamSpec* spec : gen::presetParameters(preset)) {
        QWidget* editor = makeEditor(*spec, spec->get(defaults));
        editors_.insert(text(spec->key), editor);
        if (spec->key != "seed") {
            form_->addRow(text(spec->key), editor);
            continue;
        }
        auto* row = new QWidget;
        auto* rowLayout = new QHBoxLayout(row);
        rowLayout->setContentsMargins(0, 0, 0, 0);
        rowLayout->addWidget(editor, 1);
        auto* dice = new QToolButton(row);
        dice->setObjectName("randomiseSeed");
        dice->setText(tr("Randomise"));
        dice->setToolTip(tr("Pick a new random seed"));
        connect(dice, &QToolButton::clicked, this, [this] { randomiseSeed(); });
        rowLayout->addWidget(dice);
        form_->addRow(text(spec->key), row);
    }
}

QWidget* GeneratorDock::makeEditor(const gen::ParamSpec& spec, double value)
{
    QWidget* editor = nullptr;
    if (spec.kind == gen::ParamKind::Choice) {
        auto* combo = new QComboBox;
        for (std::string_view choice : spec.choiceList()) combo->addItem(text(choice));
        combo->setCurrentIndex(static_cast<int>(value));
        editor = combo;
    } else if (spec.kind == gen::ParamKind::Integer) {
        auto* spin = new QSpinBox;
        spin->setRange(static_cast<int>(spec.minimum), static_cast<int>(spec.maximum));
        spin->setValue(static_cast<int>(value));
        editor = spin;
    } else {
        auto* number = new QDoubleSpinBox;
        number->setDecimals(decimalsFor(spec));
        number->setRange(spec.minimum, spec.maximum);
        number->setSingleStep(std::max((spec.maximum - spec.minimum) / 100.0, std::pow(10.0, -number->decimals())));
        number->setValue(value);
        editor = number;
    }
    editor->setObjectName(text(spec.key));
    editor->setToolTip(tooltipOf(spec));
    return editor;
}

gen::GeneratorSettings GeneratorDock::settings() const
{
    gen::GeneratorSettings settings(static_cast<gen::Preset>(preset_->currentData().toInt()));
    for (const gen::ParamSpec* spec : gen::presetParameters(settings.preset())) {
        QWidget* editor = editors_.value(text(spec->key));
        if (auto* combo = qobject_cast<QComboBox*>(editor)) spec->set(settings, combo->currentIndex());
        else if (auto* spin = qobject_cast<QSpinBox*>(editor)) spec->set(settings, spin->value());
        else if (auto* number = qobject_cast<QDoubleSpinBox*>(editor)) spec->set(settings, number->value());
    }
    return settings;
}

void GeneratorDock::randomiseSeed()
{
    if (auto* seed = qobject_cast<QSpinBox*>(editors_.value("seed")))
        seed->setValue(static_cast<int>(QRandomGenerator::global()->bounded(seed->maximum())));
}

void GeneratorDock::setBusy(bool busy)
{
    generate_->setEnabled(!busy);
    cancel_->setEnabled(busy);
    preset_->setEnabled(!busy);
    formHost_->setEnabled(!busy);
    if (busy) progress_->setValue(0);
}

void GeneratorDock::setProgress(int percent)
{
    progress_->setValue(percent);
}

} // namespace rb::panels
