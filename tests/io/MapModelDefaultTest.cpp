// Issue 30: new maps run the momentum model, but a file that names no flow model is a map from
// before the momentum model existed, and keeps the pipes it was made with (docs/map-format.md).
#include "FileLayout.h"
#include "TestMaps.h"
#include "io/map/MapFile.h"

#include <gtest/gtest.h>

namespace rb {
namespace {

TEST(MapModelDefault, AHeaderWithoutAModelIsAPipesMap)
{
    for (const LatticeKind kind : {LatticeKind::Square, LatticeKind::Triangle}) {
        const Map map = test::randomMap(kind, 9, 7, 3);
        ASSERT_EQ(map.params.model, FlowModel::Pipes);
        const QByteArray bytes = io::encodeMap(map);
        QJsonObject header = test::headerOf(bytes);
        QJsonObject params = header["params"].toObject();
        ASSERT_TRUE(params.contains("model")) << "the writer names the model";
        params.remove("model");
        header["params"] = params;
        QString error;
        const std::optional<Map> back = io::decodeMap(test::withHeader(bytes, header), &error);
        ASSERT_TRUE(back) << error.toStdString();
        EXPECT_EQ(back->params.model, FlowModel::Pipes);
        EXPECT_EQ(back->params.manning, 0.0);
    }
}

} // namespace
} // namespace rb
