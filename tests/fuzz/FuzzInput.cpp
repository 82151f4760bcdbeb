#include "FuzzInput.h"

#include <QtGlobal>

namespace rb::fuzz {

FuzzInput::FuzzInput(const std::uint8_t* data, std::size_t size)
    : bytes_(QByteArray::fromRawData(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size)))
{
    buffer_.setBuffer(&bytes_);
    buffer_.open(QIODevice::ReadOnly);
}

void quietQtMessages()
{
    qInstallMessageHandler([](QtMsgType, const QMessageLogContext&, const QString&) {});
}

} // namespace rb::fuzz
