#pragma once

#include <QBuffer>
#include <QByteArray>

#include <cstddef>
#include <cstdint>

namespace rb::fuzz {

// The fuzzer's bytes as a read-only device, without copying them.
class FuzzInput {
public:
    FuzzInput(const std::uint8_t* data, std::size_t size);
    QBuffer& device() { return buffer_; }
    const QByteArray& bytes() const { return bytes_; }

private:
    QByteArray bytes_;
    QBuffer buffer_;
};

// Silences Qt's and its image plugins' warnings (a damaged PNG is the normal case here).
void quietQtMessages();

} // namespace rb::fuzz
