#include "view/OrbitCamera.h"

#include <algorithm>
#include <cmath>

namespace rb::view {

namespace {
constexpr float kMinPitch = 0.05f;
constexpr float kOrbitPi = 3.14159265f;
constexpr float kMaxPitch = 0.5f * kOrbitPi; // straight down: up() stays defined there
} // namespace

QVector3D OrbitCamera::eye() const
{
    const QVector3D offset(std::cos(pitch_) * std::sin(yaw_), std::sin(pitch_), std::cos(pitch_) * std::cos(yaw_));
    return target_ + distance_ * offset;
}

// The screen's right is level (no roll), so up is right × forward; at pitch 90° this is north.
QVector3D OrbitCamera::up() const
{
    const QVector3D forward = (target_ - eye()).normalized();
    const QVector3D right(std::cos(yaw_), 0.0f, -std::sin(yaw_));
    return QVector3D::crossProduct(right, forward).normalized();
}

void OrbitCamera::setGround(GroundHeight ground, float margin)
{
    ground_ = std::move(ground);
    margin_ = std::max(margin, 0.0f);
}

bool OrbitCamera::eyeClearOfGround() const
{
    if (!ground_) return true;
    const QVector3D e = eye();
    const std::optional<float> height = ground_(e.x(), e.z());
    return !height || e.y() >= *height + margin_;
}

void OrbitCamera::setPose(const Pose& pose)
{
    target_ = pose.target;
    distance_ = pose.distance;
    yaw_ = pose.yaw;
    pitch_ = pose.pitch;
}

void OrbitCamera::setView(QVector3D target, float distance, float yaw, float pitch)
{
    target_ = target;
    distance_ = std::max(distance, 1e-3f);
    yaw_ = yaw;
    pitch_ = std::clamp(pitch, kMinPitch, kMaxPitch);
}

// Starts from a distance at which every point fits around `target`, then a few times moves the
// target to the middle of what the points cover on screen and closes in until they fill it.
void OrbitCamera::frame(const std::vector<QVector3D>& points, QVector3D target, float fovDegrees, float aspect)
{
    setView(target, 1.0f, -0.35f, 0.75f);
    const QVector3D forward = (target - eye()).normalized();
    const QVector3D right = QVector3D::crossProduct(forward, QVector3D(0.0f, 1.0f, 0.0f)).normalized();
    const QVector3D up = QVector3D::crossProduct(right, forward);
    const float tanV = std::tan(0.5f * fovDegrees * kOrbitPi / 180.0f), tanH = tanV * std::max(aspect, 0.1f);
    float distance = 1.0f;
    sceneRadius_ = 1.0f;
    for (const QVector3D& point : points) {
        const QVector3D c = point - target;
        const float along = QVector3D::dotProduct(c, forward);
        distance = std::max({distance, std::abs(QVector3D::dotProduct(c, right)) / tanH - along,
                             std::abs(QVector3D::dotProduct(c, up)) / tanV - along});
        sceneRadius_ = std::max(sceneRadius_, c.length());
    }
    for (int pass = 0; pass < 6; ++pass) {
        const QVector3D eyeNow = target_ - forward * distance;
        float uLow = 1e9f, uHigh = -1e9f, vLow = 1e9f, vHigh = -1e9f;
        for (const QVector3D& point : points) {
            const QVector3D q = point - eyeNow;
            const float depth = std::max(QVector3D::dotProduct(q, forward), 1e-3f);
            const float u = QVector3D::dotProduct(q, right) / (depth * tanH), v = QVector3D::dotProduct(q, up) / (depth * tanV);
            uLow = std::min(uLow, u), uHigh = std::max(uHigh, u), vLow = std::min(vLow, v), vHigh = std::max(vHigh, v);
        }
        target_ += distance * (0.5f * (uLow + uHigh) * tanH * right + 0.5f * (vLow + vHigh) * tanV * up);
        distance *= std::clamp(0.5f * std::max(uHigh - uLow, vHigh - vLow) * 1.06f, 0.5f, 2.0f);
    }
    distance_ = distance;
}

void OrbitCamera::topView()
{
    yaw_ = 0.0f;
    pitch_ = kMaxPitch;
}

// A turn that would put the eye into a hill is not made.
void OrbitCamera::orbit(float dxPixels, float dyPixels)
{
    const Pose before = pose();
    yaw_ -= dxPixels * kRadiansPerPixel;
    pitch_ = std::clamp(pitch_ + dyPixels * kRadiansPerPixel, kMinPitch, kMaxPitch);
    if (!eyeClearOfGround()) {
        pitch_ = before.pitch; // keep the turn about the vertical when only the tilt hits the ground
        if (!eyeClearOfGround()) setPose(before);
    }
}

// Moves the target in the ground plane so that the point under the cursor follows it.
void OrbitCamera::pan(float dxPixels, float dyPixels, float viewportHeight, float fovDegrees)
{
    const float metresPerPixel = 2.0f * distance_ * std::tan(0.5f * fovDegrees * kOrbitPi / 180.0f) / std::max(viewportHeight, 1.0f);
    const QVector3D right(std::cos(yaw_), 0.0f, -std::sin(yaw_));
    const QVector3D back(std::sin(yaw_), 0.0f, std::cos(yaw_));
    const Pose before = pose();
    target_ += metresPerPixel * (-dxPixels * right - dyPixels * back / std::max(std::sin(pitch_), 0.2f));
    if (!eyeClearOfGround()) setPose(before);
}

// Scaling the target's and the eye's offsets from the anchor by the same factor keeps the view's
// direction, so the anchor stays on the same pixel and the eye moves along the ray towards it.
OrbitCamera::Pose OrbitCamera::zoomedPose(float factor, std::optional<QVector3D> anchor) const
{
    Pose next = pose();
    next.distance = distance_ * factor;
    if (anchor) next.target = *anchor + (target_ - *anchor) * factor;
    return next;
}

// Closing in: the step is cut so the eye stays `margin` from the anchor, then halved until the
// eye is clear of the ground (the straight path to the anchor is clear; one to the target need
// not be). A zoom that cannot move at all leaves the camera where it is.
void OrbitCamera::zoom(float wheelSteps, std::optional<QVector3D> anchor)
{
    float factor = std::pow(0.85f, wheelSteps);
    if (factor > 1.0f) factor = std::min(factor, sceneRadius_ * 20.0f / std::max(distance_, 1e-3f));
    if (factor < 1.0f) {
        if (anchor) factor = std::max(factor, std::min(1.0f, margin_ / std::max((eye() - *anchor).length(), 1e-6f)));
        else factor = std::max(factor, std::min(1.0f, 1.0f / std::max(distance_, 1e-3f)));
    }
    const Pose before = pose();
    const bool wasClear = eyeClearOfGround();
    if (factor >= 1.0f) { // backing out: only a hill behind the eye can stop it
        setPose(zoomedPose(factor, anchor));
        if (wasClear && !eyeClearOfGround()) setPose(before);
        return;
    }
    for (int attempt = 0; attempt < 24; ++attempt, factor = 0.5f * (factor + 1.0f)) {
        setPose(zoomedPose(factor, anchor));
        if (eyeClearOfGround()) return;
    }
    setPose(before);
}

} // namespace rb::view
