#pragma once

namespace rb::commands {

// QUndoCommand::id() of the commands that merge with their successor, in one place so that no
// two kinds share an id (QUndoStack only asks commands with the same id to merge). Commands that
// never merge keep QUndoCommand's default, -1.
enum CommandId : int {
    SetSimParamsId = 7001,
    EditSourceId = 7002,
    SetBoundaryId = 7003,
};

} // namespace rb::commands
