#include "commands/SourceText.h"

#include <QCoreApplication>

namespace rb::commands {

QString sourceText(const char* pattern, const PointSource& source)
{
    const QString kind = source.kind == PointSource::Kind::Spring ? QCoreApplication::translate("SourceCommand", "spring")
                                                                  : QCoreApplication::translate("SourceCommand", "drain");
    return QCoreApplication::translate("SourceCommand", pattern).arg(kind);
}

} // namespace rb::commands
