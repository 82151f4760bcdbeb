#include "document/MapDocument.h"

#include <QFileInfo>

#include <algorithm>

namespace rb::editor {

MapDocument::MapDocument(QObject* parent) : QObject(parent)
{
    connect(&undoStack_, &QUndoStack::cleanChanged, this, [this] { updateModified(); });
}

QString MapDocument::displayName() const
{
    return fileName_.isEmpty() ? tr("untitled") : QFileInfo(fileName_).completeBaseName();
}

bool MapDocument::isModified() const
{
    return waterChanged_ || !undoStack_.isClean();
}

void MapDocument::replace(Map map, const QString& fileName, bool modified)
{
    map_ = std::move(map);
    undoStack_.clear();
    waterChanged_ = modified;
    if (fileName_ != fileName) {
        fileName_ = fileName;
        emit fileNameChanged(fileName_);
    }
    emit mapReplaced();
    updateModified();
}

void MapDocument::swapMap(Map map)
{
    map_ = std::move(map);
    emit mapReplaced();
}

void MapDocument::setParams(const SimParams& params)
{
    if (map_.params == params) return;
    map_.params = params;
    emit paramsChanged(map_.params);
}

void MapDocument::setBoundary(const std::vector<BoundarySegment>& segments)
{
    if (map_.boundary == segments) return;
    map_.boundary = segments;
    emit boundaryChanged(map_.boundary);
}

void MapDocument::setSources(const std::vector<PointSource>& sources)
{
    if (map_.sources == sources) return;
    map_.sources = sources;
    emit sourcesChanged(map_.sources);
}

// Emitted even when the fields equal those in place: an undo or redo must reach the solver
// whatever it holds.
void MapDocument::setCurrents(const StoredCurrents& currents)
{
    storeCurrents(map_.state, currents);
    emit currentsChanged(currents);
}

bool MapDocument::setBed(const CellRegion& rect, const std::vector<float>& values)
{
    if (!rect.inside(map_.state.lattice) || values.size() != rect.cellCount()) {
        qWarning("MapDocument::setBed: a %dx%d edit at (%d, %d) with %zu values does not fit the map; ignored", rect.width,
                 rect.height, rect.x, rect.y, values.size());
        return false;
    }
    map_.state.bed.setValuesIn(rect, values);
    emit bedChanged(rect);
    return true;
}

std::vector<float> MapDocument::bedIn(const CellRegion& rect) const
{
    if (!rect.inside(map_.state.lattice)) return {};
    return map_.state.bed.valuesIn(rect);
}

namespace {

// A field the map may not have yet (empty): made whole, filled with `fill`, before a write.
void writeInto(FloatField& field, const Lattice& lattice, const CellRegion& rect, const std::vector<float>& values, float fill)
{
    if (field.empty()) field = FloatField(lattice.width(), lattice.height(), fill);
    field.setValuesIn(rect, values);
}

} // namespace

void MapDocument::setErosionState(const ErosionPatch& patch, bool toSimulation)
{
    const std::size_t cells = patch.rect.cellCount();
    if ((!patch.rect.empty() && !patch.rect.inside(map_.state.lattice)) || patch.bed.size() != cells || patch.sediment.size() != cells ||
        patch.deposition.size() != cells || patch.bedRemainder.size() != cells) {
        qWarning("MapDocument::setErosionState: the patch does not fit the map; ignored");
        return;
    }
    if (!patch.rect.empty()) {
        map_.state.bed.setValuesIn(patch.rect, patch.bed);
        writeInto(map_.state.sediment, map_.state.lattice, patch.rect, patch.sediment, 0.0f);
        writeInto(map_.state.deposition, map_.state.lattice, patch.rect, patch.deposition, 0.0f);
        writeInto(map_.state.bedRemainder, map_.state.lattice, patch.rect, patch.bedRemainder, 0.0f);
    }
    map_.state.sedimentLedger = patch.ledger;
    if (toSimulation) emit erosionRestored(std::make_shared<const ErosionPatch>(patch));
    if (!patch.rect.empty()) emit erosionChanged(patch.rect);
}

bool MapDocument::setErodibility(const CellRegion& rect, const std::vector<float>& values)
{
    const bool fits = rect.inside(map_.state.lattice) && values.size() == rect.cellCount() &&
                      std::all_of(values.begin(), values.end(), [](float v) { return v >= 0.0f && v <= 1.0f; });
    if (!fits) {
        qWarning("MapDocument::setErodibility: the edit does not fit the map or leaves [0, 1]; ignored");
        return false;
    }
    writeInto(map_.state.erodibility, map_.state.lattice, rect, values, 1.0f);
    emit erodibilityChanged(rect);
    return true;
}

std::vector<float> MapDocument::erodibilityIn(const CellRegion& rect) const
{
    if (!rect.inside(map_.state.lattice)) return {};
    if (map_.state.erodibility.empty()) return std::vector<float>(rect.cellCount(), 1.0f);
    return map_.state.erodibility.valuesIn(rect);
}

void MapDocument::editWater(const CellRegion& rect, DepthEdit edit)
{
    if (!waterEditor_ || !rect.inside(map_.state.lattice)) return;
    waterEditor_(rect, -1, std::move(edit));
    markWaterChanged();
}

void MapDocument::editDye(const CellRegion& rect, int channel, DepthEdit edit)
{
    if (!waterEditor_ || !rect.inside(map_.state.lattice) || channel < 0) return;
    waterEditor_(rect, channel, std::move(edit));
    markWaterChanged();
}

void MapDocument::markWaterChanged()
{
    if (waterChanged_) return;
    waterChanged_ = true;
    updateModified();
}

void MapDocument::markSaved(const QString& fileName)
{
    waterChanged_ = false;
    undoStack_.setClean();
    if (fileName_ != fileName) {
        fileName_ = fileName;
        emit fileNameChanged(fileName_);
    }
    updateModified();
}

// Emits only on a real change, so the title bar is not rewritten on every snapshot.
void MapDocument::updateModified()
{
    const bool modified = isModified();
    if (modified == lastModified_) return;
    lastModified_ = modified;
    emit modifiedChanged(modified);
}

} // namespace rb::editor
