#include "tools/DyeBrushTool.h"

#include "commands/PaintDyeCommand.h"
#include "model/DyeLedger.h"
#include "tools/OptionsRow.h"
#include "view/DyeColours.h"

#include <QComboBox>

#include <algorithm>

namespace rb::tools {

DyeBrushTool::DyeBrushTool(ToolContext context, QObject* parent)
    : LiveBrushTool({"dye", tr("Dye"), QKeySequence(Qt::Key_D), tr("Dye the water under the brush (one of four channels)")},
                    std::move(context), parent)
{
    setStrengthSpec(
        {tr("Strength"), 0.01, 1.0, 2, QString(), tr("How far each dab takes the concentration towards 1 at the brush's centre"), 0.5});
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

void DyeBrushTool::addOptions(OptionsRow* row)
{
    channelBox_ = new QComboBox;
    channelBox_->setObjectName("dyeChannel");
    for (int c = 0; c < kMaxDyeChannels; ++c) channelBox_->addItem(view::dyeSwatch(c), tr("Channel %1").arg(c));
    channelBox_->setCurrentIndex(channel_);
    row->addWidget(tr("Channel"), channelBox_, tr("The dye channel the brush paints (each has its colour in the view and its own export channel)"));
    connect(channelBox_, &QComboBox::activated, this, [this](int index) { setChannel(index); });
}

std::shared_ptr<commands::StrokeRecord> DyeBrushTool::newRecord() const
{
    return std::make_shared<commands::DyeStrokeRecord>();
}

editor::MapDocument::DepthEdit DyeBrushTool::dabEdit(const std::shared_ptr<commands::StrokeRecord>& record, BrushDab dab) const
{
    const auto strength = static_cast<float>(this->strength());
    // The record is the one newRecord() made.
    return [stroke = std::static_pointer_cast<commands::DyeStrokeRecord>(record), rect = dab.rect, weights = std::move(dab.weights),
            strength](editor::WaterEdit& water) {
        std::vector<float> dyed = water.dye;
        for (std::size_t i = 0; i < dyed.size(); ++i) {
            const float c = commands::DyeStrokeRecord::concentration(water.dye[i], water.depth[i]);
            const float raised = std::min(1.0f, c + strength * weights[i] * (1.0f - c));
            dyed[i] = std::min(raised * water.depth[i], water.depth[i]);
        }
        stroke->recordDab(rect, water, dyed);
        water.dye = std::move(dyed);
    };
}

void DyeBrushTool::edit(const CellRegion& rect, editor::MapDocument::DepthEdit edit) const
{
    document()->editDye(rect, channel_, std::move(edit));
}

QUndoCommand* DyeBrushTool::command(const CellRegion& rect, std::shared_ptr<commands::StrokeRecord> record) const
{
    return new commands::PaintDyeCommand(document(), rect, channel_, std::static_pointer_cast<commands::DyeStrokeRecord>(std::move(record)),
                                         tr("Dye, channel %1").arg(channel_));
}

} // namespace rb::tools
