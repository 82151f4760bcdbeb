// readExr on arbitrary bytes (OpenEXR behind our size checks), preferring the importer's channels.
#include "FuzzInput.h"

#include "io/raster/ExrFile.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    rb::fuzz::FuzzInput input(data, size);
    QString error;
    rb::io::readExr(input.device(), {"terrain", "Y", "R"}, &error);
    return 0;
}
