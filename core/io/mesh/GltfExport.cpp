#include "io/mesh/GltfExport.h"

#include "io/flow/SpeedPercentile.h"
#include "io/mesh/GlbContainer.h"
#include "io/mesh/GltfBuilder.h"
#include "io/mesh/TerrainDecimation.h"
#include "io/mesh/WaterMesh.h"
#include "io/transaction/AtomicFile.h"
#include "model/MemoryBudget.h"

#include <QFileInfo>

#include <algorithm>
#include <array>
#include <cmath>

namespace rb::io {
namespace {

using Vec3 = std::array<double, 3>;

// glTF axes: X east, Y up, Z south.
Vec3 gltfPosition(const Lattice& lattice, std::uint32_t cell, double height)
{
    const auto w = static_cast<std::uint32_t>(lattice.width());
    const WorldPoint p = lattice.worldPosition(static_cast<int>(cell % w), static_cast<int>(cell / w));
    return {p.x, height, p.y};
}

// Seen from above (+Y) glTF wants counter-clockwise faces; LatticeMesh's are clockwise there.
std::vector<std::array<std::uint32_t, 3>> upwardFaces(const LatticeMesh& mesh)
{
    std::vector<std::array<std::uint32_t, 3>> faces;
    faces.reserve(mesh.triangles.size());
    for (const auto& t : mesh.triangles) faces.push_back({t[0], t[2], t[1]});
    return faces;
}

// Area-weighted face normals summed at the vertices.
std::vector<float> vertexNormals(const std::vector<Vec3>& positions, const std::vector<std::array<std::uint32_t, 3>>& faces)
{
    std::vector<Vec3> sums(positions.size(), Vec3{0.0, 0.0, 0.0});
    for (const auto& f : faces) {
        const Vec3 &a = positions[f[0]], &b = positions[f[1]], &c = positions[f[2]];
        const Vec3 e1{b[0] - a[0], b[1] - a[1], b[2] - a[2]}, e2{c[0] - a[0], c[1] - a[1], c[2] - a[2]};
        const Vec3 n{e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2], e1[0] * e2[1] - e1[1] * e2[0]};
        for (std::uint32_t v : f)
            for (std::size_t k = 0; k < 3; ++k) sums[v][k] += n[k];
    }
    std::vector<float> normals;
    normals.reserve(positions.size() * 3);
    for (const Vec3& s : sums) {
        const double length = std::sqrt(s[0] * s[0] + s[1] * s[1] + s[2] * s[2]);
        const Vec3 n = length > 0.0 ? Vec3{s[0] / length, s[1] / length, s[2] / length} : Vec3{0.0, 1.0, 0.0};
        normals.insert(normals.end(), {static_cast<float>(n[0]), static_cast<float>(n[1]), static_cast<float>(n[2])});
    }
    return normals;
}

std::vector<float> flatten(const std::vector<Vec3>& positions)
{
    std::vector<float> values;
    values.reserve(positions.size() * 3);
    for (const Vec3& p : positions) values.insert(values.end(), {static_cast<float>(p[0]), static_cast<float>(p[1]), static_cast<float>(p[2])});
    return values;
}

// 0..1 across the map's world rectangle, v = 0 on the north edge: the exported rasters' texture
// coordinates, so heightmaps, flow maps and splat maps line up with the mesh.
std::vector<float> textureCoordinates(const Lattice& lattice, const std::vector<Vec3>& positions)
{
    std::vector<float> uv;
    uv.reserve(positions.size() * 2);
    for (const Vec3& p : positions)
        uv.insert(uv.end(), {static_cast<float>(p[0] / lattice.worldWidth()), static_cast<float>(p[2] / lattice.worldHeight())});
    return uv;
}

QJsonObject material(const QString& name, std::array<double, 4> colour, double roughness, bool blended)
{
    QJsonObject m{{"name", name},
                  {"pbrMetallicRoughness", QJsonObject{{"baseColorFactor", QJsonArray{colour[0], colour[1], colour[2], colour[3]}},
                                                       {"metallicFactor", 0.0},
                                                       {"roughnessFactor", roughness}}}};
    if (blended) m["alphaMode"] = "BLEND";
    return m;
}

QJsonArray jsonVector(const Vec3& v)
{
    return QJsonArray{v[0], v[1], v[2]};
}

std::pair<Vec3, Vec3> positionBounds(const std::vector<Vec3>& positions)
{
    Vec3 low{INFINITY, INFINITY, INFINITY}, high{-INFINITY, -INFINITY, -INFINITY};
    for (const Vec3& p : positions)
        for (std::size_t k = 0; k < 3; ++k) {
            low[k] = std::min(low[k], static_cast<double>(static_cast<float>(p[k])));
            high[k] = std::max(high[k], static_cast<double>(static_cast<float>(p[k])));
        }
    return {low, high};
}

QJsonObject addTerrain(GltfBuilder& gltf, const MapState& state, const GltfSettings& settings)
{
    const TerrainDecimation terrain = decimateTerrain(state.lattice, state.bed, settings.triangles);
    std::vector<Vec3> positions;
    positions.reserve(terrain.mesh.vertexCells.size());
    for (std::uint32_t cell : terrain.mesh.vertexCells) positions.push_back(gltfPosition(state.lattice, cell, state.bed[cell]));
    const auto faces = upwardFaces(terrain.mesh);
    const QJsonObject attributes{{"POSITION", gltf.addFloats(flatten(positions), 3)},
                                 {"NORMAL", gltf.addFloats(vertexNormals(positions, faces), 3)},
                                 {"TEXCOORD_0", gltf.addFloats(textureCoordinates(state.lattice, positions), 2)}};
    const int indices = gltf.addIndices(faces);
    const int terrainMaterial = gltf.addMaterial(material("terrain", {0.50, 0.45, 0.35, 1.0}, 0.9, false));
    const QJsonObject figures{{"maxHeightError", terrain.maxError}};
    gltf.addMeshNode("terrain", attributes, indices, terrainMaterial, figures);
    const auto [low, high] = positionBounds(positions);
    QJsonObject report{{"triangles", static_cast<qint64>(terrain.mesh.triangleCount())},
                       {"vertices", static_cast<qint64>(positions.size())},
                       {"budget", static_cast<qint64>(terrain.budget)},
                       {"budgetMet", terrain.budgetMet()},
                       {"fullResolution", terrain.complete},
                       {"maxHeightError", terrain.maxError},
                       {"min", jsonVector(low)},
                       {"max", jsonVector(high)}};
    if (!terrain.budgetMet())
        report["note"] = QString("the terrain's outline alone takes %1 triangles; %2 were asked for").arg(terrain.minimumTriangles).arg(terrain.budget);
    return report;
}

// Water vertex colours: R = speed / speedScale, G = 1 − 0.7·depth / depthScale, B = 1,
// A = 0.35 + 0.6·depth / depthScale (each clamped to 0..1): fast water pales, deep water darkens
// and turns opaque. The scales are the deepest exported vertex and the wet cells' 99th percentile
// speed, written in the mesh's extras.
std::array<float, 4> waterColour(double depth, double speed, double depthScale, double speedScale)
{
    const double d = std::clamp(depthScale > 0.0 ? depth / depthScale : 0.0, 0.0, 1.0);
    const double s = std::clamp(speedScale > 0.0 ? speed / speedScale : 0.0, 0.0, 1.0);
    return {static_cast<float>(s), static_cast<float>(1.0 - 0.7 * d), 1.0f, static_cast<float>(0.35 + 0.6 * d)};
}

QJsonObject addWater(GltfBuilder& gltf, const MapState& state, const GltfSettings& settings)
{
    const WaterMesh water = buildWaterMesh(state.lattice, state.bed, state.depth, settings.triangles, settings.wetDepth);
    QJsonObject report{{"triangles", static_cast<qint64>(water.mesh.triangleCount())},
                       {"vertices", static_cast<qint64>(water.mesh.vertexCells.size())},
                       {"budget", static_cast<qint64>(water.budget)},
                       {"budgetMet", water.budgetMet()},
                       {"stride", water.stride},
                       {"maxSurfaceError", water.maxSurfaceError},
                       {"fullResolutionTriangles", static_cast<qint64>(water.fullResolutionTriangles)}};
    if (!water.budgetMet())
        report["note"] = QString("the coarsest stride (%1) still gives %2 wet triangles").arg(water.stride).arg(water.mesh.triangleCount());
    if (water.mesh.triangles.empty()) return report;
    const VelocityField velocity = reconstructVelocity(state, settings.wetDepth);
    const std::optional<SpeedPercentile> p99 = wetSpeedPercentile(state, 0.99, 16384, settings.wetDepth);
    double depthScale = 0.0;
    for (std::uint32_t cell : water.mesh.vertexCells) depthScale = std::max(depthScale, static_cast<double>(state.depth[cell]));
    const double speedScale = p99 ? p99->speed : 0.0;
    std::vector<Vec3> positions;
    std::vector<float> colours, depths, velocities;
    for (std::uint32_t cell : water.mesh.vertexCells) {
        const double depth = state.depth[cell];
        positions.push_back(gltfPosition(state.lattice, cell, static_cast<double>(state.bed[cell]) + depth));
        const auto colour = waterColour(depth, std::hypot(velocity.x[cell], velocity.y[cell]), depthScale, speedScale);
        colours.insert(colours.end(), colour.begin(), colour.end());
        depths.push_back(state.depth[cell]);
        velocities.insert(velocities.end(), {velocity.x[cell], velocity.y[cell]}); // east → X, south → Z
    }
    const auto faces = upwardFaces(water.mesh);
    const QJsonObject attributes{{"POSITION", gltf.addFloats(flatten(positions), 3)},
                                 {"NORMAL", gltf.addFloats(vertexNormals(positions, faces), 3)},
                                 {"TEXCOORD_0", gltf.addFloats(textureCoordinates(state.lattice, positions), 2)},
                                 {"COLOR_0", gltf.addFloats(colours, 4)},
                                 {"_DEPTH", gltf.addFloats(depths, 1)},
                                 {"_VELOCITY", gltf.addFloats(velocities, 2)}};
    const int indices = gltf.addIndices(faces);
    const int waterMaterial = gltf.addMaterial(material("water", {1.0, 1.0, 1.0, 1.0}, 0.05, true));
    const QJsonObject extras{{"depthScale", depthScale}, {"speedScale", speedScale}, {"stride", water.stride}};
    gltf.addMeshNode("water", attributes, indices, waterMaterial, extras);
    const auto [low, high] = positionBounds(positions);
    report["min"] = jsonVector(low);
    report["max"] = jsonVector(high);
    report["depthScale"] = depthScale;
    report["speedScale"] = speedScale;
    return report;
}

// The two meshes hold at most `budget` triangles each, and never more than the lattice has.
std::uint64_t trianglesPerMesh(const Lattice& lattice, std::size_t budget)
{
    return std::min<std::uint64_t>(budget, 2 * static_cast<std::uint64_t>(lattice.cellCount()));
}

} // namespace

