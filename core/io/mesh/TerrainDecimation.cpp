#include "io/mesh/TerrainDecimation.h"

#include "io/mesh/LatticePlane.h"

#include <algorithm>
#include <cmath>
#include <queue>
#include <tuple>

namespace rb::io {
namespace {

using Point = LatticePlane::Point;
constexpr std::int32_t kNone = -1;

// Vertices counter-clockwise in (u, v); n[i] is the triangle across the edge v[i] → v[i+1].
struct Triangle {
    std::array<std::uint32_t, 3> v{};
    std::array<std::int32_t, 3> n{kNone, kNone, kNone};
    std::uint32_t stamp = 0; // changes whenever the triangle does, so queued candidates go stale
};

// A triangle's worst cell: the next vertex if it is the worst of all.
struct Candidate {
    double error = 0.0;
    std::int32_t triangle = kNone;
    std::uint32_t stamp = 0;
    std::uint32_t cell = 0;
    bool operator<(const Candidate& other) const { return error < other.error; }
};

int next(int i) { return (i + 1) % 3; }
int previous(int i) { return (i + 2) % 3; }

// The Delaunay triangulation of the inserted cells with each triangle's worst cell queued.
class GreedyInserter {
public:
    GreedyInserter(const Lattice& lattice, const FloatField& heights) : plane_(lattice), heights_(heights) {}

    std::size_t startFromHull();
    // Inserts the lowest and the highest cell, so the mesh spans the terrain's height range.
    std::size_t pinExtremes();
    // Inserts worst cells until the next would pass the budget or none is off the mesh; returns
    // the largest remaining error and whether every cell lies on the mesh.
    std::pair<double, bool> insertWithin(std::size_t budget);
    LatticeMesh mesh() const;

private:
    Point at(std::uint32_t cell) const { return plane_.point(cell); }
    double height(std::uint32_t cell) const { return heights_[cell]; }
    std::int32_t addTriangle(const Triangle& t);
    void setTriangle(std::int32_t index, std::array<std::uint32_t, 3> v, std::array<std::int32_t, 3> n);
    void replaceNeighbour(std::int32_t of, std::int32_t oldNeighbour, std::int32_t newNeighbour);
    int edgeHolding(const Triangle& t, std::uint32_t cell) const; // the edge the cell lies on, or -1
    int edgeFrom(const Triangle& t, std::uint32_t from) const;
    std::size_t trianglesAdded(const Candidate& c) const;
    void insert(const Candidate& c);
    void insertInside(std::int32_t t, std::uint32_t p);
    void insertOnEdge(std::int32_t t, int edge, std::uint32_t p);
    void legalise();
    void queueWorstCell(std::int32_t t);
    const Candidate* validTop();

