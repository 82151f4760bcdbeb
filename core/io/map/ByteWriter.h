#pragma once

#include <QByteArray>

#include <cstddef>
#include <cstdint>

namespace rb::io {

// Appends little-endian values to a byte array, whatever the host's byte order.
class ByteWriter {
public:
    explicit ByteWriter(QByteArray& out) : out_(out) {}

    void u8(std::uint8_t value) { littleEndian(value); }
    void u32(std::uint32_t value) { littleEndian(value); }
    void u64(std::uint64_t value) { littleEndian(value); }
    void bytes(const char* data, std::size_t size) { out_.append(data, static_cast<qsizetype>(size)); }

private:
    template <typename T>
    void littleEndian(T value)
    {
        for (std::size_t i = 0; i < sizeof(T); ++i) out_.append(static_cast<char>((value >> (8 * i)) & 0xFF));
    }

    QByteArray& out_;
};

} // namespace rb::io
