#include "io/transaction/FileSetTransaction.h"

#include "io/transaction/AtomicFile.h"
#include "io/transaction/StagingOwner.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace rb::io {
namespace {

constexpr char kJournalPrefix[] = ".riverbed-commit-";
constexpr char kJournalSuffix[] = ".journal";
constexpr qint64 kMaxJournalBytes = 16 << 20;

thread_local FileSetTransaction* tCurrent = nullptr;

// One step of a commit: rename(2) replaces the target in one step (QFile::rename refuses to); a
// removal of a file already gone is done. Empty on success, else the system's reason.
QString performStep(const QString& from, const QString& to)
{
    if (from.isEmpty()) {
        if (QFileInfo(to).isFile() || QFileInfo(to).isSymLink()) QFile::remove(to);
        return {};
    }
    if (std::rename(QFile::encodeName(from).constData(), QFile::encodeName(to).constData()) == 0) return {};
    return QString::fromLocal8Bit(std::strerror(errno));
}

// A rename is on disk only once its folder is: flushed before the journal goes and after the renames.
void syncFolder(const QString& folder)
{
    const int descriptor = ::open(QFile::encodeName(folder).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (descriptor < 0) return;
    ::fsync(descriptor);
    ::close(descriptor);
}

std::optional<QJsonObject> readJournal(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) return std::nullopt;
    const QJsonDocument document = QJsonDocument::fromJson(file.read(kMaxJournalBytes));
    if (!document.isObject() || !document.object()["steps"].isArray()) return std::nullopt;
    return document.object();
}

// A journal is a file in a folder others may write to (an unpacked archive could bring one), so
// a replay only moves the owner's own staging files into place beside them (or, from a bundle's
// staging folder, into the folder holding it) and removes nothing else: a forged step is skipped.
bool isOwnersStagedMove(const QString& tag, const QString& from, const QString& to)
{
    const QFileInfo staged(from), target(to);
    if (staged.absolutePath() == target.absolutePath()) // AtomicFile's staging name of the target
        return staged.fileName() == QFileInfo(AtomicFile::stagingPrefix(to)).fileName() + tag;
    // A bundle's staged file, from its staging folder into the folder that holds it
    return staged.dir().dirName() == kBundleStagingPrefix + tag && staged.fileName() == target.fileName()
        && QFileInfo(staged.absolutePath()).absolutePath() == target.absolutePath();
}

// The journals a journal names that are this owner's (a forged name is not removed).
QStringList ownersJournals(const QString& tag, const QJsonObject& journal)
{
    QStringList out;
    for (const QJsonValue& value : journal["journals"].toArray())
        if (QFileInfo(value.toString()).fileName() == kJournalPrefix + tag + kJournalSuffix) out << value.toString();
    return out;
}

// Every journal of a commit exists from before its first rename until after its last, so one of
// them missing means the commit stopped while the journals were being written (nothing renamed
// yet: another folder's run may already have taken its staged files for leftovers) or after every
// rename: either way the staged files that remain are removed and every target stays as it is.
QString rollBackJournal(const QString& path, const QString& tag, const QJsonObject& journal)
{
    for (const QJsonValue& value : journal["steps"].toArray())
        if (const QString from = value["from"].toString(); isOwnersStagedMove(tag, from, value["to"].toString())) QFile::remove(from);
    for (const QString& other : ownersJournals(tag, journal)) QFile::remove(other);
    QFile::remove(path);
    return QString("%1: removed the staged files of an export stopped before its first rename (killed or a loss of power), or "
                   "after its last; its files are as that left them").arg(path);
}

// Replays a dead owner's journal: a rename whose staging file is gone was done before the stop.
QString completeJournal(const QString& path, const QString& tag)
{
    const std::optional<QJsonObject> journal = readJournal(path);
    if (!journal) QFile::remove(path);
    if (!journal) return QString("%1: removed an unreadable commit journal (a journal is written whole, so nothing acted on it)").arg(path);
    for (const QString& other : ownersJournals(tag, *journal))
        if (!QFileInfo::exists(other)) return rollBackJournal(path, tag, *journal);
    QStringList placed, failed;
    for (const QJsonValue& value : (*journal)["steps"].toArray()) {
        const QString from = value["from"].toString(), to = value["to"].toString();
        if (!QFileInfo::exists(from) || !isOwnersStagedMove(tag, from, to)) continue; // done, or not one to replay
        const QString reason = performStep(from, to);
        (reason.isEmpty() ? placed : failed) << (reason.isEmpty() ? to : to + " (" + reason + ")");
    }
    // Only now: a stop during this replay leaves the journals for the next run to finish it.
    for (const QString& other : ownersJournals(tag, *journal)) QFile::remove(other);
    QFile::remove(path);
    QString note = QString("%1: completed an export interrupted between its renames (killed or a loss of power): ").arg(path);
    note += placed.isEmpty() ? QString("every file was in place already") : QString("put in place %1").arg(placed.join(", "));
    if (!failed.isEmpty()) note += QString("; could not put in place %1").arg(failed.join(", "));
    return note;
}

} // namespace

