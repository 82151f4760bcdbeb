#include "io/raster/Sidecar.h"

#include "io/text/JsonFields.h"
#include "io/transaction/AtomicFile.h"
#include "lattice/Lattice.h"

#include <QFile>
#include <QJsonDocument>

namespace rb::io {
namespace {

constexpr qint64 kMaxSidecarBytes = 1 << 20; // a sidecar is a few hundred bytes

const char* rowsName(bool southRowFirst)
{
    return southRowFirst ? "south-to-north" : "north-to-south";
}

std::optional<bool> parseRows(const JsonFields& fields, const QJsonObject& object)
{
    if (!object.contains("rows")) return false;
    const QString rows = fields.string("rows");
    if (rows == rowsName(false)) return false;
    if (rows == rowsName(true)) return true;
    fields.fail(QString("'rows' must be \"north-to-south\" or \"south-to-north\", got '%1'").arg(rows));
    return std::nullopt;
}

std::optional<GridSize> parseSize(const JsonFields& fields, const QJsonObject& object)
{
    if (!object.contains("width") && !object.contains("height")) return std::nullopt;
    return GridSize{fields.integer("width", 1, Lattice::kMaxSide), fields.integer("height", 1, Lattice::kMaxSide)};
}

std::optional<QJsonObject> readObject(const QString& path, QString* error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = QString("%1: cannot open: %2").arg(path, file.errorString());
        return std::nullopt;
    }
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(file.read(kMaxSidecarBytes), &parseError);
    if (!document.isObject()) {
        *error = QString("%1: not a JSON object with \"min\" and \"max\" (%2)").arg(path, parseError.errorString());
        return std::nullopt;
    }
    return document.object();
}

} // namespace

QString sidecarPath(const QString& rasterPath)
{
    return rasterPath + ".json";
}

std::optional<Sidecar> readSidecar(const QString& path, QString* error)
{
    const std::optional<QJsonObject> object = readObject(path, error);
    if (!object) return std::nullopt;
    const JsonFields fields(*object);
    const double low = fields.number("min");
    const double high = fields.number("max");
    const std::optional<bool> southRowFirst = parseRows(fields, *object);
    const std::optional<GridSize> size = parseSize(fields, *object);
    if (!fields.ok()) {
        *error = path + ": " + fields.error();
        return std::nullopt;
    }
    const std::optional<HeightRange> range = checkedHeightRange(low, high, error);
    if (!range) {
        *error = path + ": " + *error;
        return std::nullopt;
    }
    return Sidecar{*range, *southRowFirst, size};
}

QJsonObject sidecarJson(const Sidecar& sidecar)
{
    QJsonObject json{{"min", sidecar.range.low}, {"max", sidecar.range.high}, {"rows", rowsName(sidecar.southRowFirst)}};
    if (sidecar.size) {
        json["width"] = sidecar.size->width;
        json["height"] = sidecar.size->height;
    }
    return json;
}

bool writeJsonFile(const QString& path, const QJsonObject& object, QString* error)
{
    return writeFileAtomically(path, QJsonDocument(object).toJson(QJsonDocument::Indented), error);
}

} // namespace rb::io