    LatticePlane plane_;
    const FloatField& heights_;
    std::vector<Triangle> triangles_;
    std::priority_queue<Candidate> queue_;
    std::vector<std::int32_t> toLegalise_; // triangles whose vertex 0 was just inserted
    std::vector<std::int32_t> changed_;
};

std::size_t GreedyInserter::startFromHull()
{
    // Andrew's monotone chain over the boundary cells, collinear cells left out (inserted later).
    std::vector<std::uint32_t> boundary;
    const int w = plane_.width(), h = plane_.height();
    for (int x = 0; x < w; ++x) boundary.insert(boundary.end(), {plane_.cell(x, 0), plane_.cell(x, h - 1)});
    for (int y = 1; y + 1 < h; ++y) boundary.insert(boundary.end(), {plane_.cell(0, y), plane_.cell(w - 1, y)});
    std::sort(boundary.begin(), boundary.end(), [this](std::uint32_t a, std::uint32_t b) {
        return at(a).u != at(b).u ? at(a).u < at(b).u : at(a).v < at(b).v;
    });
    std::vector<std::uint32_t> hull;
    for (int pass = 0; pass < 2; ++pass) {
        const std::size_t floor = hull.size();
        for (std::uint32_t cell : boundary) {
            while (hull.size() >= floor + 2 && LatticePlane::orient(at(hull[hull.size() - 2]), at(hull.back()), at(cell)) <= 0) hull.pop_back();
            hull.push_back(cell);
        }
        hull.pop_back(); // the last point starts the other chain
        std::reverse(boundary.begin(), boundary.end());
    }
    for (std::size_t i = 1; i + 1 < hull.size(); ++i) {
        Triangle t;
        t.v = {hull[0], hull[i], hull[i + 1]};
        const auto index = static_cast<std::int32_t>(i - 1);
        t.n = {i > 1 ? index - 1 : kNone, kNone, i + 2 < hull.size() ? index + 1 : kNone};
        triangles_.push_back(t);
    }
    for (std::size_t i = 0; i < triangles_.size(); ++i) queueWorstCell(static_cast<std::int32_t>(i));
    return triangles_.size();
}

std::size_t GreedyInserter::pinExtremes()
{
    const auto [lowest, highest] = std::minmax_element(heights_.values().begin(), heights_.values().end());
    for (const auto extreme : {lowest, highest}) {
        const auto cell = static_cast<std::uint32_t>(extreme - heights_.values().begin());
        const Point p = at(cell);
        for (std::size_t i = 0; i < triangles_.size(); ++i) {
            const Triangle& t = triangles_[i];
            if (cell == t.v[0] || cell == t.v[1] || cell == t.v[2]) break; // already a vertex
            if (LatticePlane::orient(at(t.v[0]), at(t.v[1]), p) >= 0 && LatticePlane::orient(at(t.v[1]), at(t.v[2]), p) >= 0
                && LatticePlane::orient(at(t.v[2]), at(t.v[0]), p) >= 0) {
                insert(Candidate{0.0, static_cast<std::int32_t>(i), t.stamp, cell});
                break;
            }
        }
    }
    return triangles_.size();
}

const Candidate* GreedyInserter::validTop()
{
    while (!queue_.empty() && queue_.top().stamp != triangles_[static_cast<std::size_t>(queue_.top().triangle)].stamp) queue_.pop();
    return queue_.empty() ? nullptr : &queue_.top();
}

std::pair<double, bool> GreedyInserter::insertWithin(std::size_t budget)
{
    while (const Candidate* top = validTop()) {
        if (triangles_.size() + trianglesAdded(*top) > budget) return {top->error, false};
        const Candidate c = *top;
        queue_.pop();
        insert(c);
    }
    return {0.0, true};
}

std::size_t GreedyInserter::trianglesAdded(const Candidate& c) const
{
    const Triangle& t = triangles_[static_cast<std::size_t>(c.triangle)];
    const int edge = edgeHolding(t, c.cell);
    return edge >= 0 && t.n[static_cast<std::size_t>(edge)] == kNone ? 1 : 2;
}

int GreedyInserter::edgeHolding(const Triangle& t, std::uint32_t cell) const
{
    for (int i = 0; i < 3; ++i)
        if (LatticePlane::orient(at(t.v[static_cast<std::size_t>(i)]), at(t.v[static_cast<std::size_t>(next(i))]), at(cell)) == 0) return i;
    return -1;
}

int GreedyInserter::edgeFrom(const Triangle& t, std::uint32_t from) const
{
    for (int i = 0; i < 3; ++i)
        if (t.v[static_cast<std::size_t>(i)] == from) return i;
    return -1;
}

std::int32_t GreedyInserter::addTriangle(const Triangle& t)
{
    triangles_.push_back(t);
    return static_cast<std::int32_t>(triangles_.size() - 1);
}

void GreedyInserter::setTriangle(std::int32_t index, std::array<std::uint32_t, 3> v, std::array<std::int32_t, 3> n)
{
    Triangle& t = triangles_[static_cast<std::size_t>(index)];
    t.v = v;
    t.n = n;
    ++t.stamp;
    changed_.push_back(index);
}

void GreedyInserter::replaceNeighbour(std::int32_t of, std::int32_t oldNeighbour, std::int32_t newNeighbour)
{
    if (of == kNone) return;
    for (std::int32_t& n : triangles_[static_cast<std::size_t>(of)].n)
        if (n == oldNeighbour) n = newNeighbour;
}

void GreedyInserter::insert(const Candidate& c)
{
    const int edge = edgeHolding(triangles_[static_cast<std::size_t>(c.triangle)], c.cell);
    if (edge < 0) insertInside(c.triangle, c.cell);
    else insertOnEdge(c.triangle, edge, c.cell);
    legalise();
    std::sort(changed_.begin(), changed_.end());
    changed_.erase(std::unique(changed_.begin(), changed_.end()), changed_.end());
    for (std::int32_t t : changed_) queueWorstCell(t);
    changed_.clear();
}

// Splits abc into pab, pbc, pca.
void GreedyInserter::insertInside(std::int32_t t, std::uint32_t p)
{
    const Triangle old = triangles_[static_cast<std::size_t>(t)];
    const auto [a, b, c] = old.v;
    const auto [nab, nbc, nca] = old.n;
    const std::int32_t t1 = addTriangle({}), t2 = addTriangle({});
    setTriangle(t, {p, a, b}, {t2, nab, t1});
    setTriangle(t1, {p, b, c}, {t, nbc, t2});
    setTriangle(t2, {p, c, a}, {t1, nca, t});
    replaceNeighbour(nbc, t, t1);
    replaceNeighbour(nca, t, t2);
    toLegalise_.insert(toLegalise_.end(), {t, t1, t2});
}

// p on the edge ab of abc (and of the neighbour bad, if any): each splits in two.
void GreedyInserter::insertOnEdge(std::int32_t t, int edge, std::uint32_t p)
{
    const Triangle old = triangles_[static_cast<std::size_t>(t)];
    const auto e = static_cast<std::size_t>(edge);
    const std::uint32_t a = old.v[e], b = old.v[static_cast<std::size_t>(next(edge))], c = old.v[static_cast<std::size_t>(previous(edge))];
    const std::int32_t s = old.n[e], nbc = old.n[static_cast<std::size_t>(next(edge))], nca = old.n[static_cast<std::size_t>(previous(edge))];
    const std::int32_t t1 = addTriangle({});
    std::int32_t s0 = kNone, s1 = kNone;
    if (s != kNone) {
        const Triangle other = triangles_[static_cast<std::size_t>(s)];
        const int j = edgeFrom(other, b);
        const std::uint32_t d = other.v[static_cast<std::size_t>(previous(j))];
        const std::int32_t nad = other.n[static_cast<std::size_t>(next(j))], ndb = other.n[static_cast<std::size_t>(previous(j))];
        s0 = s;
        s1 = addTriangle({});
        setTriangle(s0, {p, a, d}, {t1, nad, s1});
        setTriangle(s1, {p, d, b}, {s0, ndb, t});
        replaceNeighbour(ndb, s, s1);
        toLegalise_.insert(toLegalise_.end(), {s0, s1});
    }
    setTriangle(t, {p, b, c}, {s1, nbc, t1});
    setTriangle(t1, {p, c, a}, {t, nca, s0});
    replaceNeighbour(nca, t, t1);
    toLegalise_.insert(toLegalise_.end(), {t, t1});
}

// Lawson's flips: while the cell across the edge opposite the new vertex lies inside a
// triangle's circumcircle, flip that edge (d strictly inside also makes the quadrilateral convex).
void GreedyInserter::legalise()
{
    while (!toLegalise_.empty()) {
        const std::int32_t t = toLegalise_.back();
        toLegalise_.pop_back();
        const Triangle tri = triangles_[static_cast<std::size_t>(t)];
        const std::int32_t s = tri.n[1];
        if (s == kNone) continue;
        const auto [p, b, c] = tri.v;
        const Triangle other = triangles_[static_cast<std::size_t>(s)];
        const int j = edgeFrom(other, c);
        const std::uint32_t d = other.v[static_cast<std::size_t>(previous(j))];
        if (plane_.inCircle(at(p), at(b), at(c), at(d)) <= 0) continue;
        const std::int32_t nbd = other.n[static_cast<std::size_t>(next(j))], ndc = other.n[static_cast<std::size_t>(previous(j))];
        const std::int32_t npb = tri.n[0], ncp = tri.n[2];
        setTriangle(t, {p, b, d}, {npb, nbd, s});
        setTriangle(s, {p, d, c}, {t, ndc, ncp});
        replaceNeighbour(nbd, s, t);
        replaceNeighbour(ncp, t, s);
        toLegalise_.insert(toLegalise_.end(), {t, s});
    }
}

// Visits every cell inside or on the triangle and queues the one farthest from its plane.
void GreedyInserter::queueWorstCell(std::int32_t index)
{
    const Triangle& t = triangles_[static_cast<std::size_t>(index)];
    const Point a = at(t.v[0]), b = at(t.v[1]), c = at(t.v[2]);
    const double area = static_cast<double>(LatticePlane::orient(a, b, c));
    Candidate worst{0.0, index, t.stamp, 0};
    plane_.forEachCellIn(a, b, c, [&](int x, int y, std::int64_t wa, std::int64_t wb, std::int64_t wc) {
        const std::uint32_t cell = plane_.cell(x, y);
        if (cell == t.v[0] || cell == t.v[1] || cell == t.v[2]) return;
        const double onPlane = (static_cast<double>(wa) * height(t.v[0]) + static_cast<double>(wb) * height(t.v[1])
                                + static_cast<double>(wc) * height(t.v[2])) / area;
        const double error = std::abs(height(cell) - onPlane);
        if (error > worst.error) {
            worst.error = error;
            worst.cell = cell;
        }
    });
    if (worst.error > 0.0) queue_.push(worst);
}

LatticeMesh GreedyInserter::mesh() const
{
    LatticeMesh mesh;
    std::vector<std::uint32_t> vertexOfCell(static_cast<std::size_t>(plane_.width()) * static_cast<std::size_t>(plane_.height()), UINT32_MAX);
    mesh.triangles.reserve(triangles_.size());
    for (const Triangle& t : triangles_) {
        std::array<std::uint32_t, 3> vertices{};
        for (std::size_t i = 0; i < 3; ++i) {
            std::uint32_t& vertex = vertexOfCell[t.v[i]];
            if (vertex == UINT32_MAX) {
                vertex = static_cast<std::uint32_t>(mesh.vertexCells.size());
                mesh.vertexCells.push_back(t.v[i]);
            }
            vertices[i] = vertex;
        }
        mesh.triangles.push_back(vertices);
    }
    return mesh;
}

} // namespace

TerrainDecimation decimateTerrain(const Lattice& lattice, const FloatField& heights, std::size_t budget)
{
    GreedyInserter inserter(lattice, heights);
    TerrainDecimation result;
    result.budget = budget;
    inserter.startFromHull();
    result.minimumTriangles = inserter.pinExtremes();
    std::tie(result.maxError, result.complete) = inserter.insertWithin(budget);
    result.mesh = inserter.mesh();
    return result;
}

} // namespace rb::io
