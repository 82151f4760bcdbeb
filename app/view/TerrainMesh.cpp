#include "view/TerrainMesh.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QFloat16>

#include <algorithm>
#include <vector>

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

// Central differences (one-sided on the map's edges) of the bed over `rect`, as two 16-bit floats
// per cell, packed by rows.
QByteArray slopesOf(const FloatField& bed, const CellRegion& rect, double cellSize, double rowSpacing)
{
    std::vector<float> pairs;
    pairs.reserve(2 * rect.cellCount());
    const int lastX = bed.width() - 1, lastY = bed.height() - 1;
    for (int y = rect.y; y < rect.y + rect.height; ++y)
        for (int x = rect.x; x < rect.x + rect.width; ++x) {
            const int west = std::max(x - 1, 0), east = std::min(x + 1, lastX), north = std::max(y - 1, 0), south = std::min(y + 1, lastY);
            pairs.push_back(static_cast<float>((bed(east, y) - bed(west, y)) / (std::max(east - west, 1) * cellSize)));
            pairs.push_back(static_cast<float>((bed(x, south) - bed(x, north)) / (std::max(south - north, 1) * rowSpacing)));
        }
    QByteArray bytes(static_cast<qsizetype>(pairs.size() * sizeof(qfloat16)), Qt::Uninitialized);
    qFloatToFloat16(reinterpret_cast<qfloat16*>(bytes.data()), pairs.data(), static_cast<qsizetype>(pairs.size()));
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
      slopes_(map.state.lattice.width(), map.state.lattice.height(), FieldTexture::Format::Pair16F, textureParent),
      erosion_(map.state.lattice.width(), map.state.lattice.height(), FieldTexture::Format::Pair16F, textureParent),
      deposition_(map.state.lattice.width(), map.state.lattice.height(), 0.0f),
      erodibility_(map.state.lattice.width(), map.state.lattice.height(), 1.0f),
      cellSize_(map.state.lattice.cellSize()), rowSpacing_(map.state.lattice.rowSpacing()), seaLevel_(seaLevelOf(map))
{
    const FloatField& bed = map.state.bed;
    const CellRegion whole{0, 0, bed.width(), bed.height()};
    texture_.update(0, 0, bed.width(), bed.height(), packRegion(bed, whole));
    uploadSlopes(bed, whole);
    measure(bed);
    if (!map.state.deposition.empty()) deposition_ = map.state.deposition;
    if (!map.state.erodibility.empty()) erodibility_ = map.state.erodibility;
    uploadErosion(whole);
}

void TerrainMesh::updateDeposition(const FloatField& deposition)
{
    if (deposition.width() != deposition_.width() || deposition.height() != deposition_.height()) return; // none, or a stale map's
    if (deposition.values() == deposition_.values()) return;
    deposition_ = deposition;
    uploadErosion(CellRegion{0, 0, deposition_.width(), deposition_.height()});
}

void TerrainMesh::updateErodibility(const FloatField& erodibility, const CellRegion& rect)
{
    if (erodibility.empty()) erodibility_ = FloatField(erodibility_.width(), erodibility_.height(), 1.0f);
    else if (erodibility.width() == erodibility_.width() && erodibility.height() == erodibility_.height())
        erodibility_.setValuesIn(rect, erodibility.valuesIn(rect));
    else return;
    uploadErosion(erodibility.empty() ? CellRegion{0, 0, erodibility_.width(), erodibility_.height()} : rect);
}

// Two 16-bit floats a cell: a deposition of a few centimetres still shows, and only the colour uses it.
void TerrainMesh::uploadErosion(const CellRegion& rect)
{
    std::vector<float> pairs;
    pairs.reserve(2 * rect.cellCount());
    for (int y = rect.y; y < rect.y + rect.height; ++y)
        for (int x = rect.x; x < rect.x + rect.width; ++x) {
            pairs.push_back(deposition_(x, y));
            pairs.push_back(erodibility_(x, y));
        }
    QByteArray bytes(static_cast<qsizetype>(pairs.size() * sizeof(qfloat16)), Qt::Uninitialized);
    qFloatToFloat16(reinterpret_cast<qfloat16*>(bytes.data()), pairs.data(), static_cast<qsizetype>(pairs.size()));
    erosion_.update(rect.x, rect.y, rect.width, rect.height, bytes);
}

void TerrainMesh::updateBed(const FloatField& bed, const CellRegion& rect)
{
    texture_.update(rect.x, rect.y, rect.width, rect.height, packRegion(bed, rect));
    // A cell's slope reads its neighbours: the ring around the edit changes too.
    const int x0 = std::max(rect.x - 1, 0), y0 = std::max(rect.y - 1, 0);
    const int x1 = std::min(rect.x + rect.width + 1, bed.width()), y1 = std::min(rect.y + rect.height + 1, bed.height());
    uploadSlopes(bed, CellRegion{x0, y0, x1 - x0, y1 - y0});
    measure(bed);
}

void TerrainMesh::uploadSlopes(const FloatField& bed, const CellRegion& rect)
{
    slopes_.update(rect.x, rect.y, rect.width, rect.height, slopesOf(bed, rect, cellSize_, rowSpacing_));
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
