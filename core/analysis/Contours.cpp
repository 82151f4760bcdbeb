#include "analysis/Contours.h"

#include <array>
#include <unordered_map>

namespace rb::analysis {
namespace {

// A quad edge, named by its first node and its direction: along a row or down to the next row.
struct EdgeKey {
    int x = 0, y = 0;
    bool down = false;
    bool operator==(const EdgeKey&) const = default;
};

struct EdgeKeyHash {
    std::size_t operator()(const EdgeKey& k) const
    {
        return std::hash<long long>()((static_cast<long long>(k.y) << 33) ^ (static_cast<long long>(k.x) << 1) ^ (k.down ? 1 : 0));
    }
};

struct Segment {
    EdgeKey a, b;
};

class Tracer {
public:
    Tracer(const Lattice& lattice, const std::function<double(int, int)>& value, double level)
        : lattice_(lattice), value_(value), level_(level) {}

    void addQuad(int x, int y)
    {
        const std::array<double, 4> v{value_(x, y) - level_, value_(x + 1, y) - level_, value_(x + 1, y + 1) - level_, value_(x, y + 1) - level_};
        const std::array<EdgeKey, 4> e{EdgeKey{x, y, false}, EdgeKey{x + 1, y, true}, EdgeKey{x, y + 1, false}, EdgeKey{x, y, true}};
        int mask = 0;
        for (int i = 0; i < 4; ++i) mask |= (v[static_cast<std::size_t>(i)] > 0.0 ? 1 : 0) << i;
        // Edge i joins corners i and i+1; it is crossed when they lie on different sides.
        std::array<int, 4> crossed{};
        int n = 0;
        for (int i = 0; i < 4; ++i)
            if (((mask >> i) & 1) != ((mask >> ((i + 1) % 4)) & 1)) crossed[static_cast<std::size_t>(n++)] = i;
        if (n == 2) add(e[static_cast<std::size_t>(crossed[0])], e[static_cast<std::size_t>(crossed[1])]);
        if (n != 4) return;
        // A saddle: corners 0 and 2 on one side, 1 and 3 on the other. If the centre is on corner
        // 0's side, the region of 0 and 2 is joined and the lines cut off corners 1 and 3.
        const bool centreWithZero = ((v[0] + v[1] + v[2] + v[3]) > 0.0) == (v[0] > 0.0);
        if (centreWithZero) {
            add(e[0], e[1]); // around corner 1
            add(e[2], e[3]); // around corner 3
        } else {
            add(e[3], e[0]); // around corner 0
            add(e[1], e[2]); // around corner 2
        }
    }

    std::vector<Polyline> lines()
    {
        std::vector<Polyline> result;
        std::vector<bool> used(segments_.size(), false);
        // Open lines first, from an edge only one segment touches; then the closed rings.
        for (int pass = 0; pass < 2; ++pass)
            for (std::size_t s = 0; s < segments_.size(); ++s) {
                if (used[s]) continue;
                const bool openEnd = ends_[segments_[s].a].size() == 1, otherOpen = ends_[segments_[s].b].size() == 1;
                if (pass == 0 && !openEnd && !otherOpen) continue;
                result.push_back(walk(s, openEnd || pass == 1 ? segments_[s].a : segments_[s].b, used));
            }
        return result;
    }

private:
    void add(EdgeKey a, EdgeKey b)
    {
        ends_[a].push_back(segments_.size());
        ends_[b].push_back(segments_.size());
        segments_.push_back({a, b});
    }

    Polyline walk(std::size_t first, EdgeKey from, std::vector<bool>& used)
    {
        Polyline line{position(from)};
        std::size_t s = first;
        EdgeKey at = from;
        while (true) {
            used[s] = true;
            at = segments_[s].a == at ? segments_[s].b : segments_[s].a;
            line.push_back(position(at));
            std::size_t next = segments_.size();
            for (std::size_t candidate : ends_[at])
                if (!used[candidate]) next = candidate;
            if (next == segments_.size()) return line;
            s = next;
        }
    }

    WorldPoint position(const EdgeKey& k) const
    {
        const int x2 = k.down ? k.x : k.x + 1, y2 = k.down ? k.y + 1 : k.y;
        const double a = value_(k.x, k.y) - level_, b = value_(x2, y2) - level_;
        const double t = a / (a - b);
        const WorldPoint p = lattice_.worldPosition(k.x, k.y), q = lattice_.worldPosition(x2, y2);
        return {p.x + t * (q.x - p.x), p.y + t * (q.y - p.y)};
    }

    const Lattice& lattice_;
    const std::function<double(int, int)>& value_;
    double level_;
    std::vector<Segment> segments_;
    std::unordered_map<EdgeKey, std::vector<std::size_t>, EdgeKeyHash> ends_;
};

} // namespace

std::vector<Polyline> contourLines(const Lattice& lattice, const ContourWindow& window, const std::function<double(int, int)>& value,
                                   double level)
{
    Tracer tracer(lattice, value, level);
    for (int y = window.y0; y < window.y1; ++y)
        for (int x = window.x0; x < window.x1; ++x) tracer.addQuad(x, y);
    return tracer.lines();
}

double enclosedArea(const Polyline& ring)
{
    double twice = 0.0;
    for (std::size_t i = 0; i + 1 < ring.size(); ++i) twice += ring[i].x * ring[i + 1].y - ring[i + 1].x * ring[i].y;
    return 0.5 * twice;
}

} // namespace rb::analysis
