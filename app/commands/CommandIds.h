#pragma once

namespace rb::commands {

// QUndoCommand::id() of the commands that merge with their successor, or that tests and the
// window must tell apart on the stack, in one place so that no two kinds share an id (QUndoStack
// only asks commands with the same id to merge; mergeWith refuses unless a command overrides
// it). Other commands keep QUndoCommand's default, -1.
enum CommandId : int {
    SetSimParamsId = 7001,
    EditSourceId = 7002,
    SetBoundaryId = 7003,
    SetCurrentsId = 7004, // never merges
    ErosionPeriodId = 7005, // never merges
    PaintErodibilityId = 7006, // never merges
};

} // namespace rb::commands
