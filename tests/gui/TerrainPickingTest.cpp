// The tools hit the terrain exactly: for 20 random pixels over the terrain at three camera angles
// (steep, oblique, grazing) on both lattices, the cell the viewport picks is within one cell of the
// true hit, found independently by intersecting the ray with every triangle of the full-resolution
// terrain mesh (Möller–Trumbore in double) and keeping the nearest.
#include "GuiTestSupport.h"

#include "document/MapDocument.h"
#include "view/MeshGrid.h"
#include "view/Viewport.h"

#include <QRandomGenerator>
#include <QSignalSpy>

#include <array>
#include <cmath>

namespace {

using Vec = std::array<double, 3>;

Vec sub(const Vec& a, const Vec& b) { return {a[0] - b[0], a[1] - b[1], a[2] - b[2]}; }
Vec cross(const Vec& a, const Vec& b) { return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]}; }
double dot(const Vec& a, const Vec& b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

// The nearest t > 0 at which origin + t·direction crosses the triangle, if it does.
std::optional<double> hitTriangle(const Vec& origin, const Vec& direction, const Vec& a, const Vec& b, const Vec& c)
{
    const Vec e1 = sub(b, a), e2 = sub(c, a), p = cross(direction, e2);
    const double det = dot(e1, p);
    if (std::abs(det) < 1e-12) return std::nullopt;
    const Vec s = sub(origin, a);
    const double u = dot(s, p) / det;
    if (u < -1e-9 || u > 1 + 1e-9) return std::nullopt;
    const Vec q = cross(s, e1);
    const double v = dot(direction, q) / det;
    if (v < -1e-9 || u + v > 1 + 1e-9) return std::nullopt;
    const double t = dot(e2, q) / det;
    return t > 0 ? std::optional<double>(t) : std::nullopt;
}

// Brute force over every triangle of the mesh the view draws at full resolution.
std::optional<QVector3D> trueHit(const rb::MapState& state, QVector3D origin, QVector3D direction)
{
    const rb::view::MeshGrid grid(state.lattice, 1 << 20);
    std::vector<Vec> vertices(grid.vertexCount());
    for (int j = 0; j < grid.rowCount(); ++j)
        for (int i = 0; i < grid.columnCount(); ++i) {
            const int x = grid.columns()[static_cast<std::size_t>(i)], y = grid.rows()[static_cast<std::size_t>(j)];
            const rb::WorldPoint p = state.lattice.worldPosition(x, y);
            vertices[grid.vertex(i, j)] = {p.x, state.bed(x, y), p.y};
        }
    const Vec o{origin.x(), origin.y(), origin.z()}, d{direction.x(), direction.y(), direction.z()};
    std::optional<double> best;
    const auto& indices = grid.indices();
    for (std::size_t t = 0; t + 2 < indices.size(); t += 3)
        if (const auto hit = hitTriangle(o, d, vertices[indices[t]], vertices[indices[t + 1]], vertices[indices[t + 2]]))
            if (!best || *hit < *best) best = hit;
    if (!best) return std::nullopt;
    return origin + static_cast<float>(*best) * direction;
}

} // namespace

class TerrainPickingTest : public QObject {
    Q_OBJECT

private:
    rb::guitest::Editor editor_;
    rb::editor::MainWindow* window() { return editor_.window.get(); }

