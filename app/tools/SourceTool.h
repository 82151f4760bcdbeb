#pragma once

#include "model/PointSource.h"
#include "tools/AbstractTool.h"

#include <functional>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;

namespace rb::tools {

// Springs and drains (rb::PointSource): a click on open ground places one of the kind and rate in
// the options bar; a click on one selects it (its settings show in the bar, where changing them
// changes it) and dragging moves it; Delete removes the selected one. Each is one command.
class SourceTool : public AbstractTool {
    Q_OBJECT
public:
    explicit SourceTool(ToolContext context, QObject* parent = nullptr);

    QString statusHint() const override;
    void activate() override;
    void deactivate() override;
    void mapReplaced() override;
    void mousePressed(const view::ViewportMouse& mouse) override;
    void mouseMoved(const view::ViewportMouse& mouse) override;
    void mouseReleased(const view::ViewportMouse& mouse) override;
    void mouseHovered(const view::ViewportMouse& mouse) override;
    bool keyPressed(int key) override;
    bool isBusy() const override { return dragging_; }

    int selected() const { return selected_; }
    void select(int index);
    void removeSelected();
    const PointSource& settings() const { return settings_; } // kind, rate and drain-all for new ones
    void setKind(PointSource::Kind kind);
    void setRate(double rate);
    void setDrainAll(bool drainAll);

protected:
    QWidget* createOptions() override;
    void cancelInProgress() override; // a drag: the source goes back where it was

private:
    int sourceNear(const view::PickResult& pick) const; // -1: none within reach
    void settingsChanged(const std::function<void(PointSource&)>& change); // change: the field set
    void takeSettingsOfSelected(); // the bar shows the selected source's values
    void syncOptions();
    void showMarkers();

    PointSource settings_;
    int selected_ = -1;
    bool dragging_ = false;
    PointSource beforeDrag_;
    QComboBox* kindBox_ = nullptr;
    QDoubleSpinBox* rateBox_ = nullptr;
    QCheckBox* drainAllBox_ = nullptr;
};

} // namespace rb::tools
