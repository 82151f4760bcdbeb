// readNpy on arbitrary bytes: the header parser and the size checks.
#include "FuzzInput.h"

#include "io/raster/NpyFile.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    rb::fuzz::FuzzInput input(data, size);
    QString error;
    rb::io::readNpy(input.device(), &error);
    return 0;
}
