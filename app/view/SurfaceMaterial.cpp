#include "view/SurfaceMaterial.h"

#include <Qt3DRender/QBlendEquation>
#include <Qt3DRender/QBlendEquationArguments>
#include <Qt3DRender/QCullFace>
#include <Qt3DRender/QDepthTest>
#include <Qt3DRender/QEffect>
#include <Qt3DRender/QGraphicsApiFilter>
#include <Qt3DRender/QNoDepthMask>
#include <Qt3DRender/QParameter>
#include <Qt3DRender/QRenderPass>
#include <Qt3DRender/QShaderProgram>
#include <Qt3DRender/QTechnique>

#include <QUrl>
#include <QVector3D>

// Outside any namespace, as Q_INIT_RESOURCE requires: the shaders live in this static library.
static void initEditorResources()
{
    Q_INIT_RESOURCE(resources);
}

namespace rb::view {

namespace {

using namespace Qt3DRender;

QShaderProgram* makeProgram(const QString& vertex, const QString& fragment)
{
    auto* program = new QShaderProgram;
    program->setVertexShaderCode(QShaderProgram::loadSource(QUrl("qrc:/shaders/" + vertex)));
    program->setFragmentShaderCode(QShaderProgram::loadSource(QUrl("qrc:/shaders/" + fragment)));
    return program;
}

void addBlending(QRenderPass* pass)
{
    auto* arguments = new QBlendEquationArguments;
    arguments->setSourceRgb(QBlendEquationArguments::SourceAlpha);
    arguments->setDestinationRgb(QBlendEquationArguments::OneMinusSourceAlpha);
    arguments->setSourceAlpha(QBlendEquationArguments::One);
    arguments->setDestinationAlpha(QBlendEquationArguments::OneMinusSourceAlpha);
    auto* equation = new QBlendEquation;
    equation->setBlendFunction(QBlendEquation::Add);
    pass->addRenderState(arguments);
    pass->addRenderState(equation);
    pass->addRenderState(new QNoDepthMask); // the terrain behind must stay visible through it
}

} // namespace

SurfaceMaterial::SurfaceMaterial(Kind kind, Qt3DCore::QNode* parent) : QMaterial(parent)
{
    initEditorResources();
    auto* pass = new QRenderPass;
    const char* fragment = kind == Kind::Terrain ? "terrain.frag" : kind == Kind::Water ? "water.frag" : "overlay.frag";
    pass->setShaderProgram(makeProgram(kind == Kind::Overlay ? "overlay.vert" : "surface.vert", fragment));
    auto* depthTest = new QDepthTest;
    // Overlays stay visible behind hills: a brush or a boundary hidden by the terrain is no help.
    depthTest->setDepthFunction(kind == Kind::Overlay ? QDepthTest::Always : QDepthTest::LessOrEqual);
    pass->addRenderState(depthTest);
    auto* cull = new QCullFace;
    cull->setMode(QCullFace::NoCulling); // the camera may look at a surface from below
    pass->addRenderState(cull);
    if (kind != Kind::Terrain) addBlending(pass);

    auto* effect = new QEffect;
    effect->addTechnique(openGl33Technique(pass));
    effect->addParameter(new QParameter("sunDirection", QVector3D(-0.65f, 0.62f, -0.15f).normalized()));
    effect->addParameter(new QParameter("skyColour", QVector3D(0.69f, 0.80f, 0.89f)));
    hazeDistance_ = new QParameter("hazeDistance", 2000.0f);
    effect->addParameter(hazeDistance_);
    setEffect(effect);
    if (kind != Kind::Overlay) setParameter("isWater", kind == Kind::Water ? 1 : 0);
}

QTechnique* SurfaceMaterial::openGl33Technique(QRenderPass* pass)
{
    auto* technique = new QTechnique;
    technique->graphicsApiFilter()->setApi(QGraphicsApiFilter::OpenGL);
    technique->graphicsApiFilter()->setProfile(QGraphicsApiFilter::CoreProfile);
    technique->graphicsApiFilter()->setMajorVersion(3);
    technique->graphicsApiFilter()->setMinorVersion(3);
    technique->addRenderPass(pass);
    return technique;
}

void SurfaceMaterial::setParameter(const QString& name, const QVariant& value)
{
    if (QParameter* parameter = parameters_.value(name)) return parameter->setValue(value);
    auto* parameter = new QParameter(name, value);
    parameters_.insert(name, parameter);
    addParameter(parameter);
}

void SurfaceMaterial::setHazeDistance(float metres)
{
    hazeDistance_->setValue(metres);
}

} // namespace rb::view
