// The simulation parameter table (core/model/SimParamTable): every row is honoured by the map
// header and by SimParams::validate, so a new row needs nothing there. The CLI's side is in
// tests/cli/CliSimulateOptionsTest.cpp, the dock's in tests/gui/SimulationDockTest.cpp.
#include "io/map/MapHeader.h"
#include "model/Map.h"
#include "model/SimParamTable.h"

#include <gtest/gtest.h>

#include <QJsonObject>

#include <set>
#include <string>

namespace rb {
namespace {

QString text(std::string_view view)
{
    return QString::fromUtf8(view.data(), static_cast<qsizetype>(view.size()));
}

// Within the range and unlike any default.
double sampleValue(const SimParamSpec& spec)
{
    return spec.minimum + std::min(0.25 * (spec.maximum - spec.minimum), 0.125);
}

TEST(SimParamTable, KeysOptionsAndInfoKeysAreUniqueAndEveryRangeIsOpen)
{
    std::set<std::string_view> keys, options, infoKeys;
    for (const SimParamSpec& spec : simParamTable()) {
        EXPECT_TRUE(keys.insert(spec.key).second) << spec.key;
        EXPECT_TRUE(options.insert(spec.option).second) << spec.option;
        EXPECT_TRUE(infoKeys.insert(spec.infoKey).second) << spec.infoKey;
        EXPECT_LT(spec.minimum, spec.maximum) << spec.key;
        EXPECT_NE(spec.models, 0u) << spec.key;
        EXPECT_GT(spec.siPerShown, 0.0) << spec.key;
    }
}

TEST(SimParamTable, EveryRowGoesThroughTheMapHeaderAndBack)
{
    for (const SimParamSpec& spec : simParamTable()) {
        Map map;
        map.state = MapState(Lattice(LatticeKind::Square, 4, 4, 1.0));
        map.params.*spec.field = sampleValue(spec);
        const QJsonObject json = io::headerToJson(map);
        QString error;
        const std::optional<io::MapHeader> header = io::headerFromJson(json, &error);
        ASSERT_TRUE(header) << spec.key << ": " << error.toStdString();
        EXPECT_EQ(header->params.*spec.field, sampleValue(spec)) << spec.key;
        EXPECT_EQ(header->params, map.params) << spec.key;

        // At 0 a newer parameter stays out of the header (older readers take the map); a required
        // one missing is refused.
        map.params.*spec.field = 0.0;
        QJsonObject params = io::headerToJson(map)["params"].toObject();
        EXPECT_EQ(params.contains(text(spec.key)), spec.header != HeaderPresence::WhenSet) << spec.key;
        params.remove(text(spec.key));
        QJsonObject without = io::headerToJson(map);
        without["params"] = params;
        EXPECT_EQ(io::headerFromJson(without, &error).has_value(), spec.header != HeaderPresence::Required) << spec.key;
    }
}

TEST(SimParamTable, ValidateRefusesEveryRowOutsideItsRangeByName)
{
    for (const SimParamSpec& spec : simParamTable()) {
        SimParams params;
        params.*spec.field = sampleValue(spec);
        EXPECT_EQ(params.validate(), "") << spec.key;
        for (const double wrong : {spec.minimum - 1.0, spec.maximum * 2 + 1, std::nan("")}) {
            params.*spec.field = wrong;
            EXPECT_EQ(params.validate().rfind(std::string(spec.name) + " must lie in", 0), 0u) << spec.key << " = " << wrong << ": " << params.validate();
        }
    }
}

} // namespace
} // namespace rb
