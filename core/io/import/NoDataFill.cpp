#include "io/import/NoDataFill.h"

#include <cmath>
#include <vector>

namespace rb::io {
namespace {

struct Cell {
    int x = 0;
    int y = 0;
};

template <typename Visit>
void forNeighbours(const FloatField& field, Cell c, Visit visit)
{
    for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) {
            const int x = c.x + dx, y = c.y + dy;
            if ((dx || dy) && x >= 0 && y >= 0 && x < field.width() && y < field.height()) visit(Cell{x, y});
        }
}

// The NaN cells next to a valid one: the first wave.
std::vector<Cell> firstWave(const FloatField& field, std::vector<char>& queued)
{
    std::vector<Cell> wave;
    for (int y = 0; y < field.height(); ++y)
        for (int x = 0; x < field.width(); ++x) {
            if (!std::isnan(field(x, y))) continue;
            bool besideValid = false;
            forNeighbours(field, Cell{x, y}, [&](Cell n) { besideValid = besideValid || !std::isnan(field(n.x, n.y)); });
            if (besideValid) {
                wave.push_back({x, y});
                queued[static_cast<std::size_t>(y) * static_cast<std::size_t>(field.width()) + static_cast<std::size_t>(x)] = 1;
            }
        }
    return wave;
}

float meanOfValidNeighbours(const FloatField& field, Cell c)
{
    double sum = 0.0;
    int count = 0;
    forNeighbours(field, c, [&](Cell n) {
        if (!std::isnan(field(n.x, n.y))) {
            sum += field(n.x, n.y);
            ++count;
        }
    });
    return static_cast<float>(sum / count); // every queued cell has a valid neighbour
}

} // namespace

std::size_t fillNaNCells(FloatField& field)
{
    std::vector<char> queued(field.size(), 0);
    std::vector<Cell> wave = firstWave(field, queued);
    std::size_t filled = 0;
    while (!wave.empty()) {
        // Values first, then write: cells of one wave do not feed each other (order-independent).
        std::vector<float> values;
        values.reserve(wave.size());
        for (Cell c : wave) values.push_back(meanOfValidNeighbours(field, c));
        for (std::size_t i = 0; i < wave.size(); ++i) field(wave[i].x, wave[i].y) = values[i];
        filled += wave.size();
        std::vector<Cell> next;
        for (Cell c : wave)
            forNeighbours(field, c, [&](Cell n) {
                char& q = queued[static_cast<std::size_t>(n.y) * static_cast<std::size_t>(field.width()) + static_cast<std::size_t>(n.x)];
                if (!q && std::isnan(field(n.x, n.y))) {
                    q = 1;
                    next.push_back(n);
                }
            });
        wave = std::move(next);
    }
    return filled;
}

} // namespace rb::io
