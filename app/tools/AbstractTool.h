#pragma once

#include "tools/ToolContext.h"
#include "view/OverlayLines.h"
#include "view/ViewportMouse.h"

#include <QCursor>
#include <QKeySequence>
#include <QObject>
#include <QPointer>

#include <optional>

class QUndoCommand;
class QWidget;

namespace rb {
struct Map;
}

namespace rb::tools {

// Who a tool is: its id (for settings and object names), its name in menus and the undo history,
// the key that picks it, and the sentence that says what it does.
struct ToolIdentity {
    QString id;
    QString name;
    QKeySequence shortcut;
    QString description;
};

// One editing tool of the 3D view, in Tiled's style: the ToolManager hands the active tool the
// mouse events over the viewport (with what they hit) and the keys; the tool shows its settings
// in an options widget (the ToolOptionsBar), a hint in the status bar and a cursor, and turns
// each action into one undoable command.
//
// What the tools share lives here rather than in each: Esc and switching tools take back what is
// in progress (cancelInProgress, when isBusy), the footprint outline under the cursor is hidden
// when the cursor leaves the view or the tool is put away, and commands go onto the document's
// undo stack through pushCommand.
class AbstractTool : public QObject {
    Q_OBJECT
public:
    AbstractTool(ToolIdentity identity, ToolContext context, QObject* parent = nullptr);
    ~AbstractTool() override;

    QString id() const { return identity_.id; }
    QString name() const { return identity_.name; }
    QKeySequence shortcut() const { return identity_.shortcut; }
    QString description() const { return identity_.description; }
    virtual QString statusHint() const = 0; // what the mouse and keys do with this tool
    virtual QCursor cursor() const { return Qt::CrossCursor; }
    virtual bool editsWithLeftButton() const { return true; } // false: the left button orbits
    virtual bool isBusy() const { return false; }             // a stroke, drag or selection is in progress

    QWidget* optionsWidget(); // made on first use; the options bar takes ownership

    virtual void activate() {}
    virtual void deactivate(); // takes back what is in progress and hides the footprint
    virtual void mapReplaced() {} // a new map: settings scaled to it
    virtual void mousePressed(const view::ViewportMouse&) {}
    virtual void mouseMoved(const view::ViewportMouse&) {}
    virtual void mouseReleased(const view::ViewportMouse&) {}
    virtual void mouseHovered(const view::ViewportMouse&) {}
    virtual void hoverLeft() { hideFootprint(); }
    virtual bool keyPressed(int key); // Esc takes back what is in progress; true when the key was used
    virtual void resize(int) {} // '[' (−1) and ']' (+1): the brush's size

protected:
    virtual QWidget* createOptions() = 0;
    // Takes back the stroke, drag or selection isBusy() reports (Esc, or another tool chosen).
    virtual void cancelInProgress() {}
    // The outline drawn around `centre` by tools with a footprint (a brush's disc, a channel's
    // width); tools without one never call showFootprint().
    virtual view::BrushOutline footprintAround(const QVector3D& centre) const { return view::BrushOutline{centre}; }

    const ToolContext& context() const { return context_; }
    editor::MapDocument* document() const { return context_.document; }
    view::Viewport* viewport() const { return context_.viewport; }
    void showStatus(const QString& text) const;
    void pushCommand(QUndoCommand* command) const; // onto the document's undo stack, which owns it

    // The footprint on the terrain where `pick` hit (hidden when it missed); refreshFootprint()
    // redraws it after the tool's size changed.
    void showFootprint(const std::optional<view::PickResult>& pick);
    void refreshFootprint();
    void hideFootprint();
    void forgetFootprint(); // a new map: where the cursor was means nothing; the next hover draws it

    static double reliefOf(const Map& map); // highest minus lowest bed, at least 1 m

private:
    ToolIdentity identity_;
    ToolContext context_;
    QPointer<QWidget> options_;
    std::optional<view::PickResult> footprintPick_; // where the footprint is drawn, if it is
};

} // namespace rb::tools
