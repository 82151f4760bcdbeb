#include "io/AtomicFile.h"

#include <QSaveFile>

namespace rb::io {

bool writeFileAtomically(const QString& path, const QByteArray& bytes, QString* error)
{
    QSaveFile file(path);
    if (file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size() && file.commit()) return true;
    if (error) *error = QString("%1: cannot write: %2").arg(path, file.errorString());
    return false;
}

} // namespace rb::io
