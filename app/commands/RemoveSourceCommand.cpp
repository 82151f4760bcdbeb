#include "commands/RemoveSourceCommand.h"

#include "commands/SourceText.h"
#include "document/MapDocument.h"

namespace rb::commands {

RemoveSourceCommand::RemoveSourceCommand(editor::MapDocument* document, std::size_t index)
    : document_(document), index_(index), source_(document->map().sources.at(index))
{
    setText(sourceText("Delete %1", source_));
}

void RemoveSourceCommand::undo()
{
    std::vector<PointSource> sources = document_->map().sources;
    sources.insert(sources.begin() + static_cast<std::ptrdiff_t>(std::min(index_, sources.size())), source_);
    document_->setSources(sources);
}

void RemoveSourceCommand::redo()
{
    std::vector<PointSource> sources = document_->map().sources;
    if (index_ < sources.size()) sources.erase(sources.begin() + static_cast<std::ptrdiff_t>(index_));
    document_->setSources(sources);
}

} // namespace rb::commands
