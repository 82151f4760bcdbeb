#include "io/mesh/GltfBuilder.h"

#include <algorithm>
#include <limits>

namespace rb::io {
namespace {

constexpr int kArrayBuffer = 34962;
constexpr int kElementArrayBuffer = 34963;
constexpr int kFloat = 5126;
constexpr int kUnsignedInt = 5125;
constexpr int kTriangles = 4;

QString typeName(int components)
{
    switch (components) {
    case 1: return "SCALAR";
    case 2: return "VEC2";
    case 3: return "VEC3";
    default: return "VEC4";
    }
}

// Per component, over elements of `components` values.
template <typename T>
std::pair<QJsonArray, QJsonArray> bounds(const T* values, std::size_t count, int components)
{
    QJsonArray low, high;
    for (int c = 0; c < components; ++c) {
        T lo = std::numeric_limits<T>::max(), hi = std::numeric_limits<T>::lowest();
        for (std::size_t i = static_cast<std::size_t>(c); i < count; i += static_cast<std::size_t>(components)) {
            lo = std::min(lo, values[i]);
            hi = std::max(hi, values[i]);
        }
        low.append(static_cast<double>(lo));
        high.append(static_cast<double>(hi));
    }
    return {low, high};
}

} // namespace

int GltfBuilder::addBufferView(const void* data, qsizetype bytes, int target)
{
    while (binary_.size() % 4 != 0) binary_.append('\0'); // every component type here is 4 bytes
    const qsizetype offset = binary_.size();
    binary_.append(static_cast<const char*>(data), bytes);
    bufferViews_.append(QJsonObject{{"buffer", 0}, {"byteOffset", offset}, {"byteLength", bytes}, {"target", target}});
    return static_cast<int>(bufferViews_.size() - 1);
}

int GltfBuilder::addFloats(const std::vector<float>& values, int components)
{
    const int view = addBufferView(values.data(), static_cast<qsizetype>(values.size() * sizeof(float)), kArrayBuffer);
    const auto [low, high] = bounds(values.data(), values.size(), components);
    accessors_.append(QJsonObject{{"bufferView", view}, {"componentType", kFloat}, {"count", static_cast<qint64>(values.size()) / components},
                                  {"type", typeName(components)}, {"min", low}, {"max", high}});
    return static_cast<int>(accessors_.size() - 1);
}

int GltfBuilder::addIndices(const std::vector<std::array<std::uint32_t, 3>>& triangles)
{
    const std::size_t count = triangles.size() * 3;
    const int view = addBufferView(triangles.data(), static_cast<qsizetype>(count * sizeof(std::uint32_t)), kElementArrayBuffer);
    const auto [low, high] = bounds(triangles.empty() ? nullptr : triangles.front().data(), count, 1);
    accessors_.append(QJsonObject{{"bufferView", view}, {"componentType", kUnsignedInt}, {"count", static_cast<qint64>(count)},
                                  {"type", "SCALAR"}, {"min", low}, {"max", high}});
    return static_cast<int>(accessors_.size() - 1);
}

int GltfBuilder::addMaterial(const QJsonObject& material)
{
    materials_.append(material);
    return static_cast<int>(materials_.size() - 1);
}

void GltfBuilder::addMeshNode(const QString& name, const QJsonObject& attributes, int indices, int material, const QJsonObject& extras)
{
    const QJsonObject primitive{{"attributes", attributes}, {"indices", indices}, {"material", material}, {"mode", kTriangles}};
    QJsonObject mesh{{"name", name}, {"primitives", QJsonArray{primitive}}};
    if (!extras.isEmpty()) mesh["extras"] = extras;
    meshes_.append(mesh);
    nodes_.append(QJsonObject{{"name", name}, {"mesh", static_cast<int>(meshes_.size() - 1)}});
}

QJsonObject GltfBuilder::json(const QString& generator) const
{
    QJsonArray sceneNodes;
    for (qsizetype i = 0; i < nodes_.size(); ++i) sceneNodes.append(static_cast<int>(i));
    QJsonObject json{{"asset", QJsonObject{{"version", "2.0"}, {"generator", generator}}},
                     {"scene", 0},
                     {"scenes", QJsonArray{QJsonObject{{"nodes", sceneNodes}}}},
                     {"nodes", nodes_},
                     {"meshes", meshes_},
                     {"materials", materials_},
                     {"accessors", accessors_},
                     {"bufferViews", bufferViews_}};
    if (!binary_.isEmpty()) json["buffers"] = QJsonArray{QJsonObject{{"byteLength", binary_.size()}}};
    return json;
}

} // namespace rb::io
