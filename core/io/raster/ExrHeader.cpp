#include "io/raster/ExrHeader.h"

#include "io/raster/RasterChecks.h"
#include "lattice/Lattice.h"

#include <openexr.h>

#include <memory>

namespace rb::io {
namespace {

constexpr int kCoreMaxSide = 4 * Lattice::kMaxSide; // above ours, so that sizes just above ours get our message
constexpr qint64 kMinTileBytes = 20;                  // a tile's coordinates (16 bytes) and data size (4) at least

// What the core library's callbacks reach through its user data.
struct CoreStream {
    QIODevice* device = nullptr;
    QString message; // the core library's first error
};

CoreStream& streamOf(exr_const_context_t context)
{
    void* user = nullptr;
    exr_get_user_data(context, &user);
    return *static_cast<CoreStream*>(user);
}

int64_t readAt(exr_const_context_t, void* user, void* buffer, uint64_t size, uint64_t offset, exr_stream_error_func_ptr_t)
{
    QIODevice& device = *static_cast<CoreStream*>(user)->device;
    if (offset > static_cast<uint64_t>(device.size()) || !device.seek(static_cast<qint64>(offset))) return -1;
    return device.read(static_cast<char*>(buffer), static_cast<qint64>(size));
}

int64_t sizeOf(exr_const_context_t, void* user)
{
    return static_cast<CoreStream*>(user)->device->size();
}

void keepFirstError(exr_const_context_t context, exr_result_t, const char* message)
{
    CoreStream& stream = streamOf(context);
    if (stream.message.isEmpty()) stream.message = QString::fromUtf8(message);
}

struct ContextCloser {
    void operator()(exr_context_t context) const { exr_finish(&context); }
};
using Context = std::unique_ptr<std::remove_pointer_t<exr_context_t>, ContextCloser>;

Context openHeader(CoreStream& stream)
{
    exr_context_initializer_t init = EXR_DEFAULT_CONTEXT_INITIALIZER;
    init.user_data = &stream;
    init.read_fn = readAt;
    init.size_fn = sizeOf;
    init.error_handler_fn = keepFirstError;
    init.flags = EXR_CONTEXT_FLAG_STRICT_HEADER;
    init.max_image_width = init.max_image_height = kCoreMaxSide;
    init.max_tile_width = init.max_tile_height = kCoreMaxSide;
    exr_context_t context = nullptr;
    if (exr_start_read(&context, "riverbed", &init) != EXR_ERR_SUCCESS) {
        if (context) exr_finish(&context);
        return nullptr;
    }
    return Context(context);
}

bool checkParts(exr_const_context_t context, bool& tiled, QString* error)
{
    int parts = 0;
    exr_storage_t storage = EXR_STORAGE_LAST_TYPE;
    exr_get_count(context, &parts);
    exr_get_storage(context, 0, &storage);
    if (parts != 1) {
        *error = QString("unsupported EXR: %1 parts (a heightmap is one flat image)").arg(parts);
    } else if (storage != EXR_STORAGE_SCANLINE && storage != EXR_STORAGE_TILED) {
        *error = "unsupported EXR: deep data (a heightmap is one flat image)";
    } else {
        tiled = storage == EXR_STORAGE_TILED;
        return true;
    }
    return false;
}

// The offset table has one entry per tile: a file too small for its tiles is truncated or forged.
bool checkTiles(exr_const_context_t context, const ExrLayout& layout, qint64 fileBytes, QString* error)
{
    uint32_t tileWidth = 0, tileHeight = 0;
    exr_tile_level_mode_t levels{};
    exr_tile_round_mode_t rounding{};
    if (exr_get_tile_descriptor(context, 0, &tileWidth, &tileHeight, &levels, &rounding) != EXR_ERR_SUCCESS || tileWidth == 0 || tileHeight == 0) {
        *error = "damaged EXR: a tiled file without a valid tile size";
        return false;
    }
    const qint64 across = (layout.width + tileWidth - 1) / tileWidth;
    const qint64 down = (layout.height + tileHeight - 1) / tileHeight;
    if (across * down * kMinTileBytes <= fileBytes) return true;
    *error = QString("truncated or damaged EXR: %1 bytes cannot hold %2x%3 tiles").arg(fileBytes).arg(across).arg(down);
    return false;
}

} // namespace

std::optional<ExrLayout> checkExrHeader(QIODevice& device, QString* error)
{
    CoreStream stream{&device, {}};
    const Context context = openHeader(stream);
    device.seek(0);
    if (!context) {
        *error = "truncated or damaged EXR header: " + (stream.message.isEmpty() ? QString("unreadable") : stream.message);
        return std::nullopt;
    }
    ExrLayout layout;
    exr_attr_box2i_t window{};
    if (!checkParts(context.get(), layout.tiled, error)) return std::nullopt;
    if (exr_get_data_window(context.get(), 0, &window) != EXR_ERR_SUCCESS) {
        *error = "damaged EXR: no data window";
        return std::nullopt;
    }
    layout.width = qint64{window.max.x} - window.min.x + 1;
    layout.height = qint64{window.max.y} - window.min.y + 1;
    if (!checkRasterSize("EXR", layout.width, layout.height, error)) return std::nullopt;
    if (layout.tiled && !checkTiles(context.get(), layout, device.size(), error)) return std::nullopt;
    return layout;
}

} // namespace rb::io
