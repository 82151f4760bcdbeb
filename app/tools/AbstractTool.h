#pragma once

#include "tools/ToolContext.h"
#include "view/ViewportMouse.h"

#include <QCursor>
#include <QKeySequence>
#include <QObject>
#include <QPointer>

class QWidget;

namespace rb::tools {

// One editing tool of the 3D view, in Tiled's style: the ToolManager hands the active tool the
// mouse events over the viewport (with what they hit) and the keys; the tool shows its settings
// in an options widget (the ToolOptionsBar), a hint in the status bar and a cursor, and turns
// each action into one undoable command.
class AbstractTool : public QObject {
    Q_OBJECT
public:
    AbstractTool(QString id, QString name, QKeySequence shortcut, QString description, ToolContext context,
                 QObject* parent = nullptr);
    ~AbstractTool() override;

    QString id() const { return id_; }
    QString name() const { return name_; }
    QKeySequence shortcut() const { return shortcut_; }
    QString description() const { return description_; }
    virtual QString statusHint() const = 0; // what the mouse and keys do with this tool
    virtual QCursor cursor() const { return Qt::CrossCursor; }
    virtual bool editsWithLeftButton() const { return true; } // false: the left button orbits
    virtual bool isBusy() const { return false; }             // a stroke or drag is in progress

    QWidget* optionsWidget(); // made on first use; the options bar takes ownership

    virtual void activate() {}
    virtual void deactivate() {}
    virtual void mapReplaced() {} // a new map: settings scaled to it
    virtual void mousePressed(const view::ViewportMouse&) {}
    virtual void mouseMoved(const view::ViewportMouse&) {}
    virtual void mouseReleased(const view::ViewportMouse&) {}
    virtual void mouseHovered(const view::ViewportMouse&) {}
    virtual void hoverLeft() {}
    virtual bool keyPressed(int) { return false; }
    virtual void resize(int) {} // '[' (−1) and ']' (+1): the brush's size

protected:
    virtual QWidget* createOptions() = 0;
    const ToolContext& context() const { return context_; }
    editor::MapDocument* document() const { return context_.document; }
    view::Viewport* viewport() const { return context_.viewport; }
    void showStatus(const QString& text) const;

private:
    QString id_;
    QString name_;
    QKeySequence shortcut_;
    QString description_;
    ToolContext context_;
    QPointer<QWidget> options_;
};

} // namespace rb::tools
