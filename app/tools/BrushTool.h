#pragma once

#include "lattice/Lattice.h"
#include "tools/AbstractTool.h"

#include <QTimer>

#include <optional>

class QDoubleSpinBox;

namespace rb {
struct Map;
}

namespace rb::tools {

class OptionsRow;

// The second setting of a brush ("Strength", "Height"…): how the options bar shows it.
struct StrengthSpec {
    QString label;
    double min = 0.0;
    double max = 1.0;
    int decimals = 2;
    QString suffix;
    QString tip;
    double byDefault = 0.5; // on a new map, unless the tool scales it to the map (defaultStrength)
};

// What the round brushes share: radius (in cells), strength and falloff in the options bar, '['
// and ']' to resize, the footprint drawn on the terrain under the cursor, and dabs: one at the
// press, then one every quarter radius along the drag, and five a second while the button is held
// still. A stroke from press to release is one command (made by the subclass in endStroke); a
// stroke whose release was lost ends at the next tick that finds the button up, or the next press.
class BrushTool : public AbstractTool {
    Q_OBJECT
public:
    BrushTool(ToolIdentity identity, ToolContext context, view::PickTarget target, QObject* parent = nullptr);

    QString statusHint() const override;
    void mapReplaced() override;
    void mousePressed(const view::ViewportMouse& mouse) override;
    void mouseMoved(const view::ViewportMouse& mouse) override;
    void mouseReleased(const view::ViewportMouse& mouse) override;
    void mouseHovered(const view::ViewportMouse& mouse) override;
    void resize(int steps) override;
    bool isBusy() const override { return stroking_; }

    double radiusCells() const { return radiusCells_; }
    double strength() const { return strength_; }
    double falloff() const { return falloff_; }
    void setRadiusCells(double cells);
    void setStrength(double value);
    void setFalloff(double value);

protected:
    virtual QString action() const = 0; // "raises the terrain", for the status hint
    // The strength's spec is the tool's data, set once in its constructor.
    void setStrengthSpec(StrengthSpec spec) { spec_ = std::move(spec); }
    const StrengthSpec& strengthSpec() const { return spec_; }
    virtual double defaultStrength(const Map&) const { return spec_.byDefault; }
    virtual void addOptions(OptionsRow*) {}
    virtual void beginStroke(const view::PickResult& at) = 0;
    virtual void dab(WorldPoint centre) = 0;
    virtual void endStroke() = 0;
    virtual void cancelStroke() = 0;
    virtual void abandonStroke() = 0; // the map was replaced: forget the stroke, change nothing

    QWidget* createOptions() override;
    void cancelInProgress() override;
    view::BrushOutline footprintAround(const QVector3D& centre) const override;
    double radiusMetres() const;
    bool stroking() const { return stroking_; }

private:
    std::optional<view::PickResult> pickOf(const view::ViewportMouse& mouse) const;
    void stopStroking(); // the button is up (or the stroke is being taken back): no more dabs
    void finishStroke(); // the button is up: no more dabs, and the stroke becomes its command
    void dabTowards(WorldPoint to);
    void syncBoxes();

    view::PickTarget target_;
    StrengthSpec spec_;
    double radiusCells_ = 4.0;
    double strength_ = 0.5;
    double falloff_ = 0.5;
    bool stroking_ = false;
    std::optional<WorldPoint> lastDab_;
    QTimer repeat_;
    QDoubleSpinBox* radiusBox_ = nullptr;
    QDoubleSpinBox* strengthBox_ = nullptr;
    QDoubleSpinBox* falloffBox_ = nullptr;
};

} // namespace rb::tools
