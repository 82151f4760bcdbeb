#include "MeshChecks.h"

#include "io/mesh/GltfExport.h"

#include <QByteArray>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtEndian>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>

namespace rb {
namespace {

// A .glb read back by hand: header, JSON chunk, BIN chunk, and typed views of the accessors.
struct Glb {
    QJsonObject json;
    QByteArray binary;

    static Glb read(const QString& path)
    {
        QFile file(path);
        EXPECT_TRUE(file.open(QIODevice::ReadOnly));
        const QByteArray bytes = file.readAll();
        const auto word = [&](qsizetype at) { return qFromLittleEndian<quint32>(bytes.constData() + at); };
        EXPECT_EQ(word(0), 0x46546C67u);
        EXPECT_EQ(word(4), 2u);
        EXPECT_EQ(word(8), static_cast<quint32>(bytes.size()));
        const quint32 jsonLength = word(12);
        EXPECT_EQ(jsonLength % 4, 0u);
        EXPECT_EQ(word(16), 0x4E4F534Au);
        Glb glb;
        glb.json = QJsonDocument::fromJson(bytes.mid(20, jsonLength)).object();
        const qsizetype bin = 20 + jsonLength;
        EXPECT_EQ(word(bin + 4), 0x004E4942u);
        glb.binary = bytes.mid(bin + 8, word(bin));
        EXPECT_EQ(glb.binary.size() % 4, 0);
        return glb;
    }

    QJsonObject node(const QString& name) const
    {
        for (const QJsonValue& n : json["nodes"].toArray())
            if (n["name"].toString() == name) return n.toObject();
        return {};
    }
    QJsonObject primitive(const QString& name) const
    {
        return json["meshes"].toArray()[node(name)["mesh"].toInt()].toObject()["primitives"].toArray()[0].toObject();
    }
    QJsonObject accessor(const QString& mesh, const QString& attribute) const
    {
        return json["accessors"].toArray()[primitive(mesh)["attributes"].toObject()[attribute].toInt()].toObject();
    }
    template <typename T>
    std::vector<T> values(const QJsonObject& accessor) const
    {
        const QJsonObject view = json["bufferViews"].toArray()[accessor["bufferView"].toInt()].toObject();
        std::vector<T> out(static_cast<std::size_t>(view["byteLength"].toInteger()) / sizeof(T));
        std::memcpy(out.data(), binary.constData() + view["byteOffset"].toInteger(), out.size() * sizeof(T));
        return out;
    }
};

class GltfExport : public ::testing::TestWithParam<LatticeKind> {
protected:
    GltfExport() : state(Lattice(GetParam(), 48, 36, 2.5))
    {
        state.bed = test::bumpyTerrain(state.lattice);
        for (int y = 0; y < 36; ++y)
            for (int x = 8; x < 30; ++x) state.depth(x, y) = 0.02f * static_cast<float>(x - 8) * (y % 7 == 0 ? 0.0f : 1.0f);
        state.flows[0].fill(0.3f); // water moving east
    }

    Glb write(std::size_t triangles, QJsonObject* report = nullptr)
    {
        io::GltfSettings settings;
        settings.triangles = triangles;
        QString error;
        const std::optional<QJsonObject> written = io::exportGltf(state, path, settings, &error);
        EXPECT_TRUE(written) << error.toStdString();
        if (report && written) *report = *written;
        return Glb::read(path);
    }

