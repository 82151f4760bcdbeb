#include "panels/GeneratorDock.h"
#include "panels/StartUpIsland.h"

#include "generator/ParamSpec.h"
#include "panels/DockButton.h"
#include "panels/GeneratorPreview.h"
#include "panels/ScientificSpinBox.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProgressBar>
#include <QPushButton>
#include <QRandomGenerator>
#include <QScrollArea>
#include <QSpinBox>
#include <QStyle>
#include <QToolButton>
#include <QVBoxLayout>

#include <cmath>

namespace rb::panels {

namespace {

QString generatorText(std::string_view view)
{
    return QString::fromUtf8(view.data(), static_cast<qsizetype>(view.size()));
}

// How a value is shown: the storage unit, or the one designers use for it.
struct DisplayUnit {
    QString suffix;
    double perStored = 1.0;
};

DisplayUnit displayUnitOf(const gen::ParamSpec& spec)
{
    if (spec.unit == "m/s" && spec.key == "rain") return {QStringLiteral(" mm/h"), 1000.0 * 3600.0};
    if (spec.unit == "m3/s") return {QStringLiteral(" m³/s")};
    if (spec.unit.empty()) return {};
    return {" " + generatorText(spec.unit)};
}

// "mountain_height" → "Mountain height".
QString labelOf(const gen::ParamSpec& spec)
{
    QString label = generatorText(spec.key).replace('_', ' ');
    if (!label.isEmpty()) label[0] = label[0].toUpper();
    return label;
}

QString numberText(double value)
{
    return QString::number(value, 'g', 6);
}

QString tooltipOf(const gen::ParamSpec& spec)
{
    QString tip = "<p><b>" + labelOf(spec) + "</b> (<code>" + generatorText(spec.key) + "</code>)</p><p>" + generatorText(spec.description) + "</p>";
    if (spec.kind == gen::ParamKind::Choice) return tip + "<p>" + QObject::tr("Choices: %1").arg(generatorText(spec.rangeText())) + "</p>";
    const DisplayUnit unit = displayUnitOf(spec);
    return tip + "<p>" +
           QObject::tr("Range: %1 to %2%3").arg(numberText(spec.minimum * unit.perStored), numberText(spec.maximum * unit.perStored), unit.suffix) +
           "</p>";
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
        preset_->addItem(generatorText(gen::presetName(preset)), static_cast<int>(preset));
        preset_->setItemData(preset_->count() - 1, generatorText(gen::presetSummary(preset)), Qt::ToolTipRole);
    }
    preset_->setToolTip(tr("The kind of landscape to generate"));
    layout->addWidget(preset_);
    preview_ = new GeneratorPreview(body);
    layout->addWidget(preview_, 0, Qt::AlignHCenter);
    connect(preset_, &QComboBox::activated, this,
            [this] { setSettings(presetDefaults(static_cast<gen::Preset>(preset_->currentData().toInt()))); });

    auto* scroll = new QScrollArea(body);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    layout->addWidget(scroll, 1);
    formHost_ = new QWidget;
    form_ = new QFormLayout(formHost_);
    form_->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form_->setRowWrapPolicy(QFormLayout::WrapLongRows); // a narrow dock puts labels above their boxes
    setMinimumWidth(300); // the widest label, a number box and the seed's Random button side by side
    scroll->setWidget(formHost_);

