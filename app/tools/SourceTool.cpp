#include "tools/SourceTool.h"

#include "commands/AddSourceCommand.h"
#include "commands/EditSourceCommand.h"
#include "commands/RemoveSourceCommand.h"
#include "document/MapDocument.h"
#include "tools/OptionsRow.h"
#include "view/Viewport.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QPushButton>
#include <QSignalBlocker>

#include <cmath>

namespace rb::tools {

namespace {
constexpr double kMaxRate = 1e6; // m³/s: a large river; more is a typing error
} // namespace

SourceTool::SourceTool(ToolContext context, QObject* parent)
    : AbstractTool({"sources", tr("Springs and drains"), QKeySequence(Qt::Key_P),
                   tr("Place, move and delete springs (water in) and drains (water out)")}, std::move(context), parent)
{
    settings_.rate = 1.0;
    // Any change of the sources (undo and redo included) shows in the bar: the selected source's
    // own values, not what the bar held before, which a later edit would otherwise write back.
    connect(document(), &editor::MapDocument::sourcesChanged, this, [this](const std::vector<PointSource>& sources) {
        if (selected_ >= static_cast<int>(sources.size())) selected_ = -1;
        takeSettingsOfSelected();
        showMarkers();
        syncOptions();
    });
}

QString SourceTool::statusHint() const
{
    return tr("%1: click to place a %2 · click one to select it, drag to move · Delete removes it, Esc deselects")
        .arg(name(), settings_.kind == PointSource::Kind::Spring ? tr("spring") : tr("drain"));
}

void SourceTool::activate()
{
    showMarkers();
}

void SourceTool::deactivate()
{
    AbstractTool::deactivate();
    select(-1);
}

void SourceTool::cancelInProgress()
{
    dragging_ = false;
    if (selected_ < 0 || selected_ >= static_cast<int>(document()->map().sources.size())) return;
    std::vector<PointSource> sources = document()->map().sources;
    sources[static_cast<std::size_t>(selected_)] = beforeDrag_;
    document()->setSources(sources);
}

// A default rate that fills a cell one metre deep in ten seconds (at least 0.1 m³/s).
void SourceTool::mapReplaced()
{
    selected_ = -1;
    const double area = document()->map().state.lattice.cellArea();
    setRate(std::max(0.1, std::round(area) / 10.0));
}

void SourceTool::showMarkers()
{
    viewport()->setSourceMarkers(document()->map().sources, selected_);
}

void SourceTool::select(int index)
{
    selected_ = index;
    takeSettingsOfSelected();
    syncOptions();
    showMarkers();
}

void SourceTool::takeSettingsOfSelected()
{
    if (selected_ < 0 || selected_ >= static_cast<int>(document()->map().sources.size())) return;
    const PointSource& s = document()->map().sources[static_cast<std::size_t>(selected_)];
    settings_.kind = s.kind;
    settings_.rate = s.rate;
    settings_.drainAll = s.drainAll;
}

int SourceTool::sourceNear(const view::PickResult& pick) const
{
    const Map& map = document()->map();
    const double reach = std::max(2.0 * map.state.lattice.cellSize(), 0.015 * std::max(map.state.lattice.worldWidth(), map.state.lattice.worldHeight()));
    int best = -1;
    double bestDistance = reach;
    for (std::size_t i = 0; i < map.sources.size(); ++i) {
        const double d = std::hypot(map.sources[i].x - pick.point.x(), map.sources[i].y - pick.point.z());
        if (d <= bestDistance) {
            best = static_cast<int>(i);
            bestDistance = d;
        }
    }
    return best;
}

void SourceTool::mousePressed(const view::ViewportMouse& mouse)
{
    if (!mouse.surface) return showStatus(tr("Click on the map to place a spring or drain"));
    const int near = sourceNear(*mouse.surface);
    if (near >= 0) {
        select(near);
        dragging_ = true;
        beforeDrag_ = document()->map().sources[static_cast<std::size_t>(near)];
        return;
    }
    PointSource source = settings_;
    source.x = mouse.surface->point.x();
    source.y = mouse.surface->point.z();
    pushCommand(new commands::AddSourceCommand(document(), source));
    select(static_cast<int>(document()->map().sources.size()) - 1);
}

// The source follows the cursor live; the release makes the move one command.
void SourceTool::mouseMoved(const view::ViewportMouse& mouse)
{
    if (!dragging_ || !mouse.surface || selected_ < 0) return;
    std::vector<PointSource> sources = document()->map().sources;
    if (selected_ >= static_cast<int>(sources.size())) return;
    sources[static_cast<std::size_t>(selected_)].x = mouse.surface->point.x();
    sources[static_cast<std::size_t>(selected_)].y = mouse.surface->point.z();
    document()->setSources(sources);
}

void SourceTool::mouseReleased(const view::ViewportMouse&)
{
    if (!dragging_) return;
    dragging_ = false;
    if (selected_ < 0 || selected_ >= static_cast<int>(document()->map().sources.size())) return;
    const PointSource after = document()->map().sources[static_cast<std::size_t>(selected_)];
    if (after == beforeDrag_) return;
    pushCommand(
        new commands::EditSourceCommand(document(), static_cast<std::size_t>(selected_), beforeDrag_, after, /*applied=*/true));
}

void SourceTool::mouseHovered(const view::ViewportMouse& mouse)
{
    const bool overSource = mouse.surface && sourceNear(*mouse.surface) >= 0;
    viewport()->setToolCursor(overSource ? Qt::SizeAllCursor : Qt::CrossCursor);
}

bool SourceTool::keyPressed(int key)
{
    if (AbstractTool::keyPressed(key)) return true; // Esc during a drag takes the move back
    if (selected_ < 0) return false;
    if (key == Qt::Key_Escape) { // deselect: the bar's settings are for new ones again
        select(-1);
        return true;
    }
    if (key != Qt::Key_Delete && key != Qt::Key_Backspace) return false;
    removeSelected();
    return true;
}

void SourceTool::removeSelected()
{
    if (selected_ < 0 || selected_ >= static_cast<int>(document()->map().sources.size())) return;
    const int index = selected_;
    selected_ = -1;
    pushCommand(new commands::RemoveSourceCommand(document(), static_cast<std::size_t>(index)));
}

void SourceTool::setKind(PointSource::Kind kind)
{
    settings_.kind = kind;
    settingsChanged([kind](PointSource& s) { s.kind = kind; });
}

void SourceTool::setRate(double rate)
{
    if (!std::isfinite(rate) || rate < 0.0) return; // the box cannot produce these; other callers might
    settings_.rate = std::min(rate, kMaxRate);
    settingsChanged([rate = settings_.rate](PointSource& s) { s.rate = rate; });
}

void SourceTool::setDrainAll(bool drainAll)
{
    settings_.drainAll = drainAll;
    settingsChanged([drainAll](PointSource& s) { s.drainAll = drainAll; });
}

// A new setting applies to the ones placed from now on and to the selected source (one command),
// where it changes that one field only: the source's other values stay as they are.
void SourceTool::settingsChanged(const std::function<void(PointSource&)>& change)
{
    syncOptions();
    if (selected_ < 0 || selected_ >= static_cast<int>(document()->map().sources.size())) return;
    const PointSource before = document()->map().sources[static_cast<std::size_t>(selected_)];
    PointSource after = before;
    change(after);
    if (after == before) return;
    pushCommand(new commands::EditSourceCommand(document(), static_cast<std::size_t>(selected_), before, after));
}

void SourceTool::syncOptions()
{
    if (!kindBox_) return;
    const QSignalBlocker b1(kindBox_), b2(rateBox_), b3(drainAllBox_);
    kindBox_->setCurrentIndex(settings_.kind == PointSource::Kind::Spring ? 0 : 1);
    rateBox_->setValue(settings_.rate);
    drainAllBox_->setChecked(settings_.drainAll);
    drainAllBox_->setEnabled(settings_.kind == PointSource::Kind::Drain);
}

QWidget* SourceTool::createOptions()
{
    auto* row = new OptionsRow;
    kindBox_ = new QComboBox;
    kindBox_->setObjectName("kind");
    kindBox_->addItems({tr("Spring"), tr("Drain")});
    row->addWidget(tr("Kind"), kindBox_, tr("A spring adds water at its point, a drain takes it away"));
    connect(kindBox_, &QComboBox::activated, this,
            [this](int index) { setKind(index == 0 ? PointSource::Kind::Spring : PointSource::Kind::Drain); });
    rateBox_ = row->addNumber("rate", tr("Rate"), 0.0, kMaxRate, 3, tr(" m³/s"),
                              tr("Water added (spring) or removed at most (drain) per second"), settings_.rate,
                              [this](double v) { setRate(v); });
    drainAllBox_ = new QCheckBox(tr("Drain everything"));
    drainAllBox_->setObjectName("drainAll");
    row->addWidget(QString(), drainAllBox_, tr("The drain takes all the water that reaches its cell, whatever the rate"));
    connect(drainAllBox_, &QCheckBox::toggled, this, [this](bool on) { setDrainAll(on); });
    auto* remove = new QPushButton(tr("Delete"));
    remove->setObjectName("deleteSource");
    row->addWidget(QString(), remove, tr("Delete the selected spring or drain (Delete)"));
    connect(remove, &QPushButton::clicked, this, [this] { removeSelected(); });
    row->finish();
    syncOptions();
    return row;
}

} // namespace rb::tools
