// Issue 32 (the camera answers at 4096²): on large maps the view's pass over each water snapshot
// (texels, wet tiles, the picker's surface) runs on the thread pool and the snapshot is drawn when
// it ends. Checked on a small map with the threshold lowered: the GUI thread returns before the
// pass, the water drawn then is the snapshot's (the picker's surface and the picture equal what
// the pass on the GUI thread gives), and of snapshots offered while a pass runs only the newest
// is drawn.
#include "GuiTestSupport.h"

#include "document/MapDocument.h"
#include "view/Viewport.h"

#include <QSignalSpy>

#include <limits>

namespace {

// The view's water with `depth` metres more over a block of cells in the map's middle.
std::shared_ptr<const rb::MapState> deepened(const rb::MapState& state, float depth)
{
    auto changed = std::make_shared<rb::MapState>(state);
    const int w = state.lattice.width(), h = state.lattice.height();
    for (int y = h / 3; y < 2 * h / 3; ++y)
        for (int x = w / 3; x < 2 * w / 3; ++x) changed->depth(x, y) += depth;
    return changed;
}

} // namespace

class WaterPreparedAwayTest : public QObject {
    Q_OBJECT

private:
    // A view of its own, fed by nothing but this test (the editor's feeds it the runner's snapshots).
    std::unique_ptr<rb::view::Viewport> view_;
    rb::view::Viewport* viewport() { return view_.get(); }
    std::shared_ptr<const rb::MapState> original_;

    // The drawn surface's height over the middle cell, as the picker has it.
    float middleSurface()
    {
        const rb::MapState& state = *viewport()->waterState();
        const auto p = state.lattice.worldPosition(state.lattice.width() / 2, state.lattice.height() / 2);
        return viewport()->picker().surfaceHeight(static_cast<float>(p.x), static_cast<float>(p.y)).value_or(NAN);
    }

private slots:
    void initTestCase()
    {
        rb::guitest::Editor editor = rb::guitest::openEditor(64);
        const rb::Map map = editor.window->document()->map();
        editor.window.reset();
        view_ = std::make_unique<rb::view::Viewport>();
        view_->resize(800, 600);
        view_->show();
        QVERIFY(QTest::qWaitForWindowExposed(view_.get()));
        view_->setMap(map);
        view_->topView();
        original_ = viewport()->waterState();
        QVERIFY(original_);
    }

    void cleanupTestCase() { view_.reset(); }

    void aSnapshotIsDrawnWhenItsPassEnds()
    {
        const QImage before = rb::guitest::captureView(*viewport());
        const float surfaceBefore = middleSurface();
        viewport()->setWaterPreparedAwayFrom(0);
        const auto deeper = deepened(*original_, 3.0f);
        QSignalSpy shown(viewport(), &rb::view::Viewport::waterShown);
        viewport()->setWaterState(deeper);
        // The pass cannot have been delivered: that takes the GUI thread's event loop.
        QVERIFY(viewport()->waterState() == original_);
        QVERIFY(viewport()->preparingWater());
        QVERIFY(shown.wait(20000));
        QVERIFY(viewport()->waterState() == deeper);
        QCOMPARE(viewport()->picker().state(), deeper.get()); // the picker follows the water drawn
        QCOMPARE(middleSurface(), surfaceBefore + 3.0f);
        const QImage prepared = rb::guitest::captureView(*viewport());
        QVERIFY2(prepared != before, "the deeper water does not show");

        // The same water drawn by the pass on the GUI thread looks the same.
        viewport()->setWaterPreparedAwayFrom(std::numeric_limits<std::size_t>::max());
        viewport()->setWaterState(original_);
        viewport()->setWaterState(deepened(*original_, 3.0f));
        QVERIFY(!viewport()->preparingWater());
        QCOMPARE(middleSurface(), surfaceBefore + 3.0f);
        QVERIFY(rb::guitest::captureView(*viewport()) == prepared);
    }

    void onlyTheNewestWaitingSnapshotIsDrawn()
    {
        viewport()->setWaterPreparedAwayFrom(0);
        std::vector<const rb::MapState*> drawn;
        QObject context;
        connect(viewport(), &rb::view::Viewport::waterShown, &context, [this, &drawn] { drawn.push_back(viewport()->waterState().get()); });
        const auto first = deepened(*original_, 1.0f), second = deepened(*original_, 2.0f), third = deepened(*original_, 4.0f);
        viewport()->setWaterState(first);  // its pass starts
        viewport()->setWaterState(second); // waits
        viewport()->setWaterState(third);  // replaces the waiting one
        QVERIFY(rb::guitest::waitUntil([this, &third] { return viewport()->waterState() == third && !viewport()->preparingWater(); }));
        QCOMPARE(drawn.size(), std::size_t{2});
        QCOMPARE(drawn.front(), first.get());
        QCOMPARE(drawn.back(), third.get());
        viewport()->setWaterPreparedAwayFrom(rb::view::Viewport::kWaterPreparedAwayFrom);
    }
};

RIVERBED_GUI_TEST_MAIN(WaterPreparedAwayTest)
#include "WaterPreparedAwayTest.moc"
