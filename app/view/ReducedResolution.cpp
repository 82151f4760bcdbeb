#include "view/ReducedResolution.h"

#include "view/SurfaceMaterial.h"

#include <Qt3DCore/QEntity>
#include <Qt3DExtras/QPlaneMesh>
#include <Qt3DRender/QCullFace>
#include <Qt3DRender/QDepthTest>
#include <Qt3DRender/QEffect>
#include <Qt3DRender/QLayer>
#include <Qt3DRender/QLayerFilter>
#include <Qt3DRender/QMaterial>
#include <Qt3DRender/QNoDepthMask>
#include <Qt3DRender/QParameter>
#include <Qt3DRender/QRenderCapture>
#include <Qt3DRender/QRenderPass>
#include <Qt3DRender/QRenderTarget>
#include <Qt3DRender/QRenderTargetOutput>
#include <Qt3DRender/QRenderTargetSelector>
#include <Qt3DRender/QShaderProgram>
#include <Qt3DRender/QTexture>
#include <Qt3DRender/QViewport>

#include <algorithm>

namespace rb::view {

namespace {

using namespace Qt3DRender;

// The plane mesh lies in x–z over [−1, 1]²: straight onto clip space, the texture over it.
constexpr const char* kQuadVertex = R"(#version 330 core
in vec3 vertexPosition;
out vec2 uv;
void main()
{
    vec2 clip = vec2(vertexPosition.x, -vertexPosition.z);
    uv = 0.5 * clip + 0.5;
    gl_Position = vec4(clip, 0.0, 1.0);
}
)";

constexpr const char* kQuadFragment = R"(#version 330 core
in vec2 uv;
out vec4 fragColor;
uniform sampler2D picture;
void main()
{
    fragColor = vec4(texture(picture, uv).rgb, 1.0);
}
)";

QTexture2D* attachmentTexture(QAbstractTexture::TextureFormat format, Qt3DCore::QNode* parent)
{
    auto* texture = new QTexture2D(parent);
    texture->setFormat(format);
    texture->setGenerateMipMaps(false);
    texture->setMinificationFilter(QAbstractTexture::Linear);
    texture->setMagnificationFilter(QAbstractTexture::Linear);
    texture->setWrapMode(QTextureWrapMode(QTextureWrapMode::ClampToEdge));
    texture->setSize(1, 1);
    return texture;
}

QRenderTargetOutput* output(QRenderTargetOutput::AttachmentPoint point, QTexture2D* texture, Qt3DCore::QNode* parent)
{
    auto* out = new QRenderTargetOutput(parent);
    out->setAttachmentPoint(point);
    out->setTexture(texture);
    return out;
}

QMaterial* quadMaterial(QTexture2D* picture, Qt3DCore::QNode* parent)
{
    auto* program = new QShaderProgram;
    program->setVertexShaderCode(kQuadVertex);
    program->setFragmentShaderCode(kQuadFragment);
    auto* pass = new QRenderPass;
    pass->setShaderProgram(program);
    auto* depthTest = new QDepthTest;
    depthTest->setDepthFunction(QDepthTest::Always);
    pass->addRenderState(depthTest);
    pass->addRenderState(new QNoDepthMask);
    auto* cull = new QCullFace;
    cull->setMode(QCullFace::NoCulling);
    pass->addRenderState(cull);
    auto* effect = new QEffect;
    effect->addTechnique(SurfaceMaterial::openGl33Technique(pass));
    auto* material = new QMaterial(parent);
    material->setEffect(effect);
    material->addParameter(new QParameter("picture", QVariant::fromValue<QAbstractTexture*>(picture)));
    return material;
}

} // namespace

ReducedResolution::ReducedResolution(QFrameGraphNode* parent, Qt3DCore::QEntity* sceneRoot)
{
    auto* branch = new QFrameGraphNode(parent);
    targetSelector_ = new QRenderTargetSelector(branch);
    auto* target = new QRenderTarget(targetSelector_);
    colour_ = attachmentTexture(QAbstractTexture::RGBA8_UNorm, target);
    depth_ = attachmentTexture(QAbstractTexture::D24, target);
    target->addOutput(output(QRenderTargetOutput::Color0, colour_, target));
    target->addOutput(output(QRenderTargetOutput::Depth, depth_, target));
    targetSelector_->setTarget(target);
    makeQuad(sceneRoot, branch);
    setWindowSize(QSize(1, 1));
}

void ReducedResolution::makeQuad(Qt3DCore::QEntity* sceneRoot, QFrameGraphNode* branch)
{
    auto* layer = new QLayer(sceneRoot);
    auto* quad = new Qt3DCore::QEntity(sceneRoot);
    auto* mesh = new Qt3DExtras::QPlaneMesh(quad);
    mesh->setWidth(2.0f);
    mesh->setHeight(2.0f);
    mesh->setMeshResolution(QSize(2, 2));
    quad->addComponent(mesh);
    quad->addComponent(quadMaterial(colour_, quad));
    quad->addComponent(layer);
    auto* viewport = new QViewport(branch);
    auto* filter = new QLayerFilter(viewport);
    filter->addLayer(layer);
    capture_ = new QRenderCapture(filter);
}

QFrameGraphNode* ReducedResolution::drawingParent() const
{
    return targetSelector_;
}

QSize ReducedResolution::reducedSize(QSize devicePixels)
{
    return QSize(std::max(1, (devicePixels.width() + kFactor - 1) / kFactor), std::max(1, (devicePixels.height() + kFactor - 1) / kFactor));
}

void ReducedResolution::setWindowSize(QSize devicePixels)
{
    const QSize reduced = reducedSize(devicePixels);
    if (reduced == targetSize_) return;
    targetSize_ = reduced;
    colour_->setSize(reduced.width(), reduced.height());
    depth_->setSize(reduced.width(), reduced.height());
}

} // namespace rb::view
