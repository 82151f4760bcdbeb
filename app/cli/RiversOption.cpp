#include "RiversOption.h"

#include "CliSupport.h"

#include "analysis/WaterFeatureExtraction.h"
#include "analysis/WaterFeaturesJson.h"

#include <QFileInfo>

namespace rb::cli {

void addRiversOptions(QCommandLineParser& parser)
{
    parser.addOption({"rivers", "River centre lines (with width, depth, velocity and discharge per point), lakes and coastline as JSON. "
                                "On a map simulated with --tag-springs each line counts only its own springs' water (\"bySpring\": true), "
                                "so two springs' water that touches is not counted twice.",
                      "FILE.json"});
    parser.addOption({"river-threshold", "Cells carrying at least this much water are river: a fraction of the largest cell discharge "
                                         "(e.g. 0.1, the default) or a discharge (e.g. 5m3/s).",
                      "T"});
}

std::optional<int> checkRiversOptions(const QCommandLineParser& parser)
{
    if (parser.isSet("river-threshold") && !parser.isSet("rivers")) return fail("--river-threshold needs --rivers", kExitUsage);
    if (!parser.isSet("rivers")) return std::nullopt;
    if (QFileInfo(parser.value("rivers")).suffix().toLower() != "json")
        return fail(QString("%1: --rivers writes JSON; name it .json").arg(parser.value("rivers")), kExitUsage);
    std::string error;
    if (parser.isSet("river-threshold") && !analysis::parseRiverThreshold(parser.value("river-threshold").toStdString(), &error))
        return fail("--river-threshold " + QString::fromStdString(error), kExitUsage);
    return std::nullopt;
}

std::optional<QJsonObject> exportRivers(const QCommandLineParser& parser, const Map& map)
{
    analysis::RiverThreshold threshold = analysis::kDefaultRiverThreshold;
    if (parser.isSet("river-threshold")) threshold = *analysis::parseRiverThreshold(parser.value("river-threshold").toStdString(), nullptr);
    const analysis::WaterFeatures features = analysis::extractWaterFeatures(map, threshold);
    QString error;
    if (!analysis::writeWaterFeatures(parser.value("rivers"), features, map.state.lattice, &error)) {
        fail(error);
        return std::nullopt;
    }
    return analysis::waterFeaturesSummary(features);
}

} // namespace rb::cli
