#pragma once

#include "model/PointSource.h"

#include <QUndoCommand>

#include <cstddef>

namespace rb::editor {
class MapDocument;
}

namespace rb::commands {

// Changes one spring or drain in place: moved by a drag (position) or edited in the options bar
// (rate, kind). Both are "the source at `index` goes from `before` to `after`".
class MoveSourceCommand : public QUndoCommand {
public:
    MoveSourceCommand(editor::MapDocument* document, std::size_t index, const PointSource& before, const PointSource& after,
                      bool applied = false);

    void undo() override;
    void redo() override;

private:
    void put(const PointSource& source);

    editor::MapDocument* document_;
    std::size_t index_;
    PointSource before_;
    PointSource after_;
    bool skipRedo_;
};

} // namespace rb::commands
