#include "editor/MapDocument.h"

#include <QFileInfo>

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

void MapDocument::setParams(const SimParams& params)
{
    if (map_.params == params) return;
    map_.params = params;
    emit paramsChanged(map_.params);
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
