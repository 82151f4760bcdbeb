#pragma once

#include "generator/GeneratorSettings.h"
#include "generator/ParamSpec.h"

#include <QDockWidget>
#include <QHash>

class QComboBox;
class QFormLayout;
class QProgressBar;
class QPushButton;
class QWidget;

namespace rb::panels {

class GeneratorPreview;

// The generator's preset and every parameter it has (built from the generator's own parameter
// table: labels from the keys, units as suffixes — rain in mm/h — ranges and descriptions as
// tooltips, numbers in the shortest exact notation), a seed with a "random" button, a preview
// thumbnail that follows the boxes, and Generate / Cancel with a progress bar. Running the
// generator is the main window's business.
class GeneratorDock : public QDockWidget {
    Q_OBJECT
public:
    explicit GeneratorDock(QWidget* parent = nullptr);

    void setSettings(const gen::GeneratorSettings& settings);
    // The settings a map was generated with (Map::generatorSettings), so that Generate builds the
    // map on screen again. False, the dock unchanged, for text that holds no generator's settings
    // (an imported map has none).
    bool showMapSettings(const std::string& json);
    gen::GeneratorSettings settings() const; // what the boxes show
    GeneratorPreview* preview() const { return preview_; }
    void setBusy(bool busy);
    void setProgress(int percent);

signals:
    void generateRequested(const rb::gen::GeneratorSettings& settings);
    void cancelRequested();

private:
    void rebuildForm(gen::Preset preset);
    QWidget* makeEditor(const gen::ParamSpec& spec, double value);
    void randomiseSeed();
    void settingsEdited(); // a box changed: refresh the preview

    QComboBox* preset_ = nullptr;
    QWidget* formHost_ = nullptr;
    QFormLayout* form_ = nullptr;
    QHash<QString, QWidget*> editors_; // key → spin box or combo box
    QPushButton* generate_ = nullptr;
    QPushButton* cancel_ = nullptr;
    QProgressBar* progress_ = nullptr;
    GeneratorPreview* preview_ = nullptr;
};

} // namespace rb::panels
