#pragma once

#include <QByteArray>

namespace Qt3DCore {
class QNode;
}
namespace Qt3DRender {
class QTexture2D;
}

namespace rb::view {

// A map-sized field on the GPU: one texel per cell, read by the vertex shader with texelFetch
// (no mipmaps; linearly filtered for the fragment shader's reads of the bed's slopes). Heights
// need 32-bit floats (a 16-bit float is a metre off at 2000 m); the water's depth and colour
// value, and the slopes, fit two 16-bit floats, which halves what every view tick uploads.
//
// Lifetime: the texture is born with its size and format and keeps them; a map of another size
// gets a new FieldTexture, and this one's texture is deleted once Qt 3D lets go of it.
class FieldTexture {
public:
    enum class Format { Height32F, Pair16F, Rgba8 }; // Rgba8: four 0…1 values (the dye's concentrations)

    FieldTexture(int width, int height, Format format, Qt3DCore::QNode* parent);
    ~FieldTexture();
    FieldTexture(const FieldTexture&) = delete;
    FieldTexture& operator=(const FieldTexture&) = delete;

    Qt3DRender::QTexture2D* texture() const { return texture_; }
    int width() const { return width_; }
    int height() const { return height_; }
    int bytesPerTexel() const { return 4; } // R32F, two 16-bit floats, or four bytes

    // Replaces the texels of the rectangle (x, y, w, h) with `bytes` (its rows, packed, first
    // row first): a partial upload, queued for the render thread.
    void update(int x, int y, int w, int h, const QByteArray& bytes);

private:
    Qt3DRender::QTexture2D* texture_ = nullptr;
    int width_ = 0, height_ = 0;
    Format format_;
};

} // namespace rb::view
