#pragma once

#include <QString>
#include <QStringList>

namespace rb::io {

// While alive, GDAL's messages on this thread are collected here instead of printed on stderr, so
// that a failure reaches the user once, inside our own message. The first one also registers
// GDAL's drivers (once per process).
class GdalErrors {
public:
    GdalErrors();
    ~GdalErrors();
    GdalErrors(const GdalErrors&) = delete;
    GdalErrors& operator=(const GdalErrors&) = delete;

    // The messages so far, joined with "; ", or `fallback` if GDAL said nothing.
    QString text(const QString& fallback) const;

private:
    QStringList messages_;
};

} // namespace rb::io
