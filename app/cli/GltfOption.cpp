#include "GltfOption.h"

#include "CliSupport.h"

#include "io/mesh/GltfExport.h"
#include "model/MapState.h"

namespace rb::cli {
namespace {

std::optional<std::size_t> triangleBudget(const QCommandLineParser& parser)
{
    if (!parser.isSet("triangles")) return io::GltfSettings{}.triangles;
    bool ok = false;
    const qlonglong value = parser.value("triangles").toLongLong(&ok);
    if (!ok || value < static_cast<qlonglong>(io::kMinGltfTriangles) || value > static_cast<qlonglong>(io::kMaxGltfTriangles)) return std::nullopt;
    return static_cast<std::size_t>(value);
}

} // namespace

void addGltfOptions(QCommandLineParser& parser)
{
    parser.addOption({"gltf", "Terrain and water meshes as binary glTF 2.0 (Y up, metres; see docs/export.md).", "FILE.glb"});
    parser.addOption({"triangles", QString("Triangle budget of the glTF terrain mesh, and separately of its water mesh. Default: %1.")
                                       .arg(io::GltfSettings{}.triangles), "N"});
}

bool gltfRequested(const QCommandLineParser& parser)
{
    return parser.isSet("gltf");
}

std::optional<int> checkGltfRequest(const QCommandLineParser& parser)
{
    if (parser.isSet("triangles") && !gltfRequested(parser)) return fail("--triangles applies to --gltf only", kExitUsage);
    if (!gltfRequested(parser)) return std::nullopt;
    if (const QString problem = io::gltfRequestProblem(parser.value("gltf")); !problem.isEmpty()) return fail(problem, kExitUsage);
    if (!triangleBudget(parser))
        return fail(QString("--triangles expects a whole number from %1 to %2, got '%3'")
                        .arg(io::kMinGltfTriangles).arg(io::kMaxGltfTriangles).arg(parser.value("triangles")),
                    kExitUsage);
    return std::nullopt;
}

bool writeGltf(const QCommandLineParser& parser, const MapState& state, QJsonObject& files, QJsonObject& details)
{
    io::GltfSettings settings;
    settings.triangles = *triangleBudget(parser);
    QString error;
    const std::optional<QJsonObject> report = io::exportGltf(state, parser.value("gltf"), settings, &error);
    if (!report) {
        fail(error);
        return false;
    }
    for (const char* mesh : {"terrain", "water"})
        if (const QString note = (*report)[mesh].toObject()["note"].toString(); !note.isEmpty())
            notice(QString("%1: %2 mesh over its triangle budget: %3").arg(parser.value("gltf"), mesh, note));
    files["gltf"] = parser.value("gltf");
    details["gltf"] = *report;
    return true;
}

} // namespace rb::cli
