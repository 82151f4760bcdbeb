#include "view/TerrainMesh.h"

#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>

namespace rb::view {

namespace {

// The rows of `rect`, packed, as the texture update wants them.
QByteArray packRegion(const FloatField& field, const CellRegion& rect)
{
    QByteArray bytes(static_cast<qsizetype>(rect.width) * rect.height * static_cast<qsizetype>(sizeof(float)), Qt::Uninitialized);
    auto* out = reinterpret_cast<float*>(bytes.data());
    for (int row = rect.y; row < rect.y + rect.height; ++row, out += rect.width) std::copy_n(&field(rect.x, row), rect.width, out);
    return bytes;
}

} // namespace

float seaLevelOf(const Map& map)
{
    for (const BoundarySegment& segment : map.boundary)
        if (segment.type == BoundaryType::Sea) return static_cast<float>(segment.value);
    const QJsonObject settings = QJsonDocument::fromJson(QByteArray::fromStdString(map.generatorSettings)).object();
    return static_cast<float>(settings.value("sea_level").toDouble(0.0));
}

TerrainMesh::TerrainMesh(const Map& map, Qt3DCore::QNode* textureParent)
    : texture_(map.state.lattice.width(), map.state.lattice.height(), FieldTexture::Format::Height32F, textureParent),
      seaLevel_(seaLevelOf(map))
{
    const FloatField& bed = map.state.bed;
    texture_.update(0, 0, bed.width(), bed.height(), packRegion(bed, CellRegion{0, 0, bed.width(), bed.height()}));
    measure(bed);
}

void TerrainMesh::updateBed(const FloatField& bed, const CellRegion& rect)
{
    texture_.update(rect.x, rect.y, rect.width, rect.height, packRegion(bed, rect));
    measure(bed);
}

// The whole field, not just the edit: lowering the highest peak must lower the snow line too.
void TerrainMesh::measure(const FloatField& bed)
{
    if (bed.empty()) return;
    const auto [lo, hi] = std::minmax_element(bed.values().begin(), bed.values().end());
    lowest_ = *lo;
    highest_ = *hi;
}

} // namespace rb::view
