#include "io/text/JsonFields.h"

#include "io/text/ExactNumber.h"

#include <cmath>
#include <utility>

namespace rb::io {

JsonFields::JsonFields(const QJsonObject& object, QString path)
    : JsonFields(object, std::move(path), std::make_shared<Error>())
{
}

JsonFields::JsonFields(const QJsonObject& object, QString path, std::shared_ptr<Error> error)
    : object_(object), path_(std::move(path)), error_(std::move(error))
{
}

void JsonFields::record(const QString& message, bool structural) const
{
    if (!error_->message.isEmpty()) return;
    error_->message = message;
    error_->structural = structural;
}

QString JsonFields::pathOf(const QString& key) const
{
    return "'" + (path_.isEmpty() ? key : path_ + "." + key) + "'";
}

QJsonValue JsonFields::member(const QString& key) const
{
    const QJsonValue value = object_.value(key);
    if (value.isUndefined()) record(QString("%1 is missing").arg(pathOf(key)), true);
    return value;
}

QJsonValue JsonFields::typed(const QString& key, bool (QJsonValue::*is)() const, const char* expected) const
{
    const QJsonValue value = member(key);
    if (!value.isUndefined() && !(value.*is)()) wrongType(key, expected);
    return value;
}

void JsonFields::wrongType(const QString& key, const char* expected) const
{
    record(QString("%1 must be %2").arg(pathOf(key), expected), true);
}

JsonFields JsonFields::child(const QString& key) const
{
    const QJsonValue value = typed(key, &QJsonValue::isObject, "an object");
    return JsonFields(value.toObject(), path_.isEmpty() ? key : path_ + "." + key, error_);
}

JsonFields JsonFields::element(const QJsonArray& array, int i, const QString& key) const
{
    const QString path = QString("%1[%2]").arg(path_.isEmpty() ? key : path_ + "." + key).arg(i);
    if (!array.at(i).isObject()) record(QString("'%1' must be an object").arg(path), true);
    return JsonFields(array.at(i).toObject(), path, error_);
}

QJsonArray JsonFields::array(const QString& key) const
{
    return typed(key, &QJsonValue::isArray, "an array").toArray();
}

double JsonFields::exactNumber(const QString& key) const
{
    const QJsonValue value = member(key);
    if (value.isUndefined()) return 0.0;
    const std::optional<double> parsed = parseExactDouble(value.toString().toStdString());
    if (!value.isString() || !parsed) {
        wrongType(key, "a finite number written as a string (e.g. \"0.05\")");
        return 0.0;
    }
    return *parsed;
}

std::int64_t JsonFields::exactInt64(const QString& key) const
{
    const QJsonValue value = member(key);
    if (value.isUndefined()) return 0;
    const std::optional<std::int64_t> parsed = parseInt64(value.toString().toStdString());
    if (!value.isString() || !parsed) {
        wrongType(key, "a 64-bit integer written as a string (e.g. \"120\")");
        return 0;
    }
    return *parsed;
}

double JsonFields::number(const QString& key) const
{
    const QJsonValue value = member(key);
    if (value.isUndefined()) return 0.0;
    if (!value.isDouble() || !std::isfinite(value.toDouble())) {
        wrongType(key, "a finite number");
        return 0.0;
    }
    return value.toDouble();
}

int JsonFields::integer(const QString& key, int min, int max) const
{
    const QJsonValue value = member(key);
    if (value.isUndefined()) return min;
    const double d = value.toDouble();
    if (!value.isDouble() || d != std::floor(d) || d < min || d > max) {
        record(QString("%1 must be a whole number in %2..%3").arg(pathOf(key)).arg(min).arg(max), !value.isDouble());
        return min;
    }
    return static_cast<int>(d);
}

bool JsonFields::boolean(const QString& key) const
{
    return typed(key, &QJsonValue::isBool, "true or false").toBool();
}

QString JsonFields::string(const QString& key) const
{
    return typed(key, &QJsonValue::isString, "a string").toString();
}

} // namespace rb::io
