// Issue 16: the real editor, killed with SIGKILL after an autosave, offers that autosave at the next
// start, and the restored map is the autosaved one bit for bit. Both runs are `riverbed` child
// processes with their own HOME and XDG folders (so the user's files are never touched) and an
// autosave every second (RIVERBED_AUTOSAVE_SECONDS); the restart answers the question through
// RIVERBED_AUTO_RECOVER. The restored editor's own first autosave shows what its solver holds.
#include "TestScenes.h"

#include "io/map/MapFile.h"

#include <QCoreApplication>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <functional>

namespace {

// The editor's recovery folder is wherever QStandardPaths puts the application's data under
// XDG_DATA_HOME; found by looking, not by repeating Qt's rule.
QString findFile(const QString& root, const QString& name)
{
    QDirIterator files(root, {name}, QDir::Files, QDirIterator::Subdirectories);
    return files.hasNext() ? files.next() : QString();
}

QJsonObject readJson(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) return {};
    return QJsonDocument::fromJson(file.readAll()).object();
}

bool waitUntil(const std::function<bool()>& ready, int timeoutMs)
{
    QElapsedTimer timer;
    timer.start();
    while (!ready()) {
        if (timer.elapsed() > timeoutMs) return false;
        QTest::qWait(50);
    }
    return true;
}

} // namespace

class CrashRecoveryTest : public QObject {
    Q_OBJECT

private:
    QTemporaryDir home_;
    QString dataHome() const { return home_.filePath("data"); }

    QProcessEnvironment environment() const
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("HOME", home_.path());
        env.insert("XDG_DATA_HOME", dataHome());
        env.insert("XDG_CONFIG_HOME", home_.filePath("config"));
        env.insert("XDG_CACHE_HOME", home_.filePath("cache"));
        env.insert("RIVERBED_AUTOSAVE_SECONDS", "1");
        env.insert("QT3D_RENDERER", "opengl");
        env.remove("RIVERBED_AUTO_RECOVER");
        return env;
    }

    void start(QProcess& editor, const QStringList& arguments, const QProcessEnvironment& env)
    {
        editor.setProcessEnvironment(env);
        editor.setProgram(RIVERBED_EDITOR_PATH);
        editor.setArguments(arguments);
        editor.start();
        QVERIFY2(editor.waitForStarted(10000), qPrintable(editor.errorString()));
    }

    static void kill(QProcess& editor)
    {
        ::kill(static_cast<pid_t>(editor.processId()), SIGKILL);
        editor.waitForFinished(10000); // reaped: its PID is gone
    }

private slots:
    void initTestCase()
    {
        QVERIFY(home_.isValid());
    }

    void killedEditorsAutosaveIsRestoredBitwise()
    {
        // The lake at rest: its steps still count as unsaved work, so it is autosaved.
        const QString mapPath = home_.filePath("lake.rbmap");
        QString error;
        QVERIFY2(rb::io::writeMapFile(mapPath, rb::guitest::LakeScene::make(), &error), qPrintable(error));

        QProcess first;
        start(first, {"--play", mapPath}, environment());
        const QString firstName = QString("recovery-%1").arg(first.processId());
        QString firstInfo;
        // An autosave of water that has moved (the map is modified only once it has).
        const bool autosaved = waitUntil(
            [&] {
                firstInfo = findFile(dataHome(), firstName + ".json");
                return !firstInfo.isEmpty() && readJson(firstInfo)["steps"].toDouble() > 0;
            },
            60000);
        if (!autosaved) kill(first);
        QVERIFY2(autosaved, qPrintable(first.readAllStandardError()));
        kill(first);
        QCOMPARE(first.exitStatus(), QProcess::CrashExit);

        const QString firstMap = findFile(dataHome(), firstName + ".rbmap");
        QFile file(firstMap);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray autosavedBytes = file.readAll();
        file.close();
        const auto autosavedMap = rb::io::decodeMap(autosavedBytes, &error);
        QVERIFY2(autosavedMap, qPrintable(error)); // whole, though killed at any moment
        const QJsonObject info = readJson(firstInfo);
        QCOMPARE(info["document"].toString(), QString("lake"));
        QCOMPARE(info["file"].toString(), mapPath);
        QVERIFY(autosavedMap->state.steps > 0);

        QProcessEnvironment restoring = environment();
        restoring.insert("RIVERBED_AUTO_RECOVER", "restore");
        QProcess second;
        start(second, {}, restoring);
        const QString secondName = QString("recovery-%1").arg(second.processId());
        // Its own autosave (the restored map is unsaved): the note then names it as the writer.
        QString secondInfo;
        const bool restored = waitUntil(
            [&] {
                secondInfo = findFile(dataHome(), secondName + ".json");
                return !secondInfo.isEmpty() && readJson(secondInfo)["pid"].toDouble() == static_cast<double>(second.processId());
            },
            60000);
        const QByteArray secondMap = [&] {
            QFile f(findFile(dataHome(), secondName + ".rbmap"));
            return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
        }();
        kill(second);
        const QString said = QString::fromLocal8Bit(second.readAllStandardError());
        QVERIFY2(restored, qPrintable(said));

        QVERIFY2(said.contains("an autosave is left of “lake”") && said.contains("restoring it"), qPrintable(said));
        QVERIFY(findFile(dataHome(), firstName + ".rbmap").isEmpty()); // taken over, not left to offer twice
        QCOMPARE(readJson(secondInfo)["file"].toString(), mapPath);    // still the lake's file
        const auto secondDecoded = rb::io::decodeMap(secondMap, &error);
        QVERIFY2(secondDecoded, qPrintable(error));
        QCOMPARE(secondDecoded->state.steps, autosavedMap->state.steps);
        QVERIFY(secondMap == autosavedBytes); // the solver holds exactly what was autosaved
    }
};

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    CrashRecoveryTest test;
    return QTest::qExec(&test, argc, argv);
}

#include "CrashRecoveryTest.moc"
