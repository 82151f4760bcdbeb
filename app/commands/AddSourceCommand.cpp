#include "commands/AddSourceCommand.h"

#include "commands/SourceText.h"
#include "document/MapDocument.h"

namespace rb::commands {

AddSourceCommand::AddSourceCommand(editor::MapDocument* document, const PointSource& source)
    : document_(document), source_(source)
{
    setText(sourceText("Add %1", source));
}

void AddSourceCommand::undo()
{
    std::vector<PointSource> sources = document_->map().sources;
    if (!sources.empty()) sources.pop_back();
    document_->setSources(sources);
}

void AddSourceCommand::redo()
{
    std::vector<PointSource> sources = document_->map().sources;
    sources.push_back(source_);
    document_->setSources(sources);
}

} // namespace rb::commands
