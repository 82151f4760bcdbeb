#include "dialogs/AboutDialog.h"

#include "BuildInfo.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QVBoxLayout>
#include <QtGlobal>

namespace rb::editor {
namespace {

QString devicesText(const std::optional<QStringList>& devices)
{
    if (!rb::build::kOpenCl) return QObject::tr("none: this build has no OpenCL backend (RIVERBED_OPENCL=OFF)");
    if (!devices) return QObject::tr("still looking…");
    if (devices->isEmpty()) return QObject::tr("none found");
    return devices->join(QObject::tr("; "));
}

} // namespace

AboutDialog::AboutDialog(const AboutFacts& facts, QWidget* parent) : QDialog(parent)
{
    setObjectName("aboutDialog");
    setWindowTitle(tr("About Riverbed"));
    text_ = new QLabel(this);
    text_->setObjectName("aboutText");
    text_->setTextFormat(Qt::PlainText);
    text_->setTextInteractionFlags(Qt::TextSelectableByMouse); // for bug reports
    // qVersion() is the Qt the program runs on; QT_VERSION_STR the one it was built against.
    text_->setText(tr("Riverbed %1\nTerrain with simulated water, for level designers.\n\n"
                      "Qt %2 (built with Qt %3)\nOpenCL backend: %6\nSimulation: %4\nOpenCL devices: %5")
                       .arg(version(), QString::fromLatin1(qVersion()), QString::fromLatin1(QT_VERSION_STR),
                            facts.solver.isEmpty() ? tr("not running yet") : facts.solver, devicesText(facts.openclDevices),
                            build::kOpenCl ? tr("built in") : tr("not in this build")));
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(text_);
    layout->addWidget(buttons);
}

QString AboutDialog::text() const
{
    return text_->text();
}

QString AboutDialog::version()
{
    return QString::fromLatin1(build::kVersion);
}

} // namespace rb::editor
