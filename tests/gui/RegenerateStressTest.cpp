// Issue 18, item 1: play, generate another preset at another size and lattice, discard the played
// map, and again, twenty times. Each new map replaces the view's meshes while snapshots of the
// old and the new map are still arriving; the editor must neither crash nor keep drawing an old
// map's water. Afterwards a capture must show water over the map's water and terrain over its land
// (RIVERBED_SAVE_CAPTURE=<file.png> keeps that capture for a look).
#include "GuiTestSupport.h"

#include "document/MapDocument.h"
#include "generator/GeneratorSettings.h"
#include "view/FlowSpeed.h"
#include "view/Viewport.h"

#include <QDockWidget>
#include <QImage>
#include <QSignalSpy>

#include <array>

using rb::editor::SimulationSnapshot;

namespace {

constexpr int kRounds = 20;

// Sizes grow within each cycle of five, so most rounds give the view a bigger mesh than the one
// it replaces (the case where a buffer sized for the old map is overrun), and the last round
// (a river on the triangle lattice) is one of them.
rb::gen::GeneratorSettings roundSettings(int round)
{
    constexpr std::array<rb::gen::Preset, 4> presets{rb::gen::Preset::Archipelago, rb::gen::Preset::Lakes,
                                                     rb::gen::Preset::Island, rb::gen::Preset::River};
    rb::gen::GeneratorSettings settings(presets[static_cast<std::size_t>(round % 4)]);
    settings.common.width = 64 + 24 * (round % 5);
    settings.common.height = settings.common.width - 8 * (round % 2);
    settings.common.lattice = round % 2 == 1 ? rb::LatticeKind::Triangle : rb::LatticeKind::Square;
    settings.common.cellSize = 4.0;
    settings.common.seed = 100 + round;
    return settings;
}

enum class Expect { Water, Terrain };

struct CellCheck {
    QPoint pixel;
    Expect expect;
};

bool nearSky(QColor c)
{
    return std::abs(c.red() - 176) + std::abs(c.green() - 203) + std::abs(c.blue() - 228) < 24;
}

bool looksLikeWater(QColor c)
{
    return c.blue() > c.red() + 30 && !nearSky(c);
}

// Sand, grass, rock or snow: neither the sky (nothing drawn) nor water (water drawn on dry land).
bool looksLikeTerrain(QColor c)
{
    return !nearSky(c) && !looksLikeWater(c);
}

// Straight down from just far enough to see the whole map (closer than lookStraightDown, so the
// haze does not wash the colours out).
void lookDownAtTheMap(rb::editor::MainWindow& window)
{
    const rb::Lattice& lattice = window.document()->map().state.lattice;
    const auto extent = static_cast<float>(std::max(lattice.worldWidth(), lattice.worldHeight()));
    const QVector3D centre(static_cast<float>(lattice.worldWidth() / 2), 0.0f, static_cast<float>(lattice.worldHeight() / 2));
    window.viewport()->camera().setView(centre, 1.6f * extent, 0.0f, 1.55f);
    window.viewport()->applyCamera();
}

// Whether every cell within `radius` of (x, y) is deep water (or every one dry): a sample there
// cannot land on a shoreline's blend, whichever way the mesh's triangles cut it.
bool uniformAround(const rb::MapState& state, int x, int y, int radius, Expect expect)
{
    for (int dy = -radius; dy <= radius; ++dy)
        for (int dx = -radius; dx <= radius; ++dx) {
            if (!state.lattice.contains(x + dx, y + dy)) return false;
            const float depth = state.depth(x + dx, y + dy);
            if (expect == Expect::Water ? depth < 3.0f : depth >= rb::view::kDryDepth) return false;
        }
    return true;
}

// Cells on a coarse grid that are clearly water or clearly land, with the pixel where their
// surface projects (looking straight down, nothing hides it).
std::vector<CellCheck> cellsToCheck(rb::view::Viewport& viewport, const rb::MapState& state)
{
    std::vector<CellCheck> checks;
    for (int y = 2; y < state.lattice.height() - 2; y += 3)
        for (int x = 2; x < state.lattice.width() - 2; x += 3)
            for (Expect expect : {Expect::Water, Expect::Terrain}) {
                if (!uniformAround(state, x, y, 2, expect)) continue;
                const rb::WorldPoint p = state.lattice.worldPosition(x, y);
                const float height = state.bed(x, y) + (expect == Expect::Water ? state.depth(x, y) : 0.0f);
                const auto pixel = viewport.projectToPixel(QVector3D(static_cast<float>(p.x), height, static_cast<float>(p.y)));
                if (pixel) checks.push_back({*pixel, expect});
            }
    return checks;
}

struct Tally {
    int water = 0, waterSeen = 0, terrain = 0, terrainSeen = 0;
};

Tally tallyChecks(const QImage& image, const std::vector<CellCheck>& checks)
{
    Tally tally;
    for (const CellCheck& check : checks) {
        if (!image.rect().contains(check.pixel)) continue;
        const QColor c = image.pixelColor(check.pixel);
        if (check.expect == Expect::Water) {
            ++tally.water;
            tally.waterSeen += looksLikeWater(c) ? 1 : 0;
        } else {
            ++tally.terrain;
            tally.terrainSeen += looksLikeTerrain(c) ? 1 : 0;
        }
    }
    return tally;
}

QString describe(const rb::gen::GeneratorSettings& settings)
{
    return QString("%1 %2x%3 on the %4 lattice")
        .arg(QString::fromUtf8(rb::gen::presetName(settings.preset()).data()))
        .arg(settings.common.width)
        .arg(settings.common.height)
        .arg(QString::fromUtf8(rb::latticeKindName(settings.common.lattice).data()));
}

} // namespace