QString gltfRequestProblem(const QString& path)
{
    if (QFileInfo(path).suffix().toLower() != "glb")
        return QString("%1: glTF export writes binary glTF; name the file .glb").arg(path);
    return {};
}

std::optional<QJsonObject> exportGltf(const MapState& state, const QString& path, const GltfSettings& settings, QString* error)
{
    if (const QString problem = gltfRequestProblem(path); !problem.isEmpty()) {
        *error = problem;
        return std::nullopt;
    }
    const std::string refusal = MemoryBudget::peakRefusal(
        MemoryBudget::gltfExportPeak(state, trianglesPerMesh(state.lattice, settings.triangles)),
        "exporting this " + std::to_string(state.lattice.width()) + "×" + std::to_string(state.lattice.height()) + " map as glTF with "
            + std::to_string(settings.triangles) + " triangles a mesh");
    if (!refusal.empty()) {
        *error = QString::fromStdString(refusal);
        return std::nullopt;
    }
    GltfBuilder gltf;
    const QJsonObject terrain = addTerrain(gltf, state, settings);
    const QJsonObject water = addWater(gltf, state, settings);
    if (!writeFileAtomically(path, glbBytes(gltf.json("Riverbed riverbed-cli export"), gltf.binary()), error)) return std::nullopt;
    return QJsonObject{{"terrain", terrain}, {"water", water}};
}

} // namespace rb::io
