// riverbed: the editor. Everything is in riverbed_editor; this only starts it.
#include "editor/MainWindow.h"

#include <QApplication>
#include <QSettings>

int main(int argc, char* argv[])
{
    // Qt 6.4's RHI renderer for Qt 3D draws captures upside down; the OpenGL one is exact.
    if (qEnvironmentVariableIsEmpty("QT3D_RENDERER")) qputenv("QT3D_RENDERER", "opengl");
    QApplication app(argc, argv);
    QApplication::setOrganizationName("Riverbed");
    QApplication::setApplicationName("Riverbed");
    rb::editor::MainWindow window;
    if (!window.restoreGeometry(QSettings().value("window/geometry").toByteArray())) window.resize(1280, 800);
    window.show();
    const QStringList arguments = QApplication::arguments();
    if (arguments.size() > 1) window.openFile(arguments.at(1));
    return QApplication::exec();
}
