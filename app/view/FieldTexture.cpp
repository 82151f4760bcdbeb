#include "view/FieldTexture.h"

#include <Qt3DRender/QTexture>
#include <Qt3DRender/QTextureDataUpdate>
#include <Qt3DRender/QTextureImageData>
#include <Qt3DRender/QTextureWrapMode>

namespace rb::view {

FieldTexture::FieldTexture(int width, int height, Format format, Qt3DCore::QNode* parent)
    : texture_(new Qt3DRender::QTexture2D(parent)), width_(width), height_(height), format_(format)
{
    texture_->setSize(width, height);
    texture_->setFormat(format == Format::Height32F ? Qt3DRender::QAbstractTexture::R32F
                        : format == Format::Pair16F ? Qt3DRender::QAbstractTexture::RG16F
                                                    : Qt3DRender::QAbstractTexture::RGBA8_UNorm);
    texture_->setGenerateMipMaps(false);
    // Linear for terrain.frag's per-pixel normals; the vertex shader's texelFetch ignores it.
    texture_->setMinificationFilter(Qt3DRender::QAbstractTexture::Linear);
    texture_->setMagnificationFilter(Qt3DRender::QAbstractTexture::Linear);
    texture_->wrapMode()->setX(Qt3DRender::QTextureWrapMode::ClampToEdge);
    texture_->wrapMode()->setY(Qt3DRender::QTextureWrapMode::ClampToEdge);
}

FieldTexture::~FieldTexture()
{
    texture_->deleteLater(); // the backend releases it at its next sync
}

void FieldTexture::update(int x, int y, int w, int h, const QByteArray& bytes)
{
    Qt3DRender::QTextureImageDataPtr image = Qt3DRender::QTextureImageDataPtr::create();
    image->setTarget(QOpenGLTexture::Target2D);
    image->setWidth(w);
    image->setHeight(h);
    image->setDepth(1);
    image->setLayers(1);
    image->setFaces(1);
    image->setMipLevels(1);
    if (format_ == Format::Height32F) {
        image->setFormat(QOpenGLTexture::R32F);
        image->setPixelFormat(QOpenGLTexture::Red);
        image->setPixelType(QOpenGLTexture::Float32);
    } else if (format_ == Format::Pair16F) {
        image->setFormat(QOpenGLTexture::RG16F);
        image->setPixelFormat(QOpenGLTexture::RG);
        image->setPixelType(QOpenGLTexture::Float16);
    } else {
        image->setFormat(QOpenGLTexture::RGBA8_UNorm);
        image->setPixelFormat(QOpenGLTexture::RGBA);
        image->setPixelType(QOpenGLTexture::UInt8);
    }
    image->setData(bytes, bytesPerTexel());
    Qt3DRender::QTextureDataUpdate update;
    update.setX(x);
    update.setY(y);
    update.setData(image);
    texture_->updateData(update);
}

} // namespace rb::view
