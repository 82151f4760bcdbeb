#pragma once

#include "currents/StoredCurrents.h"
#include "document/ErosionPeriod.h"
#include "document/WaterEdit.h"
#include "model/CellRegion.h"
#include "model/Map.h"

#include <QObject>
#include <QString>
#include <QUndoStack>

#include <functional>
#include <memory>
#include <vector>

namespace rb::editor {

// The map the user edits (Tiled's "document"): the rb::Map as it was generated, opened or
// imported, the parameters in force (changed through undoable commands), the file name and
// whether anything differs from the file. The simulated water lives in the SimulationRunner; the
// document only learns that it moved on (markWaterChanged), so it can ask before losing it.
// Terrain, boundary and sources are edited here (by commands and the tools' live strokes) and
// forwarded to the simulation by the EditingSession, so Save, Export and Reset water keep the edits.
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
    // The whole map swapped by an undoable command (a change of lattice): the history is kept.
    void swapMap(Map map);

    // Called by commands only, so that every change is undoable.
    void setParams(const SimParams& params);
    void setBoundary(const std::vector<BoundarySegment>& segments);
    void setSources(const std::vector<PointSource>& sources);
    // The stored steady current (commands::SetCurrentsCommand); the session hands it on to the
    // running simulation, whose states carry it from then on.
    void setCurrents(const StoredCurrents& currents);
    StoredCurrents currents() const { return currentsOf(map_.state); }
    bool hasCurrents() const { return !map_.state.currents.empty(); }
    // Row-major bed values over `rect`. Also called by the terrain tools while a stroke is drawn
    // (the stroke becomes one command on release). A rectangle off the map or values of the wrong
    // count change nothing and return false.
    bool setBed(const CellRegion& rect, const std::vector<float>& values);
    std::vector<float> bedIn(const CellRegion& rect) const;
    // Erosion (docs/editor.md, "Erosion"). The bed, load and net deposition over the patch's
    // rectangle and the sediment ledger, as an erosion period left them (commands::ErosionPeriodCommand).
    // `toSimulation`: the running simulation gets them too (undo and redo); the first redo of a
    // period only brings the document level with the simulation that made it.
    void setErosionState(const ErosionPatch& patch, bool toSimulation);
    // The erodibility (0 bedrock … 1 loose soil; a map without it is 1 everywhere) over `rect`, by
    // the erodibility brush and its command. Out-of-range values or a bad rectangle change nothing.
    bool setErodibility(const CellRegion& rect, const std::vector<float>& values);
    std::vector<float> erodibilityIn(const CellRegion& rect) const;
    // Terrain strokes are refused while the simulation erodes the bed (the session says when): the
    // document's bed is brought level with it only when the erosion period ends.
    void setErosionRunning(bool running) { erosionRunning_ = running; }
    bool isErosionRunning() const { return erosionRunning_; }

    // Water edits act on the live simulation (the document holds only the initial water): `edit`
    // gets the solver's current depths over `rect` on the simulation's thread, between two steps,
    // and what it leaves is written back. The session installs the editor that does this.
    using DepthEdit = std::function<void(WaterEdit& water)>;
    void editWater(const CellRegion& rect, DepthEdit edit);
    // The same for one dye channel: `edit` also gets the channel's dyed depth (WaterEdit::dye), and
    // only that is written back.
    void editDye(const CellRegion& rect, int channel, DepthEdit edit);
    using WaterEditor = std::function<void(const CellRegion&, int dyeChannel, DepthEdit)>;
    void setWaterEditor(WaterEditor editor) { waterEditor_ = std::move(editor); }

    void markWaterChanged(); // the simulation moved the water away from what is on disk
    void markSaved(const QString& fileName);

signals:
    void mapReplaced();
    void paramsChanged(const rb::SimParams& params);
    void bedChanged(const rb::CellRegion& rect);
    void boundaryChanged(const std::vector<rb::BoundarySegment>& segments);
    void sourcesChanged(const std::vector<rb::PointSource>& sources);
    void currentsChanged(const rb::StoredCurrents& currents);
    void erosionChanged(const rb::CellRegion& rect); // bed, load and deposition (the view follows)
    void erosionRestored(std::shared_ptr<const rb::editor::ErosionPatch> patch); // for the simulation
    void erodibilityChanged(const rb::CellRegion& rect);
    void modifiedChanged(bool modified);
    void fileNameChanged(const QString& fileName);

private:
    void updateModified();

    Map map_;
    QUndoStack undoStack_;
    QString fileName_;
    WaterEditor waterEditor_;
    bool waterChanged_ = false;
    bool lastModified_ = false;
    bool erosionRunning_ = false;
};

} // namespace rb::editor
