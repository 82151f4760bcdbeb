#include "view/WaterColourRamp.h"

#include "view/WaterColourScale.h"

#include <Qt3DRender/QTexture>
#include <Qt3DRender/QTextureDataUpdate>
#include <Qt3DRender/QTextureImageData>
#include <Qt3DRender/QTextureWrapMode>

#include <algorithm>
#include <cmath>

namespace rb::view {

namespace {

// 1 − e^−8: the depth ramp ends where the scale has all but reached its deepest colour.
constexpr float kDepthScales = 8.0f;

unsigned char byteOf(float channel)
{
    return static_cast<unsigned char>(std::lround(std::clamp(channel, 0.0f, 1.0f) * 255.0f));
}

} // namespace

WaterColourRamp::WaterColourRamp(Qt3DCore::QNode* parent) : texture_(new Qt3DRender::QTexture2D(parent))
{
    texture_->setSize(kTexels, 1);
    texture_->setFormat(Qt3DRender::QAbstractTexture::RGBA8_UNorm);
    texture_->setGenerateMipMaps(false);
    texture_->setMinificationFilter(Qt3DRender::QAbstractTexture::Linear);
    texture_->setMagnificationFilter(Qt3DRender::QAbstractTexture::Linear);
    texture_->wrapMode()->setX(Qt3DRender::QTextureWrapMode::ClampToEdge);
    texture_->wrapMode()->setY(Qt3DRender::QTextureWrapMode::ClampToEdge);
    setColouring(WaterColouring::Depth);
}

float WaterColourRamp::range() const
{
    return colouring_ == WaterColouring::Speed ? WaterColourScale::kTopSpeed : kDepthScales * WaterColourScale::kDepthScale;
}

void WaterColourRamp::setColouring(WaterColouring colouring)
{
    colouring_ = colouring;
    QByteArray bytes(kTexels * 4, Qt::Uninitialized);
    for (int i = 0; i < kTexels; ++i) { // texel i holds the colour at value i/(kTexels − 1) · range
        const float value = range() * static_cast<float>(i) / static_cast<float>(kTexels - 1);
        const Rgb c = colouring == WaterColouring::Speed ? WaterColourScale::speedColour(value) : WaterColourScale::depthColour(value);
        for (int k = 0; k < 3; ++k) bytes[4 * i + k] = static_cast<char>(byteOf(c[static_cast<std::size_t>(k)]));
        bytes[4 * i + 3] = static_cast<char>(255);
    }
    Qt3DRender::QTextureImageDataPtr image = Qt3DRender::QTextureImageDataPtr::create();
    image->setTarget(QOpenGLTexture::Target2D);
    image->setWidth(kTexels);
    image->setHeight(1);
    image->setDepth(1);
    image->setLayers(1);
    image->setFaces(1);
    image->setMipLevels(1);
    image->setFormat(QOpenGLTexture::RGBA8_UNorm);
    image->setPixelFormat(QOpenGLTexture::RGBA);
    image->setPixelType(QOpenGLTexture::UInt8);
    image->setData(bytes, 4);
    Qt3DRender::QTextureDataUpdate update;
    update.setData(image);
    texture_->updateData(update);
}

} // namespace rb::view