class RegenerateStressTest : public QObject {
    Q_OBJECT

private:
    rb::guitest::Editor editor_;
    rb::editor::MainWindow* window() { return editor_.window.get(); }

    // Plays long enough for a few snapshots to reach the view, then asks for a new map while the
    // simulation still runs (the played map is modified: the prompt answers "discard").
    void playThenRegenerate(int round)
    {
        window()->runner()->play();
        QTest::qWait(100 + 50 * (round % 4));
        QVERIFY(rb::guitest::waitUntil([this] { return window()->document()->isModified(); }, 10000));
        const rb::gen::GeneratorSettings settings = roundSettings(round);
        QSignalSpy finished(window(), &rb::editor::MainWindow::generationFinished);
        window()->generate(settings);
        QVERIFY(finished.wait(20000));
        QVERIFY(finished.first().first().toBool());
        const rb::Lattice& lattice = window()->document()->map().state.lattice;
        QCOMPARE(lattice.width(), settings.common.width);
        QCOMPARE(lattice.kind(), settings.common.lattice);
        // The new map's first snapshots reach the view while its meshes are still fresh.
        QVERIFY(rb::guitest::waitForSnapshot(*window(), [](const SimulationSnapshot&) { return true; }));
    }

    // Pauses, looks straight down, and compares a capture with the map: water drawn over its deep
    // water, terrain (not sky, not water) over its dry land, each at nine in ten sampled cells.
    // A class with fewer than `minimumCells` clear cells is not judged (a small lakes map may have
    // little deep water); the map must have some of at least one class.
    void checkDrawing(int minimumCells)
    {
        window()->runner()->pause();
        const auto paused = rb::guitest::waitForSnapshot(*window(), [](const SimulationSnapshot& s) { return !s.playing; });
        QVERIFY(paused);
        QTest::qWait(100); // the view picks up the last snapshot
        lookDownAtTheMap(*window());
        const std::vector<CellCheck> checks = cellsToCheck(*window()->viewport(), *paused->state);
        const QImage image = rb::guitest::captureView(*window()->viewport());
        QVERIFY(image.width() > 400 && image.height() > 300);
        if (const QString path = qEnvironmentVariable("RIVERBED_SAVE_CAPTURE"); !path.isEmpty()) image.save(path);
        const Tally tally = tallyChecks(image, checks);
        const QString seen = QString("water drawn at %1 of %2 water cells, terrain at %3 of %4 land cells")
                                 .arg(tally.waterSeen).arg(tally.water).arg(tally.terrainSeen).arg(tally.terrain);
        if (minimumCells >= 20) qInfo("%s", qPrintable(seen));
        QVERIFY2(std::max(tally.water, tally.terrain) >= minimumCells, qPrintable(seen));
        if (tally.water >= minimumCells) QVERIFY2(tally.waterSeen >= 0.9 * tally.water, qPrintable("water missing: " + seen));
        if (tally.terrain >= minimumCells) QVERIFY2(tally.terrainSeen >= 0.9 * tally.terrain, qPrintable("terrain missing: " + seen));
    }

private slots:
    void initTestCase()
    {
        editor_ = rb::guitest::openEditor(96, 7, QSize(1000, 700));
        for (QDockWidget* dock : window()->findChildren<QDockWidget*>()) dock->hide(); // the view fills the window
    }

    void cleanupTestCase()
    {
        QVERIFY2(editor_.errors->isEmpty(), qPrintable(editor_.errors->join("\n")));
        editor_.window.reset();
    }

    // Each round's new map is checked at once: a buffer left at an old map's size stays wrong from
    // then on (every later update of it is dropped), so whichever round hits the race shows it.
    void regeneratesTwentyTimesWhilePlaying()
    {
        for (int round = 0; round < kRounds; ++round) {
            playThenRegenerate(round);
            if (!QTest::currentTestFailed()) checkDrawing(5);
            if (QTest::currentTestFailed()) QFAIL(qPrintable(QString("round %1: %2").arg(round).arg(describe(roundSettings(round)))));
        }
    }

    // After the twenty rounds, the last map (a river), played on, is drawn as it is.
    void drawsTheLastMapsTerrainAndWater()
    {
        window()->runner()->play();
        QTest::qWait(500);
        checkDrawing(20);
    }
};

RIVERBED_GUI_TEST_MAIN(RegenerateStressTest)
#include "RegenerateStressTest.moc"
