#include "view/OrbitCamera.h"

#include <algorithm>
#include <cmath>

namespace rb::view {

namespace {
constexpr float kMinPitch = 0.05f;
constexpr float kMaxPitch = 1.55f;
constexpr float kPi = 3.14159265f;
} // namespace

QVector3D OrbitCamera::eye() const
{
    const QVector3D offset(std::cos(pitch_) * std::sin(yaw_), std::sin(pitch_), std::cos(pitch_) * std::cos(yaw_));
    return target_ + distance_ * offset;
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
    const float tanV = std::tan(0.5f * fovDegrees * kPi / 180.0f), tanH = tanV * std::max(aspect, 0.1f);
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

void OrbitCamera::orbit(float dxPixels, float dyPixels)
{
    yaw_ -= dxPixels * 0.006f;
    pitch_ = std::clamp(pitch_ + dyPixels * 0.006f, kMinPitch, kMaxPitch);
}

// Moves the target in the ground plane so that the point under the cursor follows it.
void OrbitCamera::pan(float dxPixels, float dyPixels, float viewportHeight, float fovDegrees)
{
    const float metresPerPixel = 2.0f * distance_ * std::tan(0.5f * fovDegrees * kPi / 180.0f) / std::max(viewportHeight, 1.0f);
    const QVector3D right(std::cos(yaw_), 0.0f, -std::sin(yaw_));
    const QVector3D back(std::sin(yaw_), 0.0f, std::cos(yaw_));
    target_ += metresPerPixel * (-dxPixels * right - dyPixels * back / std::max(std::sin(pitch_), 0.2f));
}

void OrbitCamera::zoom(float wheelSteps)
{
    distance_ = std::clamp(distance_ * std::pow(0.85f, wheelSteps), 1.0f, sceneRadius_ * 20.0f);
}

} // namespace rb::view
