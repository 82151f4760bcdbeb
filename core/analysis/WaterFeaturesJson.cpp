#include "analysis/WaterFeaturesJson.h"

#include "io/transaction/AtomicFile.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace rb::analysis {
namespace {

QJsonArray pointsJson(const Polyline& line)
{
    QJsonArray points;
    for (const WorldPoint& p : line) points.append(QJsonArray{p.x, p.y});
    return points;
}

QJsonObject riverPointJson(const RiverPoint& p)
{
    return {{"x", p.x},         {"y", p.y},   {"z", p.z},   {"width", p.width},        {"depth", p.depth},
            {"velocity", p.velocity}, {"vx", p.vx}, {"vy", p.vy}, {"discharge", p.discharge}};
}

QJsonObject riverJson(const River& river)
{
    QJsonArray points;
    for (const RiverPoint& p : river.points) points.append(riverPointJson(p));
    const bool joins = river.downstream >= 0;
    return {{"id", river.id},
            {"downstream", joins ? QJsonValue(river.downstream) : QJsonValue()},
            {"joinsAt", joins ? QJsonValue(river.joinIndex) : QJsonValue()},
            {"end", QString::fromUtf8(riverEndName(river.end).data())},
            {"lake", river.lake >= 0 ? QJsonValue(river.lake) : QJsonValue()},
            {"points", points}};
}

} // namespace

QJsonObject waterFeaturesJson(const WaterFeatures& features, const Lattice& lattice)
{
    QJsonArray rivers, lakes, coast;
    for (const River& river : features.rivers) rivers.append(riverJson(river));
    for (const Lake& lake : features.lakes) lakes.append(QJsonObject{{"level", lake.level}, {"area", lake.area}, {"polygon", pointsJson(lake.polygon)}});
    for (const Polyline& line : features.coast) coast.append(pointsJson(line));
    return {
        {"version", kWaterFeaturesVersion},
        {"units", QJsonObject{{"length", "m"}, {"velocity", "m/s"}, {"discharge", "m3/s"}, {"area", "m2"}}},
        {"axes", QJsonObject{{"origin", "north-west corner of the map"}, {"x", "east"}, {"y", "south"}, {"z", "up (elevation)"}}},
        {"lattice", QString::fromUtf8(latticeKindName(lattice.kind()).data())},
        {"cellSize", lattice.cellSize()},
        {"mapWidth", lattice.worldWidth()},
        {"mapHeight", lattice.worldHeight()},
        {"riverThreshold", features.riverThreshold},
        {"bySpring", features.byOrigin},
        {"seaLevel", features.hasSea ? QJsonValue(features.seaLevel) : QJsonValue()},
        {"rivers", rivers},
        {"lakes", lakes},
        {"coast", coast},
    };
}

bool writeWaterFeatures(const QString& path, const WaterFeatures& features, const Lattice& lattice, QString* error)
{
    return io::writeFileAtomically(path, QJsonDocument(waterFeaturesJson(features, lattice)).toJson(QJsonDocument::Indented), error);
}

QJsonObject waterFeaturesSummary(const WaterFeatures& features)
{
    return QJsonObject{{"rivers", static_cast<int>(features.rivers.size())},
                       {"lakes", static_cast<int>(features.lakes.size())},
                       {"coastLines", static_cast<int>(features.coast.size())},
                       {"riverThreshold", features.riverThreshold},
                       {"bySpring", features.byOrigin}};
}

} // namespace rb::analysis
