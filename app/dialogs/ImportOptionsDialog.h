#pragma once

#include "io/MapImport.h"

#include <QString>

#include <functional>
#include <optional>

class QWidget;

namespace rb::editor {

// File › Import heightmap's questions after the file: cell size, lattice and (for integer images)
// the height range. Nothing when the user cancels; a height range that does not parse is reported
// through `reportError` and gives nothing too.
std::optional<io::ImportOptions> askImportOptions(QWidget* parent, const std::function<void(const QString&)>& reportError);

} // namespace rb::editor
