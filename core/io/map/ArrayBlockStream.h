#pragma once

#include <QIODevice>

#include <zlib.h>

#include <cstddef>
#include <cstdint>
#include <vector>

namespace rb::io {

// One array record's zlib stream, compressed as its values arrive in pieces (a distributed run's
// bands, docs/scaling.md): the same bytes as writeArrayBlock's one compress2 call at level 1,
// because deflate's output does not depend on how its input is cut (ArrayBlockStreamTest checks).
// Without a device it only counts: the record's head, written before the stream, needs the
// compressed size and the CRC-32 of the raw bytes, so a writer that cannot seek back runs the
// values through twice, first counting, then writing.
class ArrayBlockStream {
public:
    explicit ArrayBlockStream(QIODevice* out = nullptr);
    ~ArrayBlockStream();
    ArrayBlockStream(const ArrayBlockStream&) = delete;
    ArrayBlockStream& operator=(const ArrayBlockStream&) = delete;

    // The next values, in host order (written little-endian). False once the device refused bytes.
    template <typename T> bool add(const T* values, std::size_t count);
    bool finish(); // ends the stream; false if zlib or the device failed

    std::uint64_t rawSize() const { return rawSize_; }
    std::uint64_t compressedSize() const { return compressedSize_; }
    std::uint32_t crc() const { return crc_; }

private:
    bool deflateBytes(const char* data, std::size_t size, int flush);

    QIODevice* out_;
    z_stream stream_{};
    bool ok_ = true;
    std::uint64_t rawSize_ = 0, compressedSize_ = 0;
    std::uint32_t crc_ = 0;
    std::vector<unsigned char> buffer_;
    std::vector<char> swapped_; // big-endian hosts only
};

} // namespace rb::io
