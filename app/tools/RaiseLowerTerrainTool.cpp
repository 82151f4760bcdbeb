#include "tools/RaiseLowerTerrainTool.h"

#include "model/Map.h"

#include <algorithm>

namespace rb::tools {

namespace {

using Direction = RaiseLowerTerrainTool::Direction;

ToolIdentity identityOf(Direction direction)
{
    if (direction == Direction::Raise)
        return {"raise", RaiseLowerTerrainTool::tr("Raise terrain"), QKeySequence(Qt::Key_R),
                RaiseLowerTerrainTool::tr("Raise the terrain under the brush")};
    return {"lower", RaiseLowerTerrainTool::tr("Lower terrain"), QKeySequence(Qt::Key_L),
            RaiseLowerTerrainTool::tr("Lower the terrain under the brush")};
}

// The default change per dab is the larger of two steps, so that one dab shows at any map's scale:
// 1/64 of the map's relief (on hilly maps: a few dabs on one spot make a hill or a hollow, not a
// cliff), and 1/32 of the brush's radius (on flat maps, where the relief says nothing and 1/64 of
// the 1 m minimum was lost in the shading: with the default falloff of 0.5 the brush's flank then
// tilts by about 3.6°, which a light 45° up brightens or darkens by about 6 %).
constexpr double kReliefShare = 1.0 / 64.0;
constexpr double kRadiusShare = 1.0 / 32.0;

} // namespace

RaiseLowerTerrainTool::RaiseLowerTerrainTool(Direction direction, ToolContext context, QObject* parent)
    : TerrainBrushTool(identityOf(direction), std::move(context), parent), direction_(direction)
{
    setStrengthSpec({tr("Strength"), 0.001, 1000.0, 3, tr(" m"),
                     direction_ == Direction::Raise ? tr("Metres added at the brush's centre per dab")
                                                    : tr("Metres removed at the brush's centre per dab")});
}

QString RaiseLowerTerrainTool::action() const
{
    return direction_ == Direction::Raise ? tr("to raise the terrain (water on it is lifted and flows away)")
                                          : tr("to lower the terrain (water on it keeps its depth)");
}

double RaiseLowerTerrainTool::defaultStrength(const Map& map) const
{
    return std::max(kReliefShare * reliefOf(map), kRadiusShare * radiusMetres());
}

void RaiseLowerTerrainTool::shape(const BrushDab& dab, const FloatField&, std::vector<float>& values)
{
    const float change = sign() * static_cast<float>(strength());
    for (std::size_t i = 0; i < values.size(); ++i) values[i] += change * dab.weights[i];
}

} // namespace rb::tools
