#pragma once

#include <QByteArray>
#include <QString>

namespace rb::io {

// Replaces (or creates) the file only once every byte is written (QSaveFile), so a failed export
// never leaves half a file behind. On failure `error` names the file and the reason.
bool writeFileAtomically(const QString& path, const QByteArray& bytes, QString* error);

} // namespace rb::io
