#pragma once

#include "model/PointSource.h"

#include <QString>

namespace rb::commands {

// "Add spring", "Move drain": an undo entry's text for a source command (`pattern` holds %1).
QString sourceText(const char* pattern, const PointSource& source);

} // namespace rb::commands
