#include "analysis/RiversBundleItem.h"

#include "analysis/WaterFeatureExtraction.h"
#include "analysis/WaterFeaturesJson.h"

namespace rb::analysis {

io::BundleItem riversBundleItem(std::shared_ptr<const Map> map)
{
    io::BundleItem item;
    item.role = "rivers";
    item.fileName = [](io::Engine) { return QString("rivers.json"); };
    item.format = [](io::Engine) { return QString("JSON: river centre lines, lakes and coast (docs/export.md)"); };
    item.write = [map](const io::BundleContext&, const QString& path, QString* error) -> std::optional<QJsonObject> {
        if (!map) {
            if (error) *error = path + ": no map to trace rivers on";
            return std::nullopt;
        }
        const WaterFeatures features = extractWaterFeatures(*map);
        if (!writeWaterFeatures(path, features, map->state.lattice, error)) return std::nullopt;
        QJsonObject report = waterFeaturesSummary(features);
        report["file"] = path;
        return report;
    };
    item.importSettings = [](io::Engine) {
        return QJsonObject{{"use", "river splines: per point x, y, z (metres, map frame), width, depth, velocity, discharge"}};
    };
    return item;
}

std::vector<io::BundleItem> engineBundleItems(io::Engine engine, std::shared_ptr<const Map> map)
{
    std::vector<io::BundleItem> items = io::bundleItems(engine);
    items.push_back(riversBundleItem(std::move(map)));
    return items;
}

} // namespace rb::analysis
