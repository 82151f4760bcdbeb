#include "io/export/TileGrid.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace rb::io {
namespace {

constexpr int kSmallestAnyEngineTile = 2; // Godot takes any size; a tile needs two samples a side

QString tileEngineName(Engine engine)
{
    const std::string_view name = engineName(engine);
    return QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size()));
}

int longerSide(GridSize raster)
{
    return std::max(raster.width, raster.height);
}

// The tile size that would cut the raster exactly, as a real number: (S − 1)/N + 1.
double idealTileSize(int tiles, GridSize raster)
{
    return static_cast<double>(longerSide(raster) - 1) / tiles + 1.0;
}

// The sizes a tile may have: the engine's list, or (Godot) the two whole numbers around the ideal.
std::vector<int> candidateSizes(Engine engine, int tiles, GridSize raster)
{
    std::vector<int> sizes = engineSizes(engine);
    if (!sizes.empty()) return sizes;
    const double ideal = idealTileSize(tiles, raster);
    return {std::max(kSmallestAnyEngineTile, static_cast<int>(std::floor(ideal))),
            std::max(kSmallestAnyEngineTile, static_cast<int>(std::ceil(ideal)))};
}

int totalOf(int tiles, int tileSize)
{
    return tiles * (tileSize - 1) + 1;
}

// The candidate whose total is nearest the raster's longer side; ties go to the larger.
int nearestTileSize(Engine engine, int tiles, GridSize raster)
{
    const int side = longerSide(raster);
    int best = 0;
    for (int size : candidateSizes(engine, tiles, raster)) {
        const long distance = std::labs(static_cast<long>(totalOf(tiles, size)) - side);
        const long bestDistance = std::labs(static_cast<long>(totalOf(tiles, best)) - side);
        if (best == 0 || distance < bestDistance || (distance == bestDistance && size > best)) best = size;
    }
    return best;
}

QString tooSmallProblem(Engine engine, int tiles, GridSize raster, int smallest)
{
    const int side = longerSide(raster);
    const QString head = QString("--tiles %1: a map %2 samples a side cut into %1 × %1 tiles gives tiles of about %3 samples, under %4's smallest tile of %5")
                             .arg(tiles).arg(side).arg(std::floor(idealTileSize(tiles, raster))).arg(tileEngineName(engine)).arg(smallest);
    const int most = (side - 1) / (smallest - 1);
    if (most >= 1) return head + QString("; use --tiles %1 or fewer").arg(most);
    return head + "; the map is smaller than one tile: export it whole (without --tiles), which resamples it to the engine's size";
}

QString tooLargeProblem(Engine engine, int tiles, GridSize raster, int largest)
{
    const int side = longerSide(raster);
    const int fewest = (side - 2) / (largest - 1) + 1; // ceil((S − 1)/(largest − 1))
    return QString("--tiles %1: a map %2 samples a side cut into %1 × %1 tiles gives tiles of about %3 samples, over %4's largest tile of %5; use --tiles %6 or more")
        .arg(tiles).arg(side).arg(std::ceil(idealTileSize(tiles, raster))).arg(tileEngineName(engine)).arg(largest).arg(fewest);
}

} // namespace

QString tileLayoutProblem(Engine engine, int tiles, GridSize raster)
{
    if (tiles < 1) return QString("--tiles must be at least 1, got %1").arg(tiles);
    const std::vector<int> sizes = engineSizes(engine);
    const int smallest = sizes.empty() ? kSmallestAnyEngineTile : sizes.front();
    const double ideal = idealTileSize(tiles, raster);
    if (ideal < smallest) return tooSmallProblem(engine, tiles, raster, smallest);
    if (!sizes.empty() && ideal > sizes.back()) return tooLargeProblem(engine, tiles, raster, sizes.back());
    const int total = totalOf(tiles, nearestTileSize(engine, tiles, raster));
    if (total > kMaxTileSetSide)
        return QString("--tiles %1: the nearest set %4 takes is %2 samples a side, over the largest of %3; use other --tiles")
            .arg(tiles).arg(total).arg(kMaxTileSetSide).arg(tileEngineName(engine));
    return {};
}

TileLayout tileLayout(Engine engine, int tiles, GridSize raster)
{
    TileLayout layout;
    layout.tiles = tiles;
    layout.tileSize = nearestTileSize(engine, tiles, raster);
    layout.total = totalOf(tiles, layout.tileSize);
    layout.raster = raster;
    layout.resampled = layout.total != raster.width || layout.total != raster.height;
    return layout;
}

ExportGrid tileSetGrid(const Lattice& lattice, const TileLayout& layout)
{
    return vertexGrid(lattice, layout.total, layout.total);
}

ExportGrid tileGrid(const ExportGrid& set, const TileLayout& layout, int column, int row)
{
    ExportGrid tile = set;
    tile.width = tile.height = layout.tileSize;
    tile.origin = set.position(layout.firstSample(column), layout.firstSample(row));
    tile.onCells = false; // a part of the grid, never the whole lattice
    return tile;
}

} // namespace rb::io
