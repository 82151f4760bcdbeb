#pragma once

#include "model/Field.h"

#include <QByteArray>
#include <QString>

#include <string>

namespace rb::test {

void writeBytes(const QString& path, const QByteArray& bytes);
QByteArray readBytes(const QString& path); // empty when the file cannot be read

// The samples of a raster an export wrote (io::readSampleRaster), or an empty field and a test
// failure naming the error.
FloatField readRasterSamples(const QString& path);

// A .npy file assembled by hand (not by the code under test): magic, version, header length,
// the dict text padded with spaces to a multiple of 64 and a newline, then `data`.
QByteArray npyBytes(const std::string& dict, const QByteArray& data, int majorVersion = 1);

// A little-endian baseline TIFF assembled by hand (not by libtiff): one IFD, one uncompressed strip
// holding `data`, one or two samples per pixel of `bits` bits in `sampleFormat` (1 unsigned,
// 2 signed, 3 float). The tags are written as given, so that forged values reach the reader.
QByteArray tiffBytes(quint32 width, quint32 height, quint16 bits, quint16 sampleFormat, quint16 samples, const QByteArray& data,
                     quint16 photometric = 1);

// Little-endian bytes of a sequence of values of one type.
template <typename T>
QByteArray littleEndian(std::initializer_list<T> values)
{
    QByteArray out;
    for (T v : values) out.append(reinterpret_cast<const char*>(&v), sizeof(T)); // the test host is little-endian
    return out;
}

} // namespace rb::test
