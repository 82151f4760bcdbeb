#include "tools/AbstractTool.h"

#include <QWidget>

namespace rb::tools {

AbstractTool::AbstractTool(QString id, QString name, QKeySequence shortcut, QString description, ToolContext context,
                           QObject* parent)
    : QObject(parent), id_(std::move(id)), name_(std::move(name)), shortcut_(std::move(shortcut)),
      description_(std::move(description)), context_(std::move(context))
{
}

AbstractTool::~AbstractTool() = default;

QWidget* AbstractTool::optionsWidget()
{
    if (!options_) {
        options_ = createOptions();
        options_->setObjectName(id_ + "Options");
    }
    return options_;
}

void AbstractTool::showStatus(const QString& text) const
{
    if (context_.showStatus) context_.showStatus(text);
}

} // namespace rb::tools
