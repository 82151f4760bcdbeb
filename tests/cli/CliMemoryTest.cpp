// Too little memory is a message and exit 1, never std::bad_alloc's abort: under an address-space
// limit (`ulimit -v`) a large valid map, a large generation and a large import are refused with
// the size they need, on both backends, and nothing is written.
#include "io/map/MapFile.h"
#include "model/Map.h"

#include <QFile>
#include <QImage>
#include <QProcess>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <QRegularExpression>
#include <vector>

namespace {

struct LimitedRun {
    int exitCode = -1; // -1: killed by a signal (an abort)
    QString err;
};

// riverbed-cli ARGS under `ulimit -v kilobytes` (0: no limit).
LimitedRun runWithMemory(std::uint64_t kilobytes, const QStringList& args)
{
    QString command = kilobytes > 0 ? QString("ulimit -v %1; exec \"$0\"").arg(kilobytes) : QString("exec \"$0\"");
    for (int i = 0; i < args.size(); ++i) command += QString(" \"${%1}\"").arg(i + 1);
    QProcess process;
    process.start("bash", QStringList{"-c", command, RIVERBED_CLI_PATH} + args);
    process.waitForFinished(120000);
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1, QString::fromUtf8(process.readAllStandardError())};
}

constexpr std::uint64_t kLimitKb = 1'200'000; // 1.2 GB of address space: Qt and the loader fit, the big arrays do not

void expectRefusedForMemory(const LimitedRun& run)
{
    EXPECT_EQ(run.exitCode, 1) << run.err.toStdString();
    EXPECT_TRUE(run.err.contains("needs about") || run.err.contains("needs more memory") || run.err.contains("ran out of memory"))
        << run.err.toStdString();
    EXPECT_TRUE(run.err.contains("GB")) << run.err.toStdString(); // says how much
    EXPECT_FALSE(run.err.contains("bad_alloc")) << run.err.toStdString();
}

class CliMemory : public ::testing::Test {
protected:
    static void SetUpTestSuite()
    {
        dir_ = new QTemporaryDir;
        // A valid 4096² map: 0.27 GB of arrays (a small file, its depths all zero), whose solver
        // needs another gigabyte.
        const rb::Lattice lattice(rb::LatticeKind::Square, 4096, 4096, 1.0);
        rb::Map map;
        map.state = rb::MapState(lattice);
        map.boundary = {};
        QString error;
        ASSERT_TRUE(rb::io::writeMapFile(dir_->filePath("large.rbmap"), map, &error)) << error.toStdString();
        QImage heights(8000, 8000, QImage::Format_Grayscale8);
        heights.fill(40);
        ASSERT_TRUE(heights.save(dir_->filePath("large.png")));
    }
    static void TearDownTestSuite() { delete dir_; }
    static QString path(const char* name) { return dir_->filePath(name); }
    static QTemporaryDir* dir_;
};

QTemporaryDir* CliMemory::dir_ = nullptr;

TEST_F(CliMemory, SimulateRefusesALargeMapOnEitherBackend)
{
    for (const char* backend : {"cpu", "opencl"}) {
        const LimitedRun run = runWithMemory(kLimitKb, {"simulate", path("large.rbmap"), "--steps", "1", "--backend", backend, "-o", path("out.rbmap")});
        SCOPED_TRACE(backend);
        expectRefusedForMemory(run);
        EXPECT_TRUE(run.err.contains("4096×4096")) << run.err.toStdString();
        EXPECT_FALSE(QFile::exists(path("out.rbmap")));
    }
    // Without the limit the same map reads (the refusal was about memory, not the map).
    const LimitedRun unlimited = runWithMemory(0, {"info", path("large.rbmap")});
    EXPECT_EQ(unlimited.exitCode, 0) << unlimited.err.toStdString();
}

TEST_F(CliMemory, GenerateRefusesALargeMapBeforeItStarts)
{
    const LimitedRun run = runWithMemory(kLimitKb, {"generate", "--preset", "island", "--size", "8192", "-o", path("island.rbmap")});
    expectRefusedForMemory(run);
    EXPECT_TRUE(run.err.contains("8192×8192")) << run.err.toStdString();
    EXPECT_FALSE(QFile::exists(path("island.rbmap")));
}

