// Issue 32: `riverbed --measure MAP [--model M] [--seconds N]` opens MAP in the real window,
// plays it, steps it with no view and prints one JSON line of figures. The editor and
// riverbed-cli (which generates the map) run as child processes with their own HOME and XDG
// folders, so the user's settings and autosaves are never touched. The test checks the line's
// shape and that every figure is a positive finite number, never how fast: speed is reported
// from measurements (docs/editor.md), not asserted.
#include <QCoreApplication>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

class MeasureCommandTest : public QObject {
    Q_OBJECT

private:
    QTemporaryDir home_;
    QString mapPath_;

    QProcessEnvironment environment() const
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("HOME", home_.path());
        env.insert("XDG_DATA_HOME", home_.filePath("data"));
        env.insert("XDG_CONFIG_HOME", home_.filePath("config"));
        env.insert("XDG_CACHE_HOME", home_.filePath("cache"));
        env.insert("QT3D_RENDERER", "opengl");
        return env;
    }

    struct Run {
        int exitCode = -1;
        QByteArray out, err;
    };

    Run run(const QString& program, const QStringList& arguments, int timeoutMs)
    {
        QProcess process;
        process.setProcessEnvironment(environment());
        process.start(program, arguments);
        Run result;
        if (!process.waitForStarted(10000) || !process.waitForFinished(timeoutMs)) {
            process.kill();
            process.waitForFinished(5000);
            result.err = "did not finish: " + process.errorString().toUtf8();
            return result;
        }
        result.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
        result.out = process.readAllStandardOutput();
        result.err = process.readAllStandardError();
        return result;
    }

    // The one JSON object on stdout (Qt's own messages go to stderr).
    static QJsonObject figuresOf(const QByteArray& out)
    {
        const QList<QByteArray> lines = out.trimmed().split('\n');
        if (lines.size() != 1) return {};
        QJsonParseError error;
        const QJsonDocument document = QJsonDocument::fromJson(lines.first(), &error);
        return error.error == QJsonParseError::NoError ? document.object() : QJsonObject();
    }

    void checkMeasure(const QString& model)
    {
        const Run measure = run(RIVERBED_EDITOR_PATH, {"--measure", mapPath_, "--model", model, "--seconds", "2"}, 100000);
        QVERIFY2(measure.exitCode == 0, measure.err.constData());
        const QJsonObject figures = figuresOf(measure.out);
        QVERIFY2(!figures.isEmpty(), measure.out.constData());
        // The camera's figures too: the probe moved the camera and a picture followed each move,
        // paused and playing (a probe that asked nothing, or a view that never answered, reads 0).
        for (const char* key : {"open_seconds", "steps_per_second", "frames_per_second", "headless_steps_per_second", "orbit_seconds",
                                "zoom_seconds", "paused_orbit_seconds", "paused_zoom_seconds"}) {
            QVERIFY2(figures.value(key).isDouble(), key);
            const double value = figures.value(key).toDouble();
            QVERIFY2(std::isfinite(value) && value > 0.0, qPrintable(QString("%1 = %2").arg(key).arg(value)));
        }
        QVERIFY(figures.value("orbit_seconds_median").toDouble() <= figures.value("orbit_seconds").toDouble());
        QVERIFY(figures.value("camera_answers").toInt() >= 2);
        QCOMPARE(figures.value("model").toString(), model);
        QCOMPARE(figures.value("size").toString(), QString("64x64"));
        // Two seconds were asked for; the play is timed by the event loop, so it may run a little over.
        QVERIFY(figures.value("played_seconds").toDouble() >= 1.9);
    }

private slots:
    void initTestCase()
    {
        QVERIFY(home_.isValid());
        mapPath_ = home_.filePath("island.rbmap");
        const Run generate = run(RIVERBED_CLI_PATH, {"generate", "--preset", "island", "--size", "64", "-o", mapPath_}, 60000);
        QVERIFY2(generate.exitCode == 0, generate.err.constData());
    }

    void measuresBothModels()
    {
        checkMeasure("pipes");
        checkMeasure("momentum");
    }

    // A bad option is a usage error (status 2) before any window opens.
    void refusesBadOptions()
    {
        const Run badModel = run(RIVERBED_EDITOR_PATH, {"--measure", mapPath_, "--model", "waves"}, 30000);
        QCOMPARE(badModel.exitCode, 2);
        QVERIFY(badModel.out.isEmpty());
        const Run badSeconds = run(RIVERBED_EDITOR_PATH, {"--measure", mapPath_, "--seconds", "0"}, 30000);
        QCOMPARE(badSeconds.exitCode, 2);
    }

    // A map that does not open ends the measurement with status 1 and says why, never a JSON line.
    void failsOnMissingMap()
    {
        const Run missing = run(RIVERBED_EDITOR_PATH, {"--measure", home_.filePath("none.rbmap"), "--seconds", "1"}, 60000);
        QCOMPARE(missing.exitCode, 1);
        QVERIFY(missing.out.isEmpty());
        QVERIFY2(missing.err.contains("measure failed"), missing.err.constData());
    }
};

QTEST_GUILESS_MAIN(MeasureCommandTest)
#include "MeasureCommandTest.moc"
