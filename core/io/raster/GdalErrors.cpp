#include "io/raster/GdalErrors.h"

#include <cpl_error.h>
#include <gdal_priv.h>

#include <mutex>

namespace rb::io {
namespace {

void CPL_STDCALL collect(CPLErr level, CPLErrorNum, const char* message)
{
    if (level < CE_Warning) return; // debug chatter
    auto* messages = static_cast<QStringList*>(CPLGetErrorHandlerUserData());
    if (messages && message) messages->append(QString::fromUtf8(message));
}

} // namespace

GdalErrors::GdalErrors()
{
    static std::once_flag registered;
    std::call_once(registered, [] { GDALAllRegister(); });
    CPLPushErrorHandlerEx(collect, &messages_);
}

GdalErrors::~GdalErrors()
{
    CPLPopErrorHandler();
}

QString GdalErrors::text(const QString& fallback) const
{
    return messages_.isEmpty() ? fallback : messages_.join("; ");
}

} // namespace rb::io