    auto* buttons = new QHBoxLayout;
    generate_ = dockButton(tr("Generate"), "generate",
                           tr("Make a new map from these settings (asks before discarding unsaved work)"), body);
    cancel_ = dockButton(tr("Cancel"), "cancel", tr("Stop the generation; the current map stays"), body);
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
    setSettings(startUpIsland());
}

bool GeneratorDock::showMapSettings(const std::string& json)
{
    const QJsonDocument document = QJsonDocument::fromJson(QByteArray::fromStdString(json));
    const QJsonObject object = document.object();
    if (object.value("generator").toString() != QLatin1String("riverbed")) return false;
    const std::optional<gen::Preset> preset = gen::parsePreset(object.value("preset").toString().toStdString());
    if (!preset) return false;
    gen::GeneratorSettings settings(*preset);
    for (auto entry = object.begin(); entry != object.end(); ++entry) {
        const QJsonValue value = entry.value();
        const QString text = value.isString() ? value.toString() : QString::number(value.toDouble(), 'g', 17);
        // The envelope's keys, and keys a later generator added, are refused and left at their defaults.
        (void)settings.setParam(entry.key().toStdString(), text.toStdString());
    }
    if (!settings.validate().empty()) return false;
    if (settings.toJson() != this->settings().toJson()) setSettings(settings);
    return true;
}

void GeneratorDock::setSettings(const gen::GeneratorSettings& settings)
{
    preset_->setCurrentIndex(preset_->findData(static_cast<int>(settings.preset())));
    rebuildForm(settings.preset());
    for (const gen::ParamSpec* spec : gen::presetParameters(settings.preset())) {
        QWidget* editor = editors_.value(generatorText(spec->key));
        const double value = spec->get(settings);
        if (auto* combo = qobject_cast<QComboBox*>(editor)) combo->setCurrentIndex(static_cast<int>(value));
        else if (auto* spin = qobject_cast<QSpinBox*>(editor)) spin->setValue(static_cast<int>(value));
        else if (auto* number = qobject_cast<ScientificSpinBox*>(editor)) number->setStoredValue(value);
    }
    preview_->request(settings);
}

void GeneratorDock::rebuildForm(gen::Preset preset)
{
    while (form_->rowCount() > 0) form_->removeRow(0);
    editors_.clear();
    const gen::GeneratorSettings defaults = presetDefaults(preset);
    for (const gen::ParamSpec* spec : gen::presetParameters(preset)) {
        QWidget* editor = makeEditor(*spec, spec->get(defaults));
        editors_.insert(generatorText(spec->key), editor);
        if (spec->key != "seed") {
            form_->addRow(labelOf(*spec), editor);
            continue;
        }
        auto* row = new QWidget;
        auto* rowLayout = new QHBoxLayout(row);
        rowLayout->setContentsMargins(0, 0, 0, 0);
        rowLayout->addWidget(editor, 1);
        auto* dice = new QToolButton(row);
        dice->setObjectName("randomiseSeed");
        dice->setIcon(style()->standardIcon(QStyle::SP_BrowserReload)); // an icon: room for a 10-digit seed
        dice->setText(tr("Random seed"));
        dice->setAccessibleName(tr("Random seed"));
        dice->setToolTip(tr("Pick a new random seed (the same seed always gives the same map)"));
        dice->setSizePolicy(QSizePolicy::Minimum, QSizePolicy::Fixed); // never narrower than its text
        connect(dice, &QToolButton::clicked, this, [this] { randomiseSeed(); });
        rowLayout->addWidget(dice);
        form_->addRow(labelOf(*spec), row);
    }
}

QWidget* GeneratorDock::makeEditor(const gen::ParamSpec& spec, double value)
{
    QWidget* editor = nullptr;
    const DisplayUnit unit = displayUnitOf(spec);
    if (spec.kind == gen::ParamKind::Choice) {
        auto* combo = new QComboBox;
        for (std::string_view choice : spec.choiceList()) combo->addItem(generatorText(choice));
        combo->setCurrentIndex(static_cast<int>(value));
        connect(combo, &QComboBox::currentIndexChanged, this, &GeneratorDock::settingsEdited);
        editor = combo;
    } else if (spec.kind == gen::ParamKind::Integer) {
        auto* spin = new QSpinBox;
        spin->setRange(static_cast<int>(spec.minimum), static_cast<int>(spec.maximum));
        spin->setSuffix(unit.suffix);
        spin->setValue(static_cast<int>(value));
        spin->setKeyboardTracking(false);
        connect(spin, &QSpinBox::valueChanged, this, &GeneratorDock::settingsEdited);
        editor = spin;
    } else {
        auto* number = new ScientificSpinBox(unit.perStored);
        number->setSuffix(unit.suffix);
        number->setStoredRange(spec.minimum, spec.maximum);
        number->setStoredValue(value);
        connect(number, &QDoubleSpinBox::valueChanged, this, &GeneratorDock::settingsEdited);
        editor = number;
    }
    editor->setObjectName(generatorText(spec.key));
    editor->setToolTip(tooltipOf(spec));
    return editor;
}

void GeneratorDock::settingsEdited()
{
    preview_->request(settings());
}

gen::GeneratorSettings GeneratorDock::settings() const
{
    gen::GeneratorSettings settings(static_cast<gen::Preset>(preset_->currentData().toInt()));
    for (const gen::ParamSpec* spec : gen::presetParameters(settings.preset())) {
        QWidget* editor = editors_.value(generatorText(spec->key));
        if (auto* combo = qobject_cast<QComboBox*>(editor)) spec->set(settings, combo->currentIndex());
        else if (auto* spin = qobject_cast<QSpinBox*>(editor)) spec->set(settings, spin->value());
        else if (auto* number = qobject_cast<ScientificSpinBox*>(editor)) spec->set(settings, number->storedValue());
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
