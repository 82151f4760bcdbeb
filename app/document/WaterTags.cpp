#include "document/WaterTags.h"

#include "model/Map.h"
#include "solver/Solver.h"

#include <algorithm>

namespace rb::editor {

void WaterTags::reset(Solver* solver, const Lattice& lattice)
{
    solver_ = solver;
    lattice_ = lattice;
    holdings_ = {};
    userChannels_ = 0;
    if (!solver_) return;
    userChannels_ = static_cast<int>(solver_->diagnostics().dyeLedgers.size());
    claimReferenced(solver_->boundary(), solver_->sources());
}

std::int64_t WaterTags::steps() const
{
    return solver_ ? solver_->diagnostics().steps : 0;
}

int WaterTags::acquire(std::uint64_t stroke)
{
    for (int c = userChannels_; c < kMaxDyeChannels; ++c)
        if (holdings_[static_cast<std::size_t>(c)].stroke == stroke) return c;
    int chosen = -1;
    for (int c = userChannels_; c < kMaxDyeChannels && chosen < 0; ++c)
        if (holdings_[static_cast<std::size_t>(c)].stroke == 0) chosen = c;
    for (int c = userChannels_; c < kMaxDyeChannels && chosen < 0; ++c) // none free: the oldest tag goes
        if (chosen < 0 || holdings_[static_cast<std::size_t>(c)].since < holdings_[static_cast<std::size_t>(chosen)].since) chosen = c;
    if (chosen < 0) return -1;
    if (holdings_[static_cast<std::size_t>(chosen)].stroke != 0) zero(chosen);
    holdings_[static_cast<std::size_t>(chosen)] = {stroke, ++acquisitions_};
    return chosen;
}

bool WaterTags::holds(int channel, std::uint64_t stroke) const
{
    return channel >= userChannels_ && channel < kMaxDyeChannels && stroke != 0 && holdings_[static_cast<std::size_t>(channel)].stroke == stroke;
}

void WaterTags::release(std::uint64_t stroke)
{
    for (int c = userChannels_; c < kMaxDyeChannels; ++c)
        if (holdings_[static_cast<std::size_t>(c)].stroke == stroke) {
            zero(c);
            holdings_[static_cast<std::size_t>(c)] = {};
        }
}

bool WaterTags::claimForUser(int channel)
{
    if (channel < userChannels_ || channel >= kMaxDyeChannels) return false;
    const bool carriesTags = solver_ && static_cast<int>(solver_->diagnostics().dyeLedgers.size()) > userChannels_;
    holdings_ = {};
    if (carriesTags) shed();
    userChannels_ = channel + 1;
    return carriesTags;
}

bool WaterTags::claimReferenced(const std::vector<BoundarySegment>& segments, const std::vector<PointSource>& sources)
{
    const int referenced = dyeChannelsReferenced(segments, sources);
    return referenced > 0 && claimForUser(referenced - 1);
}

void WaterTags::strip(MapState& state) const
{
    const auto user = static_cast<std::size_t>(userChannels_);
    if (state.dye.size() > user) state.dye.resize(user);
    if (state.dyeLedgers.size() > user) state.dyeLedgers.resize(user);
}

void WaterTags::strip(Diagnostics& diagnostics) const
{
    const auto user = static_cast<std::size_t>(userChannels_);
    if (diagnostics.dyeVolumes.size() > user) diagnostics.dyeVolumes.resize(user);
    if (diagnostics.dyeLedgers.size() > user) diagnostics.dyeLedgers.resize(user);
}

void WaterTags::ran(std::int64_t ns)
{
    for (int c = userChannels_; c < kMaxDyeChannels; ++c) {
        Holding& holding = holdings_[static_cast<std::size_t>(c)];
        if (holding.stroke == 0) continue;
        holding.ranNs += ns;
        if (holding.ranNs <= kLifetimeNs) continue;
        zero(c);
        holding = {};
    }
}

bool WaterTags::hasSpareChannels() const
{
    if (!solver_) return false;
    for (const Holding& holding : holdings_)
        if (holding.stroke != 0) return false;
    return static_cast<int>(solver_->diagnostics().dyeLedgers.size()) > userChannels_;
}

void WaterTags::shed()
{
    Map map = solver_->readMap();
    strip(map.state);
    const MeanFlow& mean = map.state.meanFlow;
    const bool recordingMean = !mean.empty() && mean.to == map.state.time; // a loaded mean not added to ends earlier
    solver_->load(map);
    if (recordingMean) solver_->resumeMean();
}

// Only a channel the solver has (a tag made it): zeros are always within the water.
void WaterTags::zero(int channel)
{
    if (!solver_ || channel >= static_cast<int>(solver_->diagnostics().dyeLedgers.size())) return;
    const CellRegion whole = wholeMap();
    solver_->setDye(channel, whole, std::vector<float>(whole.cellCount(), 0.0f));
}

} // namespace rb::editor
