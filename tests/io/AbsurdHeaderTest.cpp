// Issue 16, "Nothing lost": a header holding an absurd but finite value is refused on reading,
// with the member named; a map stepped to the step counter's limit is saved and read back as it
// is, never wrapped negative.
#include "FileLayout.h"
#include "TestMaps.h"

#include "io/map/MapFile.h"
#include "ranges/ValueRanges.h"
#include "solver/CpuSolver.h"

#include <QJsonArray>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <functional>
#include <limits>

namespace rb {
namespace {

struct AbsurdMember {
    QString object; // "" for a top-level member
    QString member;
    QString value;  // exact-number text as the file holds it
    const char* field; // what the message must name
};

std::vector<AbsurdMember> absurdMembers()
{
    return {
        {"ledger", "boundaryIn", "1.7e308", "ledger.boundaryIn"},
        {"ledger", "boundaryOut", "-1.7e308", "ledger.boundaryOut"},
        {"ledger", "springs", "1.7e308", "ledger.springs"},
        {"ledger", "drains", "-1.7e308", "ledger.drains"},
        {"ledger", "rain", "1e25", "ledger.rain"},
        {"ledger", "evaporation", "1.7e308", "ledger.evaporation"},
        {"ledger", "edited", "-1.7e308", "ledger.edited"},
        {"", "time", "1.7e308", "time"},
        {"", "steps", "9223372036854775807", "step counter"},
        {"", "steps", "-5", "step counter"},
        {"lattice", "cellSize", "1e300", "cell size (lattice.cellSize)"},
        {"lattice", "cellSize", "5e-324", "cell size (lattice.cellSize)"},
        {"params", "dt", "5e-324", "dt"},
        {"params", "dt", "1e300", "dt"},
        {"params", "gravity", "1e308", "gravity"},
        {"params", "viscosity", "1e300", "viscosity"},
        {"params", "rain", "1e308", "rain"},
        {"params", "evaporation", "1e308", "evaporation"},
    };
}

QJsonObject withMember(QJsonObject header, const AbsurdMember& row)
{
    if (row.object.isEmpty()) {
        header[row.member] = row.value;
        return header;
    }
    QJsonObject inner = header[row.object].toObject();
    inner[row.member] = row.value;
    header[row.object] = inner;
    return header;
}

// Sets `key` of the first element of the array `list`.
QJsonObject withFirstElement(QJsonObject header, const QString& list, const QString& key, const QString& value)
{
    QJsonArray array = header[list].toArray();
    QJsonObject first = array[0].toObject();
    first[key] = value;
    array[0] = first;
    header[list] = array;
    return header;
}

std::string absurdRefusal(const QByteArray& bytes)
{
    QString error;
    const std::optional<Map> map = io::decodeMap(bytes, &error);
    return map ? std::string("(accepted)") : error.toStdString();
}

TEST(AbsurdHeader, EachAbsurdMemberIsRefusedWithItsNameInTheMessage)
{
    const QByteArray file = io::encodeMap(test::randomMap(LatticeKind::Square, 9, 7, 3));
    const QJsonObject header = test::headerOf(file);
    ASSERT_EQ(absurdRefusal(test::withHeader(file, header)), "(accepted)");
    for (const AbsurdMember& row : absurdMembers()) {
        const std::string message = absurdRefusal(test::withHeader(file, withMember(header, row)));
        EXPECT_NE(message.find(row.field), std::string::npos)
            << (row.object + "." + row.member).toStdString() << " = " << row.value.toStdString() << ": " << message;
        EXPECT_NE(message.find("must lie in"), std::string::npos) << message;
    }
}

// test::randomMap's boundary: north sea, west inflow, east outflow, south wall; then a spring.
TEST(AbsurdHeader, AbsurdBoundaryValuesAndRatesAreRefusedNamingThem)
{
    const QByteArray file = io::encodeMap(test::randomMap(LatticeKind::Triangle, 9, 7, 3));
    const QJsonObject header = test::headerOf(file);
    const std::pair<QJsonObject, const char*> rows[] = {
        {withFirstElement(header, "boundary", "value", "-1e30"), "boundary segment 1 (north): sea level"},
        {withFirstElement(header, "sources", "rate", "1e308"), "spring 1: rate"},
    };
    for (const auto& [forged, field] : rows) {
        const std::string message = absurdRefusal(test::withHeader(file, forged));
        EXPECT_NE(message.find(field), std::string::npos) << message;
    }
}

TEST(AbsurdHeader, AMapAtTheStepLimitIsSavedAsItIsAndCannotStepFurther)
{
    QTemporaryDir dir;
    const QString path = dir.filePath("limit.rbmap");
    Map map;
    map.state = MapState(Lattice(LatticeKind::Square, 8, 8, 1.0));
    map.state.steps = ranges::kMaxSteps - 2;
    CpuSolver solver;
    solver.load(map);
    ASSERT_TRUE(solver.step(2).ok());
    QString error;
    ASSERT_TRUE(io::writeMapFile(path, solver.readMap(), &error)) << error.toStdString();

    const std::optional<Map> back = io::readMapFile(path, &error);
    ASSERT_TRUE(back) << error.toStdString();
    EXPECT_EQ(back->state.steps, ranges::kMaxSteps);
    solver.load(*back);
    const StepResult refused = solver.step(1);
    EXPECT_FALSE(refused.ok());
    EXPECT_NE(refused.error.find("step counter"), std::string::npos) << refused.error;
    ASSERT_TRUE(io::writeMapFile(path, solver.readMap(), &error)) << error.toStdString();
    EXPECT_EQ(io::readMapFile(path, &error)->state.steps, ranges::kMaxSteps) << "never wrapped negative";

    // A counter past the limit (or wrapped) is not written either.
    Map wrapped = solver.readMap();
    wrapped.state.steps = std::numeric_limits<std::int64_t>::min();
    EXPECT_FALSE(io::writeMapFile(path, wrapped, &error));
    EXPECT_TRUE(error.contains("step counter")) << error.toStdString();
}

} // namespace
} // namespace rb
