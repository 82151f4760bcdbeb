#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace rb::io {

// Reads little-endian values from a byte range without ever reading past its end: every read
// either succeeds whole or fails and leaves the position where it was.
class ByteReader {
public:
    ByteReader(const char* data, std::size_t size) : data_(data), size_(size) {}

    std::size_t position() const { return position_; }
    std::size_t remaining() const { return size_ - position_; }
    bool atEnd() const { return position_ == size_; }

    bool readU8(std::uint8_t& value);
    bool readU32(std::uint32_t& value);
    bool readU64(std::uint64_t& value);
    // A view of the next `count` bytes (valid while the underlying data lives).
    bool readBytes(std::size_t count, std::string_view& bytes);

private:
    template <typename T>
    bool readLittleEndian(T& value);

    const char* data_;
    std::size_t size_;
    std::size_t position_ = 0;
};

} // namespace rb::io
