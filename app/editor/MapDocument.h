#pragma once

#include "model/Map.h"

#include <QObject>
#include <QString>
#include <QUndoStack>

namespace rb::editor {

// The map the user edits (Tiled's "document"): the rb::Map as it was generated, opened or
// imported, the parameters in force (changed through undoable commands), the file name and
// whether anything differs from the file. The simulated water lives in the SimulationRunner; the
// document only learns that it moved on (markWaterChanged), so it can ask before losing it.
class MapDocument : public QObject {
    Q_OBJECT
public:
    explicit MapDocument(QObject* parent = nullptr);

    const Map& map() const { return map_; }
    QUndoStack* undoStack() { return &undoStack_; }

    QString fileName() const { return fileName_; }
    QString displayName() const; // the file's base name, or "untitled"
    bool isModified() const;

    // A whole new map (generated, opened, imported): clears the undo history.
    // `fileName` empty for a map that has no file yet; `modified` for a map not on disk.
    void replace(Map map, const QString& fileName, bool modified);

    // Called by commands only, so that every change is undoable.
    void setParams(const SimParams& params);

    void markWaterChanged(); // the simulation moved the water away from what is on disk
    void markSaved(const QString& fileName);

signals:
    void mapReplaced();
    void paramsChanged(const rb::SimParams& params);
    void modifiedChanged(bool modified);
    void fileNameChanged(const QString& fileName);

private:
    void updateModified();

    Map map_;
    QUndoStack undoStack_;
    QString fileName_;
    bool waterChanged_ = false;
    bool lastModified_ = false;
};

} // namespace rb::editor
