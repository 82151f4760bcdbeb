#include "commands/StrokeTag.h"

#include "document/WaterTags.h"
#include "solver/Solver.h"

#include <algorithm>
#include <atomic>
#include <cmath>

namespace rb::commands {

namespace {

std::uint64_t nextStrokeId()
{
    static std::atomic<std::uint64_t> last{0};
    return ++last;
}

// The smallest rectangle around the cells of `whole` (row-major over `map`) holding a tag.
CellRegion tagged(const std::vector<float>& values, const CellRegion& map)
{
    CellRegion box;
    for (int y = 0; y < map.height; ++y)
        for (int x = 0; x < map.width; ++x)
            if (values[map.indexOf(x, y)] > 0.0f) box = unite(box, {x, y, 1, 1});
    return box;
}

double sum(const std::vector<float>& values)
{
    double total = 0.0;
    for (float v : values) total += static_cast<double>(v);
    return total;
}

// The dyed depth `tag` may hold under `depth`: never more than the water.
std::vector<float> withinWater(std::vector<float> tag, const std::vector<float>& depth)
{
    for (std::size_t i = 0; i < tag.size(); ++i) tag[i] = std::clamp(tag[i], 0.0f, depth[i]);
    return tag;
}

} // namespace

StrokeTag::StrokeTag() : id_(nextStrokeId()) {}

void StrokeTag::addDab(editor::WaterTags& tags, const CellRegion& rect, const std::vector<float>& before, const std::vector<float>& after)
{
    if (broken_) return;
    std::vector<float> added(after.size());
    bool any = false;
    for (std::size_t i = 0; i < after.size(); ++i) {
        added[i] = std::max(0.0f, after[i] - before[i]);
        any = any || added[i] > 0.0f;
    }
    if (!any) return;
    if (channel_ >= 0 && !tags.holds(channel_, id_)) { // lost mid-stroke: a partial tag would take back too little
        broken_ = true;
        return;
    }
    channel_ = tags.acquire(id_);
    if (channel_ < 0) return;
    Solver& solver = tags.solver();
    std::vector<float> tag = solver.readDye(channel_, rect);
    for (std::size_t i = 0; i < tag.size(); ++i) tag[i] += added[i];
    solver.setDye(channel_, rect, withinWater(std::move(tag), after));
}

bool StrokeTag::live(const editor::WaterTags& tags) const
{
    return !broken_ && tags.holds(channel_, id_);
}

void StrokeTag::takeBack(editor::WaterTags& tags, double& editedUndone, double editedRedone)
{
    Solver& solver = tags.solver();
    const CellRegion whole = tags.wholeMap();
    const std::vector<float> wholeTag = solver.readDye(channel_, whole);
    rect_ = tagged(wholeTag, whole);
    takenBack_ = true;
    if (rect_.empty()) { // all of it went (through the boundary, a drain, the air)
        tags.release(id_);
        editedUndone = solver.diagnostics().ledger.edited;
        return;
    }
    depthBefore_ = solver.readDepth(rect_);
    removed_ = withinWater(copyRegion(wholeTag, whole.width, rect_), depthBefore_);
    depthAfter_ = depthBefore_;
    for (std::size_t i = 0; i < depthAfter_.size(); ++i) depthAfter_[i] -= removed_[i];
    const double removedVolume = sum(removed_) * tags.cellArea();
    const double strokeVolume = editedRedone - editedUndone;
    const bool allOfIt = std::abs(removedVolume - strokeVolume) <= kRoundingShare * std::abs(strokeVolume);
    if (solver.diagnostics().ledger.edited == editedRedone && allOfIt) solver.restoreDepth(rect_, depthAfter_, editedUndone);
    else solver.setDepth(rect_, depthAfter_);
    tags.release(id_);
    editedUndone = solver.diagnostics().ledger.edited;
}

void StrokeTag::giveBack(editor::WaterTags& tags, double editedUndone, double& editedRedone)
{
    Solver& solver = tags.solver();
    if (rect_.empty()) {
        editedRedone = solver.diagnostics().ledger.edited;
        return;
    }
    const std::vector<float> present = solver.readDepth(rect_);
    std::vector<float> depth(present.size());
    bool unmoved = true;
    for (std::size_t i = 0; i < present.size(); ++i) {
        const bool same = present[i] == depthAfter_[i];
        depth[i] = same ? depthBefore_[i] : present[i] + removed_[i];
        unmoved = unmoved && same;
    }
    if (unmoved && solver.diagnostics().ledger.edited == editedUndone) solver.restoreDepth(rect_, depth, editedRedone);
    else solver.setDepth(rect_, depth);
    editedRedone = solver.diagnostics().ledger.edited;
    channel_ = tags.acquire(id_);
    if (channel_ >= 0) solver.setDye(channel_, rect_, withinWater(removed_, depth));
    // Up to three fields of the map each: only an undone stroke keeps them (the next undo reads anew).
    removed_ = {};
    depthBefore_ = {};
    depthAfter_ = {};
}

void StrokeTag::keepAside(editor::WaterTags& tags, const CellRegion& rect)
{
    asideRect_ = rect;
    aside_ = tags.solver().readDye(channel_, rect);
}

void StrokeTag::dropTag(editor::WaterTags& tags)
{
    tags.release(id_);
}

void StrokeTag::retagAside(editor::WaterTags& tags)
{
    if (aside_.empty() || broken_) return;
    channel_ = tags.acquire(id_);
    if (channel_ < 0) return;
    Solver& solver = tags.solver();
    solver.setDye(channel_, asideRect_, withinWater(aside_, solver.readDepth(asideRect_)));
}

} // namespace rb::commands
