#pragma once

#include <QVector3D>

#include <vector>

namespace rb::view {

// Orbit/pan/zoom around a target point, as plain math so that framing and picking do not depend
// on how a renderer stores its camera. World axes: x east, y up, z south.
class OrbitCamera {
public:
    QVector3D target() const { return target_; }
    QVector3D eye() const;
    float distance() const { return distance_; }
    float yaw() const { return yaw_; }     // radians; 0 looks north from the south
    float pitch() const { return pitch_; } // radians above the horizon

    void setView(QVector3D target, float distance, float yaw, float pitch);
    // Looks at `target` from the south-south-west, from the nearest distance at which every point
    // lies inside a view of vertical field of view `fovDegrees` and width/height `aspect`.
    void frame(const std::vector<QVector3D>& points, QVector3D target, float fovDegrees, float aspect);
    void orbit(float dxPixels, float dyPixels);
    void pan(float dxPixels, float dyPixels, float viewportHeight, float fovDegrees);
    void zoom(float wheelSteps);
    float nearPlane() const { return distance_ * 0.01f; }
    float farPlane() const { return distance_ * 10.0f + sceneRadius_ * 4.0f; }

private:
    QVector3D target_;
    float distance_ = 100.0f;
    float yaw_ = 0.0f;
    float pitch_ = 0.7f;
    float sceneRadius_ = 100.0f;
};

} // namespace rb::view
