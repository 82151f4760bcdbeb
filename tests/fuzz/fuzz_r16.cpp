// readR16 on arbitrary bytes. The first byte chooses how the size is known: odd, inferred from
// the byte count; even, given by the next four bytes (width, height as little-endian 16-bit).
#include "FuzzInput.h"

#include "io/raster/R16File.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    if (size == 0) return 0;
    std::optional<rb::io::GridSize> given;
    std::size_t skip = 1;
    if ((data[0] & 1) == 0 && size >= 5) {
        given = rb::io::GridSize{data[1] | (data[2] << 8), data[3] | (data[4] << 8)};
        skip = 5;
    }
    rb::fuzz::FuzzInput input(data + skip, size - skip);
    QString error;
    rb::io::readR16(input.device(), given, &error);
    return 0;
}
