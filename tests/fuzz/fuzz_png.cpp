// readPng on arbitrary bytes (libpng through Qt's image reader behind our header checks).
#include "FuzzInput.h"

#include "io/raster/PngRaster.h"

extern "C" int LLVMFuzzerInitialize(int*, char***)
{
    rb::fuzz::quietQtMessages();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    rb::fuzz::FuzzInput input(data, size);
    QString error;
    rb::io::readPng(input.device(), &error);
    return 0;
}
