#include "dialogs/ImportOptionsDialog.h"

#include "io/HeightRange.h"

#include <QInputDialog>
#include <QObject>

namespace rb::editor {

std::optional<io::ImportOptions> askImportOptions(QWidget* parent, const std::function<void(const QString&)>& reportError)
{
    const QString title = QObject::tr("Import heightmap");
    bool ok = false;
    io::ImportOptions options;
    options.cellSize = QInputDialog::getDouble(parent, title, QObject::tr("Cell size (m per pixel):"), 2.0, 0.01, 10000.0, 3, &ok);
    if (!ok) return std::nullopt;
    const QString square = QObject::tr("square"), triangle = QObject::tr("triangle");
    const QString lattice = QInputDialog::getItem(parent, title, QObject::tr("Lattice:"), {square, triangle}, 0, false, &ok);
    if (!ok) return std::nullopt;
    options.lattice = lattice == triangle ? LatticeKind::Triangle : LatticeKind::Square;
    const QString range = QInputDialog::getText(
        parent, title, QObject::tr("Height range LO:HI in metres for integer images (empty: the sidecar's, or 1 m per level):"),
        QLineEdit::Normal, QString(), &ok);
    if (!ok) return std::nullopt;
    if (!range.trimmed().isEmpty()) {
        QString error;
        options.heightRange = io::parseHeightRange(range.trimmed(), &error);
        if (!options.heightRange) {
            reportError(error);
            return std::nullopt;
        }
    }
    return options;
}

} // namespace rb::editor
