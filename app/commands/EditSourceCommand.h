#pragma once

#include "commands/CommandIds.h"
#include "model/PointSource.h"

#include <QUndoCommand>

#include <cstddef>

namespace rb::editor {
class MapDocument;
}

namespace rb::commands {

// Changes one spring or drain in place: moved by a drag (position) or edited in the options bar
// (rate, kind, drain-all). Both are "the source at `index` goes from `before` to `after`". Successive edits
// of one source's settings in the options bar (a rate being stepped) merge into one undo step;
// moves never merge.
class EditSourceCommand : public QUndoCommand {
public:
    EditSourceCommand(editor::MapDocument* document, std::size_t index, const PointSource& before, const PointSource& after,
                      bool applied = false);

    void undo() override;
    void redo() override;
    int id() const override { return moved_ ? -1 : EditSourceId; }
    bool mergeWith(const QUndoCommand* other) override;

private:
    void put(const PointSource& source);

    editor::MapDocument* document_;
    std::size_t index_;
    PointSource before_;
    PointSource after_;
    bool skipRedo_;
    bool moved_;
};

} // namespace rb::commands
