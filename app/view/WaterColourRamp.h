#pragma once

#include "view/WaterMesh.h"

namespace Qt3DCore {
class QNode;
}
namespace Qt3DRender {
class QTexture2D;
}

namespace rb::view {

// The water's colours for the GPU: a 1D ramp (a kTexels × 1 texture, linearly filtered) filled
// from WaterColourScale, so the shader holds no colours of its own. water.frag reads it at
// value / range(): depth over a few times the scale's depth (beyond it the colour no longer
// changes visibly), speed up to the scale's top speed.
class WaterColourRamp {
public:
    static constexpr int kTexels = 256;

    explicit WaterColourRamp(Qt3DCore::QNode* parent);

    void setColouring(WaterColouring colouring); // refills the texture in place (same size)
    Qt3DRender::QTexture2D* texture() const { return texture_; }
    float range() const; // the value at the ramp's far end (m or m/s)

private:
    Qt3DRender::QTexture2D* texture_ = nullptr;
    WaterColouring colouring_ = WaterColouring::Depth;
};

} // namespace rb::view
