#pragma once

#include <QSize>

namespace Qt3DCore {
class QEntity;
}
namespace Qt3DRender {
class QFrameGraphNode;
class QRenderCapture;
class QRenderTarget;
class QRenderTargetSelector;
class QTexture2D;
}

namespace rb::view {

// The view's picture drawn at 1/kFactor of the window's resolution in each direction, into an
// offscreen target, then stretched (linearly filtered) over the window as one textured quad. On a
// software renderer (llvmpipe) a picture's cost is per pixel, on the cores the simulation runs on:
// a quarter of the pixels gives most of the view's share back to the simulation while it plays.
// The Viewport switches to this frame graph while the simulation plays on such a renderer, and
// back to its full-resolution one when it stops (full detail when still).
//
// Frame-graph branch made under `parent`:
//   branch ─┬─ target selector (offscreen colour and depth textures) → drawingParent(): the scene
//           └─ viewport → layer filter (the quad's layer only) → capture: the quad, over the window
// The capture, at the end, holds the picture shown, at the window's size. (A QBlitFramebuffer to
// the window's back buffer would be the obvious stretch, but with Qt 3D 6.4's OpenGL renderer on
// llvmpipe it left the window unchanged.) The quad is an entity under `sceneRoot` on a layer of its
// own, so no other pass draws it.
class ReducedResolution {
public:
    static constexpr int kFactor = 2;

    ReducedResolution(Qt3DRender::QFrameGraphNode* parent, Qt3DCore::QEntity* sceneRoot);

    Qt3DRender::QFrameGraphNode* drawingParent() const; // where the scene's passes go
    Qt3DRender::QRenderCapture* capture() const { return capture_; }
    // The window's size in device pixels: the target is that divided by kFactor (rounded up, at
    // least 1×1).
    void setWindowSize(QSize devicePixels);
    QSize targetSize() const { return targetSize_; }
    static QSize reducedSize(QSize devicePixels);

private:
    void makeQuad(Qt3DCore::QEntity* sceneRoot, Qt3DRender::QFrameGraphNode* branch);

    Qt3DRender::QRenderTargetSelector* targetSelector_ = nullptr;
    Qt3DRender::QTexture2D* colour_ = nullptr;
    Qt3DRender::QTexture2D* depth_ = nullptr;
    Qt3DRender::QRenderCapture* capture_ = nullptr;
    QSize targetSize_;
};

} // namespace rb::view
