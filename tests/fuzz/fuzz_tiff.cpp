// readTiff on arbitrary bytes (libtiff behind our layout and size checks).
#include "FuzzInput.h"

#include "io/raster/TiffFile.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    rb::fuzz::FuzzInput input(data, size);
    QString error;
    rb::io::readTiff(input.device(), &error);
    return 0;
}
