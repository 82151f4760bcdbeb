#pragma once

#include <QByteArray>
#include <QJsonArray>
#include <QJsonObject>
#include <QString>

#include <array>
#include <cstdint>
#include <vector>

namespace rb::io {

// Collects the buffer views, accessors, meshes and nodes of a one-buffer glTF 2.0 scene and gives
// the JSON and the binary buffer for GlbContainer. Every accessor gets its min and max computed
// from the very floats written (the validator checks them for POSITION).
class GltfBuilder {
public:
    // A float accessor of `components` per element (1 SCALAR, 2 VEC2, 3 VEC3, 4 VEC4).
    int addFloats(const std::vector<float>& values, int components);
    int addIndices(const std::vector<std::array<std::uint32_t, 3>>& triangles);
    int addMaterial(const QJsonObject& material);
    // A mesh of one triangle primitive and a node showing it, both called `name`.
    void addMeshNode(const QString& name, const QJsonObject& attributes, int indices, int material, const QJsonObject& extras = {});

    QJsonObject json(const QString& generator) const;
    const QByteArray& binary() const { return binary_; }

private:
    int addBufferView(const void* data, qsizetype bytes, int target);

    QByteArray binary_;
    QJsonArray bufferViews_;
    QJsonArray accessors_;
    QJsonArray materials_;
    QJsonArray meshes_;
    QJsonArray nodes_;
};

} // namespace rb::io