    MapState state;
    QTemporaryDir dir;
    QString path = dir.filePath("map.glb");
};

TEST_P(GltfExport, TerrainBoundsAreTheMapsExtentAndHeights)
{
    const Glb glb = write(300);
    const QJsonObject position = glb.accessor("terrain", "POSITION");
    const auto [low, high] = std::minmax_element(state.bed.values().begin(), state.bed.values().end());
    const Lattice& lattice = state.lattice;
    const QJsonArray min = position["min"].toArray(), max = position["max"].toArray();
    EXPECT_FLOAT_EQ(min[0].toDouble(), 0.5 * lattice.cellSize());
    EXPECT_FLOAT_EQ(max[0].toDouble(), lattice.worldWidth() - 0.5 * lattice.cellSize());
    EXPECT_FLOAT_EQ(min[1].toDouble(), *low);
    EXPECT_FLOAT_EQ(max[1].toDouble(), *high);
    EXPECT_FLOAT_EQ(min[2].toDouble(), 0.5 * lattice.rowSpacing());
    EXPECT_FLOAT_EQ(max[2].toDouble(), lattice.worldHeight() - 0.5 * lattice.rowSpacing());
    // min and max are those of the floats in the buffer
    const std::vector<float> xyz = glb.values<float>(position);
    for (int k = 0; k < 3; ++k) {
        float lo = INFINITY, hi = -INFINITY;
        for (std::size_t i = static_cast<std::size_t>(k); i < xyz.size(); i += 3) lo = std::min(lo, xyz[i]), hi = std::max(hi, xyz[i]);
        EXPECT_EQ(lo, static_cast<float>(min[k].toDouble()));
        EXPECT_EQ(hi, static_cast<float>(max[k].toDouble()));
    }
}

TEST_P(GltfExport, TerrainKeepsToTheBudgetAndFacesUp)
{
    QJsonObject report;
    const Glb glb = write(300, &report);
    const QJsonObject indices = glb.json["accessors"].toArray()[glb.primitive("terrain")["indices"].toInt()].toObject();
    EXPECT_LE(indices["count"].toInt(), 3 * 300);
    EXPECT_EQ(indices["count"].toInt(), 3 * report["terrain"].toObject()["triangles"].toInt());
    EXPECT_GT(report["terrain"].toObject()["maxHeightError"].toDouble(), 0.0);
    for (std::size_t i = 1; i < glb.values<float>(glb.accessor("terrain", "NORMAL")).size(); i += 3)
        EXPECT_GT(glb.values<float>(glb.accessor("terrain", "NORMAL"))[i], 0.0f);
    // Winding: the first triangle's face normal, by the right-hand rule, points up (+Y).
    const std::vector<std::uint32_t> index = glb.values<std::uint32_t>(indices);
    const std::vector<float> p = glb.values<float>(glb.accessor("terrain", "POSITION"));
    for (std::size_t t = 0; t < index.size(); t += 3) {
        const float* a = &p[3 * index[t]];
        const float* b = &p[3 * index[t + 1]];
        const float* c = &p[3 * index[t + 2]];
        const double up = (b[2] - a[2]) * (c[0] - a[0]) - (b[0] - a[0]) * (c[2] - a[2]);
        ASSERT_GT(up, 0.0) << "triangle " << t / 3;
    }
}

TEST_P(GltfExport, WaterIsTheWetCellsWithDepthAndVelocity)
{
    const Glb glb = write(100000);
    const std::vector<float> depth = glb.values<float>(glb.accessor("water", "_DEPTH"));
    const std::vector<float> position = glb.values<float>(glb.accessor("water", "POSITION"));
    const std::vector<float> velocity = glb.values<float>(glb.accessor("water", "_VELOCITY"));
    ASSERT_GT(depth.size(), 100u);
    ASSERT_EQ(position.size(), 3 * depth.size());
    for (std::size_t v = 0; v < depth.size(); ++v) {
        const std::optional<CellCoord> cell = state.lattice.nearestCell({position[3 * v], position[3 * v + 2]});
        ASSERT_TRUE(cell);
        EXPECT_GT(state.depth(cell->x, cell->y), io::kWetDepth);
        EXPECT_EQ(depth[v], state.depth(cell->x, cell->y));
        EXPECT_FLOAT_EQ(position[3 * v + 1], state.bed(cell->x, cell->y) + state.depth(cell->x, cell->y));
        EXPECT_GT(velocity[2 * v], 0.0f); // east
    }
    const std::vector<float> colour = glb.values<float>(glb.accessor("water", "COLOR_0"));
    for (float c : colour) EXPECT_TRUE(c >= 0.0f && c <= 1.0f);
    EXPECT_EQ(glb.json["materials"].toArray()[glb.primitive("water")["material"].toInt()].toObject()["alphaMode"].toString(), "BLEND");
}

TEST_P(GltfExport, DryMapHasNoWaterNode)
{
    state.depth.fill(0.0f);
    QJsonObject report;
    const Glb glb = write(1000, &report);
    EXPECT_TRUE(glb.node("water").isEmpty());
    EXPECT_FALSE(glb.node("terrain").isEmpty());
    EXPECT_EQ(report["water"].toObject()["triangles"].toInt(), 0);
}

TEST(GltfExportRequest, RefusesOtherExtensions)
{
    EXPECT_FALSE(io::gltfRequestProblem("scene.gltf").isEmpty());
    EXPECT_FALSE(io::gltfRequestProblem("scene.obj").isEmpty());
    EXPECT_TRUE(io::gltfRequestProblem("scene.GLB").isEmpty());
}

INSTANTIATE_TEST_SUITE_P(BothLattices, GltfExport, ::testing::Values(LatticeKind::Square, LatticeKind::Triangle),
                         [](const auto& info) { return std::string(latticeKindName(info.param)); });

} // namespace
} // namespace rb
