#include "dialogs/EngineBundleDialog.h"

#include "analysis/RiversBundleItem.h"
#include "dialogs/EngineTargetFields.h"
#include "io/export/BundleItem.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>

namespace rb::editor {

EngineBundleDialog::EngineBundleDialog(const Lattice& lattice, const QString& mapName, QWidget* parent)
    : QDialog(parent), mapName_(mapName)
{
    setWindowTitle(tr("Export engine bundle"));
    auto* form = new QFormLayout;

    EngineTargetFields::Texts texts;
    texts.engineTip = tr("The engine whose importers every file is written for");
    texts.sizeTip = tr("Vertices per side of the engine's heightmap; every layer is sampled on it");
    texts.folderTip = tr("The bundle's folder (made if it does not exist yet)");
    texts.browseTip = tr("Choose or create the folder");
    texts.browseTitle = tr("Bundle folder");
    target_ = new EngineTargetFields(lattice, "engineBundle", texts, this);
    target_->addEngineRows(form);
    target_->addFolderRow(form);

    meanFlow_ = new QCheckBox(tr("Flow map of the recorded mean flow"), this);
    meanFlow_->setObjectName("meanFlow");
    meanFlow_->setToolTip(tr("The flow map shows the time-mean current recorded with Simulation › Record mean flow from now "
                             "(eddies evened out) instead of the last instant's; a map without one is refused"));
    form->addRow(QString(), meanFlow_);

    force_ = new QCheckBox(tr("Write among the folder's other files"), this);
    force_->setObjectName("force");
    force_->setToolTip(tr("Only the bundle's own files are replaced; the others stay as they are"));
    form->addRow(QString(), force_);

    buttons_ = target_->finishDialog(this, form);
    target_->filesLabel()->setWordWrap(true); // a bundle lists many files

    connect(target_, &EngineTargetFields::changed, this, [this] { refresh(); });
    connect(force_, &QCheckBox::toggled, this, [this] { refresh(); });
    refresh();
}

io::EngineBundleRequest EngineBundleDialog::request() const
{
    io::EngineBundleRequest request;
    target_->fill(request);
    request.mapName = mapName_;
    request.force = force_->isChecked();
    request.meanFlow = meanFlow_->isChecked();
    return request;
}

void EngineBundleDialog::setRequest(const io::EngineBundleRequest& request)
{
    target_->set(request.engine, request.size, request.folder);
    force_->setChecked(request.force);
    meanFlow_->setChecked(request.meanFlow);
    refresh();
}

void EngineBundleDialog::refresh()
{
    const io::EngineBundleRequest current = request();
    QString problem = io::engineBundleProblem(current);
    if (io::engineBundleNeedsForce(current))
        problem = tr("%1: choose an empty or new folder, or tick “%2” to write the bundle's files among the others")
                      .arg(problem, force_->text());
    buttons_->button(QDialogButtonBox::Ok)->setEnabled(problem.isEmpty());
    QStringList names;
    if (problem.isEmpty())
        for (const io::BundleItem& item : analysis::engineBundleItems(current.engine, nullptr)) names << item.fileName(current.engine);
    names << "manifest.json";
    QString writes = problem.isEmpty() ? tr("Writes: %1").arg(names.join(", ")) : QString();
    if (problem.isEmpty() && !QFileInfo(current.folder).exists()) writes += tr(" (in a new folder)");
    target_->showReport(writes, problem);
}

void EngineBundleDialog::accept()
{
    target_->remember();
    QDialog::accept();
}

} // namespace rb::editor
