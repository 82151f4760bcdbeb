// decodeMap on arbitrary bytes: never crashes, never allocates more than the bytes justify.
#include "FuzzInput.h"

#include "io/map/MapFile.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    rb::fuzz::FuzzInput input(data, size);
    QString error;
    rb::io::decodeMap(input.bytes(), &error);
    return 0;
}
