#pragma once

#include <QString>
#include <QUndoCommand>

#include <utility>

namespace rb::editor {
class MapDocument;
}

namespace rb::commands {

// What the commands that set one value of the document and merge with their successor share
// (SetSimParamsCommand: the parameters, SetBoundaryCommand: the boundary segments): the value
// before and after; a successor with the same merge key (the same box of a dock being stepped)
// takes this one's place on the stack, keeping its `before`. Each command stays its own small
// class with its own id (CommandIds.h), so QUndoStack only asks commands of one kind to merge;
// it says only where its value goes.
template <typename Value>
class MergingCommand : public QUndoCommand {
public:
    void undo() override { apply(*document_, before_); }
    void redo() override { apply(*document_, after_); }

    bool mergeWith(const QUndoCommand* other) override
    {
        const auto* next = static_cast<const MergingCommand*>(other); // same id: same kind
        if (next->document_ != document_ || next->mergeKey_ != mergeKey_) return false;
        after_ = next->after_;
        return true;
    }

protected:
    MergingCommand(editor::MapDocument* document, Value before, Value after, QString mergeKey)
        : document_(document), before_(std::move(before)), after_(std::move(after)), mergeKey_(std::move(mergeKey))
    {
    }

    const QString& mergeKey() const { return mergeKey_; }
    virtual void apply(editor::MapDocument& document, const Value& value) const = 0;

private:
    editor::MapDocument* document_;
    Value before_;
    Value after_;
    QString mergeKey_;
};

} // namespace rb::commands