FileSetTransaction::FileSetTransaction() : previous_(tCurrent), joined_(tCurrent != nullptr)
{
    if (!joined_) tCurrent = this;
}

FileSetTransaction::~FileSetTransaction()
{
    if (joined_) return;
    if (!done_) rollback();
    if (tCurrent == this) tCurrent = previous_;
}

FileSetTransaction* FileSetTransaction::current()
{
    return tCurrent;
}

void FileSetTransaction::adopt(const QString& staging, const QString& target)
{
    const QString to = QFileInfo(target).absoluteFilePath();
    for (Step& step : steps_)
        if (step.to == to) { // written twice: the staging file holds the last version
            step.from = QFileInfo(staging).absoluteFilePath();
            return;
        }
    steps_.push_back({QFileInfo(staging).absoluteFilePath(), to});
}

void FileSetTransaction::removeOnCommit(const QString& path)
{
    steps_.push_back({QString(), QFileInfo(path).absoluteFilePath()});
}

QStringList FileSetTransaction::folders() const
{
    QStringList out;
    for (const Step& step : steps_)
        if (const QString folder = QFileInfo(step.to).absolutePath(); !out.contains(folder)) out << folder;
    return out;
}

bool FileSetTransaction::writeJournals(QString* error)
{
    QJsonArray steps, journals;
    for (const Step& step : steps_) steps.append(QJsonObject{{"from", step.from}, {"to", step.to}});
    for (const QString& folder : folders()) journals_ << QDir(folder).filePath(kJournalPrefix + stagingOwnerTag() + kJournalSuffix);
    for (const QString& journal : journals_) journals.append(journal);
    const QByteArray bytes = QJsonDocument(QJsonObject{{"steps", steps}, {"journals", journals}}).toJson();
    for (const QString& journal : journals_) {
        AtomicFile file(journal, AtomicFile::Commit::Alone);
        if (!(file.open() && file.write(bytes) == bytes.size() && file.commit())) {
            *error = file.failure() + "; no file was replaced";
            removeJournals();
            return false;
        }
        syncFolder(QFileInfo(journal).absolutePath());
    }
    return true;
}

void FileSetTransaction::removeJournals()
{
    for (const QString& journal : journals_) QFile::remove(journal);
    journals_.clear();
}

// The renames in order; empty when all are done, else the message for the user.
QString FileSetTransaction::performSteps()
{
    for (std::size_t i = 0; i < steps_.size(); ++i) {
        const QString reason = performStep(steps_[i].from, steps_[i].to);
        if (reason.isEmpty()) continue;
        const QString head = QString("%1: cannot move it into place: %2").arg(steps_[i].to, reason);
        if (i == 0) {
            rollback();
            removeJournals();
            return head + "; no file was replaced";
        }
        return head + QString("; %1 of %2 files were replaced, the others wait in staging files beside them and the next riverbed "
                              "command that writes into %3 puts them in place")
                          .arg(i).arg(steps_.size()).arg(QFileInfo(steps_[i].to).absolutePath());
    }
    return {};
}

bool FileSetTransaction::commit(QString* error)
{
    if (joined_) return true;
    done_ = true;
    if (tCurrent == this) tCurrent = previous_; // the journals themselves are written alone
    if (steps_.empty()) return true;
    // One rename is atomic by itself: a journal would only cost two flushes.
    if (steps_.size() > 1 && !writeJournals(error)) {
        rollback();
        return false;
    }
    if (const QString problem = performSteps(); !problem.isEmpty()) {
        *error = problem;
        return false;
    }
    for (const QString& folder : folders()) syncFolder(folder);
    removeJournals();
    return true;
}

void FileSetTransaction::rollback()
{
    if (joined_) return;
    for (const Step& step : steps_)
        if (!step.from.isEmpty()) QFile::remove(step.from);
    steps_.clear();
}

QStringList FileSetTransaction::completeInterrupted(const QString& folder)
{
    QStringList notes;
    const QDir dir(folder);
    for (const QString& name : dir.entryList({QString(kJournalPrefix) + "*" + kJournalSuffix}, QDir::Files | QDir::Hidden)) {
        const QString tag = name.mid(static_cast<qsizetype>(std::strlen(kJournalPrefix)),
                                     name.size() - static_cast<qsizetype>(std::strlen(kJournalPrefix) + std::strlen(kJournalSuffix)));
        if (stagingOwnerGone(tag)) notes << completeJournal(dir.filePath(name), tag);
    }
    return notes;
}

bool FileSetTransaction::isJournalName(const QString& name)
{
    return name.startsWith(kJournalPrefix) && name.endsWith(kJournalSuffix);
}

} // namespace rb::io
