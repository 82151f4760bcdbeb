#pragma once

#include <QVector3D>

#include <functional>
#include <optional>
#include <vector>

namespace rb::view {

// Orbit/pan/zoom around a target point, as plain math so that framing and picking do not depend
// on how a renderer stores its camera. World axes: x east, y up, z south.
class OrbitCamera {
public:
    // The height of the ground (terrain, or water where wet) at a world point; nullopt off the map.
    using GroundHeight = std::function<std::optional<float>(float x, float z)>;
    // Turning rate of a drag: a quarter of a degree per pixel, so a flick of the wrist is a
    // controlled turn rather than half a revolution.
    static constexpr float kRadiansPerPixel = 0.25f * 3.14159265f / 180.0f;

    QVector3D target() const { return target_; }
    QVector3D eye() const;
    QVector3D up() const; // the screen's up direction in the world (north when looking straight down)
    float distance() const { return distance_; }
    float yaw() const { return yaw_; }     // radians; 0 looks north from the south
    float pitch() const { return pitch_; } // radians above the horizon

    // The eye keeps at least `margin` above the ground: zoom, orbit and pan stop short of it.
    void setGround(GroundHeight ground, float margin);
    float groundMargin() const { return margin_; }

    void setView(QVector3D target, float distance, float yaw, float pitch);
    // Looks at `target` from the south-south-west, from the nearest distance at which every point
    // lies inside a view of vertical field of view `fovDegrees` and width/height `aspect`.
    void frame(const std::vector<QVector3D>& points, QVector3D target, float fovDegrees, float aspect);
    // Straight down on the same target from the same distance, north up.
    void topView();
    void orbit(float dxPixels, float dyPixels);
    void pan(float dxPixels, float dyPixels, float viewportHeight, float fovDegrees);
    // Zooms by 0.85 per wheel step towards `anchor` (the point under the cursor, which stays under
    // it) or, without one, towards the target. Closing in stops `margin` short of the anchor and
    // of the ground below the eye.
    void zoom(float wheelSteps, std::optional<QVector3D> anchor = std::nullopt);
    float nearPlane() const { return distance_ * 0.01f; }
    float farPlane() const { return distance_ * 10.0f + sceneRadius_ * 4.0f; }

private:
    struct Pose {
        QVector3D target;
        float distance, yaw, pitch;
    };
    Pose pose() const { return {target_, distance_, yaw_, pitch_}; }
    void setPose(const Pose& pose);
    bool eyeClearOfGround() const;
    Pose zoomedPose(float factor, std::optional<QVector3D> anchor) const;

    QVector3D target_;
    float distance_ = 100.0f;
    float yaw_ = 0.0f;
    float pitch_ = 0.7f;
    float sceneRadius_ = 100.0f;
    GroundHeight ground_;
    float margin_ = 1.0f;
};

} // namespace rb::view
