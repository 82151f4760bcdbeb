#include "io/map/ArrayBlockStream.h"

#include <algorithm>
#include <bit>
#include <limits>
#include <stdexcept>

namespace rb::io {
namespace {

constexpr std::size_t kBufferBytes = 1 << 20;
constexpr int kLevel = 1; // writeArrayBlock's level: the bytes must be the same

} // namespace

ArrayBlockStream::ArrayBlockStream(QIODevice* out) : out_(out), buffer_(kBufferBytes)
{
    if (deflateInit(&stream_, kLevel) != Z_OK) throw std::bad_alloc();
    crc_ = static_cast<std::uint32_t>(crc32_z(0L, Z_NULL, 0));
}

ArrayBlockStream::~ArrayBlockStream()
{
    deflateEnd(&stream_);
}

template <typename T> bool ArrayBlockStream::add(const T* values, std::size_t count)
{
    const char* bytes = reinterpret_cast<const char*>(values);
    const std::size_t size = count * sizeof(T);
    if constexpr (std::endian::native == std::endian::big) {
        swapped_.assign(bytes, bytes + size);
        for (std::size_t i = 0; i < size; i += sizeof(T)) std::reverse(swapped_.begin() + static_cast<std::ptrdiff_t>(i), swapped_.begin() + static_cast<std::ptrdiff_t>(i + sizeof(T)));
        bytes = swapped_.data();
    }
    crc_ = static_cast<std::uint32_t>(crc32_z(crc_, reinterpret_cast<const Bytef*>(bytes), size));
    rawSize_ += size;
    return deflateBytes(bytes, size, Z_NO_FLUSH);
}

template bool ArrayBlockStream::add<float>(const float*, std::size_t);
template bool ArrayBlockStream::add<double>(const double*, std::size_t);

bool ArrayBlockStream::finish()
{
    return deflateBytes(nullptr, 0, Z_FINISH);
}

// Feeds the bytes (uInt at a time) and writes (or counts) what deflate gives back.
bool ArrayBlockStream::deflateBytes(const char* data, std::size_t size, int flush)
{
    std::size_t done = 0;
    do {
        const std::size_t piece = std::min<std::size_t>(size - done, std::numeric_limits<uInt>::max());
        stream_.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data + done)); // zlib's API is not const; it only reads
        stream_.avail_in = static_cast<uInt>(piece);
        done += piece;
        const int pieceFlush = done == size ? flush : Z_NO_FLUSH;
        int status = Z_OK;
        do {
            stream_.next_out = buffer_.data();
            stream_.avail_out = static_cast<uInt>(buffer_.size());
            status = deflate(&stream_, pieceFlush);
            if (status == Z_STREAM_ERROR) return ok_ = false;
            const auto produced = static_cast<qint64>(buffer_.size() - stream_.avail_out);
            compressedSize_ += static_cast<std::uint64_t>(produced);
            if (out_ && ok_ && produced > 0 && out_->write(reinterpret_cast<const char*>(buffer_.data()), produced) != produced) ok_ = false;
        } while (stream_.avail_out == 0 || (pieceFlush == Z_FINISH && status != Z_STREAM_END));
    } while (done < size);
    return ok_;
}

} // namespace rb::io
