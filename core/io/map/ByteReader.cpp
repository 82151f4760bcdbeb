#include "io/map/ByteReader.h"

namespace rb::io {

template <typename T>
bool ByteReader::readLittleEndian(T& value)
{
    if (remaining() < sizeof(T)) return false;
    // Assembled byte by byte so the result does not depend on the host's byte order.
    T result = 0;
    for (std::size_t i = 0; i < sizeof(T); ++i)
        result |= static_cast<T>(static_cast<unsigned char>(data_[position_ + i])) << (8 * i);
    value = result;
    position_ += sizeof(T);
    return true;
}

bool ByteReader::readU8(std::uint8_t& value)
{
    return readLittleEndian(value);
}

bool ByteReader::readU32(std::uint32_t& value)
{
    return readLittleEndian(value);
}

bool ByteReader::readU64(std::uint64_t& value)
{
    return readLittleEndian(value);
}

bool ByteReader::readBytes(std::size_t count, std::string_view& bytes)
{
    if (remaining() < count) return false;
    bytes = std::string_view(data_ + position_, count);
    position_ += count;
    return true;
}

} // namespace rb::io
