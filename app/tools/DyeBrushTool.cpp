#include "tools/DyeBrushTool.h"

#include "commands/PaintDyeCommand.h"
#include "document/MapDocument.h"
#include "model/DyeLedger.h"
#include "tools/BrushDab.h"
#include "tools/OptionsRow.h"
#include "view/DyeColours.h"

#include <QComboBox>

#include <algorithm>

namespace rb::tools {

DyeBrushTool::DyeBrushTool(ToolContext context, QObject* parent)
    : BrushTool("dye", tr("Dye"), QKeySequence(Qt::Key_D), tr("Dye the water under the brush (one of four channels)"), std::move(context),
                view::PickTarget::Surface, parent)
{
}

void DyeBrushTool::setChannel(int channel)
{
    channel_ = std::clamp(channel, 0, kMaxDyeChannels - 1);
    if (channelBox_) channelBox_->setCurrentIndex(channel_);
}

QString DyeBrushTool::action() const
{
    return tr("to dye the water with channel %1").arg(channel_);
}

StrengthSpec DyeBrushTool::strengthSpec() const
{
    return {tr("Strength"), 0.01, 1.0, 2, QString(), tr("How far each dab takes the concentration towards 1 at the brush's centre")};
}

double DyeBrushTool::defaultStrength(const Map&) const
{
    return 0.5;
}

void DyeBrushTool::addOptions(OptionsRow* row)
{
    channelBox_ = new QComboBox;
    channelBox_->setObjectName("dyeChannel");
    for (int c = 0; c < kMaxDyeChannels; ++c) channelBox_->addItem(view::dyeSwatch(c), tr("Channel %1").arg(c));
    channelBox_->setCurrentIndex(channel_);
    row->addWidget(tr("Channel"), channelBox_, tr("The dye channel the brush paints (each has its colour in the view and its own export channel)"));
    connect(channelBox_, &QComboBox::activated, this, [this](int index) { setChannel(index); });
}

void DyeBrushTool::beginStroke(const view::PickResult&)
{
    stroke_ = std::make_shared<commands::DyeStrokeRecord>();
    touched_ = {};
}

void DyeBrushTool::dab(WorldPoint centre)
{
    if (!stroke_) return;
    BrushDab brush = BrushDab::around(document()->map().state.lattice, centre, radiusMetres(), falloff());
    if (brush.empty()) return;
    touched_ = unite(touched_, brush.rect);
    const auto strength = static_cast<float>(this->strength());
    document()->editDye(brush.rect, channel_, [stroke = stroke_, rect = brush.rect, weights = std::move(brush.weights), strength](editor::WaterEdit& water) {
        std::vector<float> dyed = water.dye;
        for (std::size_t i = 0; i < dyed.size(); ++i) {
            const float c = commands::DyeStrokeRecord::concentration(water.dye[i], water.depth[i]);
            const float raised = std::min(1.0f, c + strength * weights[i] * (1.0f - c));
            dyed[i] = std::min(raised * water.depth[i], water.depth[i]);
        }
        stroke->recordDab(rect, water, dyed);
        water.dye = std::move(dyed);
    });
}

void DyeBrushTool::finishRecord()
{
    document()->editDye(touched_, channel_, [stroke = stroke_, rect = touched_](editor::WaterEdit& water) { stroke->finish(rect, water); });
}

void DyeBrushTool::endStroke()
{
    if (!stroke_ || touched_.empty()) return;
    finishRecord();
    pushCommand(new commands::PaintDyeCommand(document(), touched_, channel_, stroke_, tr("Dye, channel %1").arg(channel_)));
    stroke_.reset();
    touched_ = {};
}

void DyeBrushTool::abandonStroke()
{
    stroke_.reset();
    touched_ = {};
}

// Takes the stroke back as undo would.
void DyeBrushTool::cancelStroke()
{
    if (stroke_ && !touched_.empty()) {
        finishRecord();
        document()->editDye(touched_, channel_, [stroke = stroke_](editor::WaterEdit& water) { stroke->undo(water); });
    }
    stroke_.reset();
    touched_ = {};
}

} // namespace rb::tools