// Qt calls a PNG it had no memory to decode "Unable to read image data": out of memory must be
// named as such, never as a damaged file.
TEST_F(CliMemory, ImportNamesMemoryNotDamageWhenAPngCannotBeDecoded)
{
    {
        QImage heights(16384, 16384, QImage::Format_Grayscale16); // at 12000² the allocation fails where it is caught already
        heights.fill(1000);
        ASSERT_TRUE(heights.save(path("large16.png")));
    }
    const LimitedRun run = runWithMemory(614'400, {"import", path("large16.png"), "--cell-size", "1", "-o", path("imported16.rbmap")});
    EXPECT_EQ(run.exitCode, 1) << run.err.toStdString();
    EXPECT_TRUE(run.err.contains("memory")) << run.err.toStdString();
    EXPECT_TRUE(run.err.contains("GB")) << run.err.toStdString();
    EXPECT_FALSE(run.err.contains("cannot decode")) << run.err.toStdString();
    EXPECT_FALSE(QFile::exists(path("imported16.rbmap")));
}

// The estimate covers the generation's measured peak: a 4096² island (peak about 1.4 GB) under a
// 1.2 GB limit is refused before it starts, not after half a minute of work.
TEST_F(CliMemory, GenerateRefusesA4096IslandThatWouldNotFit)
{
    const LimitedRun run = runWithMemory(1'228'800, {"generate", "--preset", "island", "--size", "4096", "-o", path("island4096.rbmap")});
    expectRefusedForMemory(run);
    EXPECT_TRUE(run.err.contains("generating a 4096×4096 map needs about")) << run.err.toStdString();
    EXPECT_FALSE(QFile::exists(path("island4096.rbmap")));
}

TEST_F(CliMemory, ImportRefusesALargeHeightmap)
{
    const LimitedRun run = runWithMemory(700'000, {"import", path("large.png"), "--cell-size", "1", "-o", path("imported.rbmap")});
    expectRefusedForMemory(run);
    EXPECT_FALSE(QFile::exists(path("imported.rbmap")));
}

// A run that passes the memory check must not run out of memory after its steps, while reading
// its state back to save it: that would lose the work. Over a range of limits a 2048² map either
// runs and saves, or is refused up front with the size it needs — with and without a time-mean
// flow, whose sums the check counts: at some limit the plain run goes through while the one that
// records a mean is refused before its first step.
TEST_F(CliMemory, SimulateNeverRunsOutOfMemoryAfterItsSteps)
{
    const LimitedRun generated = runWithMemory(0, {"generate", "--preset", "island", "--size", "2048", "-o", path("island2048.rbmap")});
    ASSERT_EQ(generated.exitCode, 0) << generated.err.toStdString();
    bool meanCounted = false;
    for (std::uint64_t kilobytes = 800'000; kilobytes <= 1'400'000; kilobytes += 100'000) {
        SCOPED_TRACE(kilobytes);
        const LimitedRun plain = runWithMemory(kilobytes, {"simulate", path("island2048.rbmap"), "--steps", "1", "--backend", "cpu", "-o", path("plain.rbmap")});
        const LimitedRun mean = runWithMemory(kilobytes, {"simulate", path("island2048.rbmap"), "--steps", "1", "--backend", "cpu", "--mean-from", "0", "-o", path("mean.rbmap")});
        for (const LimitedRun* run : {&plain, &mean}) {
            EXPECT_FALSE(run->err.contains("ran out of memory")) << run->err.toStdString();
            if (run->exitCode != 0) expectRefusedForMemory(*run);
        }
        if (plain.exitCode == 0 && mean.exitCode == 1) meanCounted = true;
    }
    EXPECT_TRUE(meanCounted) << "no limit in 0.8–1.4 GB let the plain run through and refused the one recording a mean";
}

// Each command's estimate against its own measured peak, on small maps where the process's
// baseline (Qt, the libraries) is most of it. The child is run by fork and exec, its peak resident
// set read with wait4 (ru_maxrss), its estimate from stderr (RIVERBED_PRINT_MEMORY_ESTIMATE).
struct Measured {
    int exitCode = -1;          // -1: killed by a signal
    std::string err;
    std::uint64_t peak = 0;     // bytes resident at most
    std::uint64_t estimate = 0; // the largest estimate the command printed
    std::uint64_t addressSpace = 0; // the address space that estimate comes to
};

// riverbed-cli ARGS in a child, stderr to `errPath`, under an address-space limit (0: none).
pid_t startCli(const QStringList& args, const std::string& errPath, std::uint64_t limitBytes)
{
    std::vector<std::string> words{RIVERBED_CLI_PATH};
    for (const QString& arg : args) words.push_back(arg.toStdString());
    std::vector<char*> argv;
    for (std::string& word : words) argv.push_back(word.data());
    argv.push_back(nullptr);
    const pid_t pid = fork();
    if (pid != 0) return pid;
    dup2(open(errPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644), 2);
    dup2(open("/dev/null", O_WRONLY), 1);
    if (limitBytes > 0) {
        const rlimit limit{limitBytes, limitBytes};
        setrlimit(RLIMIT_AS, &limit);
    }
    setenv("RIVERBED_PRINT_MEMORY_ESTIMATE", "1", 1);
    execv(argv[0], argv.data());
    _exit(127);
}

// The largest of the estimates the command printed, and the address space it comes to.
void readEstimate(Measured& run)
{
    static const QRegularExpression line("memory estimate: .*: (\\d+) bytes, (\\d+) bytes of address space");
    for (auto match = line.globalMatch(QString::fromStdString(run.err)); match.hasNext();) {
        const QRegularExpressionMatch m = match.next();
        const std::uint64_t estimate = m.captured(1).toULongLong();
        if (estimate <= run.estimate) continue;
        run.estimate = estimate;
        run.addressSpace = m.captured(2).toULongLong();
    }
}

Measured runMeasured(const QStringList& args, const QString& errFile, std::uint64_t limitBytes = 0)
{
    Measured run;
    const pid_t pid = startCli(args, errFile.toStdString(), limitBytes);
    int status = 0;
    rusage usage{};
    if (pid < 0 || wait4(pid, &status, 0, &usage) != pid) return run;
    run.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    run.peak = static_cast<std::uint64_t>(usage.ru_maxrss) * 1024;
    QFile file(errFile);
    if (file.open(QIODevice::ReadOnly)) run.err = file.readAll().toStdString();
    readEstimate(run);
    return run;
}

class CliMemoryEstimate : public ::testing::TestWithParam<int> {
protected:
    void SetUp() override
    {
        ASSERT_TRUE(dir_.isValid());
        const int side = GetParam();
        generateArgs_ = {"generate", "--preset", "island", "--size", QString::number(side), "-o", path("island.rbmap")};
        const Measured generated = runMeasured(generateArgs_, path("err.txt"));
        ASSERT_EQ(generated.exitCode, 0) << generated.err;
        const Measured exported = runMeasured({"export", path("island.rbmap"), "--terrain", path("heights.png")}, path("err.txt"));
        ASSERT_EQ(exported.exitCode, 0) << exported.err;
    }
    QString path(const char* name) const { return dir_.filePath(name); }
    // Every command the estimates cover, on this map.
    std::vector<std::pair<const char*, QStringList>> commands() const
    {
        const QString map = path("island.rbmap");
        const QStringList simulate{"simulate", map, "--steps", "3", "-o", path("simulated.rbmap")};
        return {{"generate", generateArgs_},
                {"import", {"import", path("heights.png"), "--cell-size", "2", "-o", path("imported.rbmap")}},
                {"simulate pipes", simulate + QStringList{"--model", "pipes"}},
                {"simulate momentum", simulate + QStringList{"--model", "momentum"}},
                {"simulate pipes, dye", simulate + QStringList{"--model", "pipes", "--dye-release", "100,100,50,0"}},
                {"simulate momentum, four dyes", simulate + QStringList{"--model", "momentum", "--dye-release", "100,100,50,3"}},
                {"simulate momentum, erosion", simulate + QStringList{"--model", "momentum", "--erosion"}},
                {"simulate pipes, erosion", simulate + QStringList{"--model", "pipes", "--erosion"}},
                {"export layers", {"export", map, "--terrain", path("t.png"), "--water-depth", path("w.exr"), "--velocity", path("v.tif")}},
                {"export glTF", {"export", map, "--gltf", path("g.glb")}},
                {"export bundle", {"export", map, "--bundle", path("bundle"), "--engine", "unity", "--force"}}};
    }
    QTemporaryDir dir_;
    QStringList generateArgs_;
};

// Within 15% of the measured peak either way: high enough to refuse what would not fit, not so
// high that it refuses what would.
TEST_P(CliMemoryEstimate, EachCommandsEstimateIsWithin15PercentOfItsPeak)
{
    for (const auto& [name, args] : commands()) {
        SCOPED_TRACE(name);
        const Measured run = runMeasured(args, path("err.txt"));
        ASSERT_EQ(run.exitCode, 0) << run.err;
        ASSERT_GT(run.estimate, 0u) << "no estimate printed: " << run.err;
        const double ratio = static_cast<double>(run.estimate) / static_cast<double>(run.peak);
        EXPECT_GE(ratio, 0.85) << "estimate " << run.estimate << " bytes, peak " << run.peak;
        EXPECT_LE(ratio, 1.15) << "estimate " << run.estimate << " bytes, peak " << run.peak;
    }
}

// An address-space limit just under what the estimate comes to is refused before the work, with
// the size it needs; a little over it, the command runs to the end.
TEST_P(CliMemoryEstimate, ALimitJustUnderTheEstimateIsRefusedUpFrontJustOverItRuns)
{
    for (const auto& [name, args] : commands()) {
        SCOPED_TRACE(name);
        const Measured unlimited = runMeasured(args, path("err.txt"));
        ASSERT_EQ(unlimited.exitCode, 0) << unlimited.err;
        const Measured under = runMeasured(args, path("err.txt"), unlimited.addressSpace / 100 * 98);
        EXPECT_EQ(under.exitCode, 1) << under.err;
        EXPECT_NE(under.err.find("needs about"), std::string::npos) << under.err;
        EXPECT_EQ(under.err.find("ran out of memory"), std::string::npos) << under.err;
        EXPECT_LT(under.peak, unlimited.peak) << "refused after the work"; // before the big arrays
        const Measured over = runMeasured(args, path("err.txt"), unlimited.addressSpace / 100 * 110);
        EXPECT_EQ(over.exitCode, 0) << over.err;
    }
}

INSTANTIATE_TEST_SUITE_P(SmallMaps, CliMemoryEstimate, ::testing::Values(256, 512));

} // namespace