    // 20 random pixels whose ray meets the mesh; the picked cell must be within one cell of the
    // true one, and the picked point within a hundredth of a cell of the true point.
    void probe(const char* angle, float yaw, float pitch, float distanceFactor)
    {
        rb::view::Viewport* viewport = window()->viewport();
        const rb::MapState& state = window()->document()->map().state;
        const rb::Lattice& lattice = state.lattice;
        const QVector3D centre(static_cast<float>(lattice.worldWidth() / 2), 20.0f, static_cast<float>(lattice.worldHeight() / 2));
        viewport->camera().setView(centre, distanceFactor * static_cast<float>(lattice.worldWidth()), yaw, pitch);
        viewport->applyCamera();
        // The picker must work on exactly this bed (the runner's snapshot of the loaded map).
        QVERIFY(viewport->picker().state() && viewport->picker().state()->bed == state.bed);
        QRandomGenerator random(1234);
        const QSize size = viewport->renderWindow()->size();
        int found = 0, attempts = 0, worstCells = 0;
        double worstMetres = 0.0;
        while (found < 20 && attempts++ < 20000) {
            const QPoint pixel(random.bounded(size.width()), random.bounded(size.height()));
            const auto [origin, direction] = viewport->rayThrough(pixel);
            const auto truth = trueHit(state, origin, direction.normalized());
            if (!truth) continue;
            ++found;
            const auto picked = viewport->pickAt(pixel, rb::view::PickTarget::Terrain);
            QVERIFY2(picked, qPrintable(QString("%1: pixel (%2, %3) hits the terrain but picks nothing").arg(angle).arg(pixel.x()).arg(pixel.y())));
            const auto trueCell = lattice.nearestCell({std::clamp<double>(truth->x(), 0.0, lattice.worldWidth() - 1e-3),
                                                       std::clamp<double>(truth->z(), 0.0, lattice.worldHeight() - 1e-3)});
            QVERIFY(trueCell);
            const int cells = std::max(std::abs(trueCell->x - picked->cell.x), std::abs(trueCell->y - picked->cell.y));
            worstCells = std::max(worstCells, cells);
            worstMetres = std::max(worstMetres, static_cast<double>((picked->point - *truth).length()));
            QVERIFY2(cells <= 1, qPrintable(QString("%1: pixel (%2, %3) picked cell (%4, %5), true (%6, %7)")
                                                .arg(angle).arg(pixel.x()).arg(pixel.y()).arg(picked->cell.x).arg(picked->cell.y)
                                                .arg(trueCell->x).arg(trueCell->y)));
        }
        QCOMPARE(found, 20);
        // Stricter than the cell: the picker intersects the very triangles drawn, so the points
        // agree to float rounding (the wrong diagonal would miss by metres here).
        QVERIFY2(worstMetres < 0.01 * lattice.cellSize(), qPrintable(QString("%1: picked points up to %2 m off").arg(angle).arg(worstMetres)));
        qInfo("%s lattice, %s view: 20 pixels, largest miss %d cells, %.2e m", rb::latticeKindName(lattice.kind()).data(), angle,
              worstCells, worstMetres);
    }

    void probeThreeAngles()
    {
        probe("steep", 0.3f, 1.35f, 2.5f);
        probe("oblique", -0.8f, 0.6f, 1.6f);
        probe("grazing", 2.2f, 0.08f, 1.1f);
    }

private slots:
    void initTestCase()
    {
        editor_ = rb::guitest::openEditor(64, 2);
        QVERIFY(rb::guitest::waitForSnapshot(*window(), [](const rb::editor::SimulationSnapshot&) { return true; }));
    }

    void cleanupTestCase()
    {
        editor_.window.reset();
    }

    void squareLattice()
    {
        probeThreeAngles();
    }

    void triangleLattice()
    {
        rb::gen::GeneratorSettings settings(rb::gen::Preset::Island);
        settings.common.width = 64;
        settings.common.height = 64;
        settings.common.seed = 2;
        settings.common.lattice = rb::LatticeKind::Triangle;
        QSignalSpy finished(window(), &rb::editor::MainWindow::generationFinished);
        window()->generate(settings);
        QVERIFY(finished.wait(20000));
        QVERIFY(rb::guitest::waitForSnapshot(*window(), [](const rb::editor::SimulationSnapshot&) { return true; }));
        QVERIFY(rb::guitest::waitUntil([&] { return window()->viewport()->picker().state()->lattice.kind() == rb::LatticeKind::Triangle; }));
        probeThreeAngles();
    }
};

RIVERBED_GUI_TEST_MAIN(TerrainPickingTest)
#include "TerrainPickingTest.moc"
