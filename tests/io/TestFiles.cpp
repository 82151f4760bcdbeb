#include "TestFiles.h"

#include <QFile>

#include <stdexcept>

namespace rb::test {

void writeBytes(const QString& path, const QByteArray& bytes)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size()) throw std::runtime_error("cannot write test file");
}

QByteArray npyBytes(const std::string& dict, const QByteArray& data, int majorVersion)
{
    const int lengthBytes = majorVersion == 1 ? 2 : 4;
    QByteArray header = QByteArray::fromStdString(dict);
    const qsizetype unpadded = 6 + 2 + lengthBytes + header.size() + 1;
    header.append(QByteArray((64 - unpadded % 64) % 64, ' ')).append('\n');
    QByteArray out("\x93NUMPY", 6);
    out.append(static_cast<char>(majorVersion)).append('\0');
    for (int i = 0; i < lengthBytes; ++i) out.append(static_cast<char>((header.size() >> (8 * i)) & 0xFF));
    return out + header + data;
}

} // namespace rb::test
